import HearthCore

/// What the sync engine needs from the store. `MailStore` (HearthStore) provides all of it; the
/// engine depends only on the domain protocols, so it can be tested with fakes.
public typealias SyncStore = AccountRepository & FolderRepository & EmailRepository & ThreadRepository & ActionJournalRepository

