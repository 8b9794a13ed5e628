import HearthCore

/// What the sync engine needs from the store. `MailStore` (HearthStore) provides all of it; the
/// engine depends only on the domain protocols, so it can be tested with fakes. Contacts: every
/// From/To/Cc of synced mail feeds autocomplete; local compositions: a saved draft's server copy
/// is not stored a second time.
public typealias SyncStore = AccountRepository & FolderRepository & EmailRepository & ThreadRepository & ActionJournalRepository
    & ContactRepository & LocalCompositionLookup

