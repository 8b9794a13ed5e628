import Foundation

/// Reads and writes the FR-SET-01 settings with validation and defaults. Every write is
/// committed before it returns (NFR-SET-01: a kill -9 right after loses nothing).
///
/// Display name and sync window are columns of the account; other per-account settings live in
/// `AccountSettingsRepository`, app-wide ones in `SettingsRepository`.
public struct SettingsService: Sendable {
    public static let syncWindowReductionNotice =
        "Reducing the sync window will remove local copies of older emails. Server emails are not affected."

    let app: any SettingsRepository
    let perAccount: any AccountSettingsRepository
    let accounts: any AccountRepository

    public init(app: any SettingsRepository, perAccount: any AccountSettingsRepository, accounts: any AccountRepository) {
        self.app = app; self.perAccount = perAccount; self.accounts = accounts
    }

    /// One setting's current value as text ("on"/"off", numbers, names), defaults filled in.
    public func value(_ setting: Setting, account: AccountID? = nil) throws(SettingsError) -> String {
        switch setting.scope {
        case .app:
            guard account == nil else { throw .scope("\(setting.rawValue) is app-wide; leave out the account") }
            let stored = try wrap { () throws(StoreError) in try app.value(for: setting.storageKey) }
            return stored ?? defaultValue(setting)
        case .account:
            guard let account else { throw .scope("\(setting.rawValue) is set per account; name the account") }
            guard let row = try wrap({ () throws(StoreError) in try accounts.account(account) }) else {
                throw .unknownAccount(account.description)
            }
            switch setting {
            case .displayName: return row.displayName
            case .syncWindow: return row.syncWindowDays.map(String.init) ?? "all"
            default:
                let stored = try wrap { () throws(StoreError) in try perAccount.accountSetting(setting.storageKey, account: account) }
                return stored ?? defaultValue(setting)
            }
        }
    }

    /// The outcome of a change: what the user should be told, and whether local mail must be
    /// purged (the sync window shrank).
    public struct Change: Sendable, Equatable {
        public var setting: Setting
        public var account: AccountID?
        public var oldValue: String
        public var newValue: String
        /// Shown to the user (e.g. the sync window notice); nil when there is nothing to say.
        public var notice: String?
        /// Days of the new, smaller window when local mail outside it should now be purged.
        public var purgeOutsideDays: Int?
    }

    /// Validates and stores a value. Reducing the sync window throws `.confirmationRequired`
    /// with the spec's notice unless `confirmed`.
    @discardableResult
    public func set(_ setting: Setting, to text: String, account: AccountID? = nil,
                    confirmed: Bool = false) throws(SettingsError) -> Change {
        let old = try value(setting, account: account)
        let normalized = try normalize(setting, text)
        var change = Change(setting: setting, account: account, oldValue: old, newValue: normalized)
        switch setting {
        case .appLock:
            // Turning it off is a plain change; on needs the passphrase (AppLock).
            if normalized == "on" { throw .useAppLock }
            try wrap { () throws(StoreError) in try app.setValue(normalized, for: setting.storageKey) }
        case .defaultAccount:
            guard let id = Int64(normalized), try wrap({ () throws(StoreError) in try accounts.account(AccountID(id)) }) != nil else {
                throw .unknownAccount(normalized)
            }
            try wrap { () throws(StoreError) in try app.setValue(normalized, for: setting.storageKey) }
        case .displayName, .syncWindow:
            guard let account, var row = try wrap({ () throws(StoreError) in try accounts.account(account) }) else {
                throw .unknownAccount(account?.description ?? "")
            }
            if setting == .displayName {
                row.displayName = normalized
            } else {
                let days = Int(normalized)
                if let days, days < (row.syncWindowDays ?? Int.max) {
                    guard confirmed else { throw .confirmationRequired(Self.syncWindowReductionNotice) }
                    change.notice = Self.syncWindowReductionNotice
                    change.purgeOutsideDays = days
                }
                row.syncWindowDays = days
            }
            try wrap { () throws(StoreError) in try accounts.update(row) }
        case .notifications, .attachmentCacheLimit:
            guard let account else { throw .scope("\(setting.rawValue) is set per account; name the account") }
            try wrap { () throws(StoreError) in try perAccount.setAccountSetting(normalized, for: setting.storageKey, account: account) }
        default:
            try wrap { () throws(StoreError) in try app.setValue(normalized, for: setting.storageKey) }
        }
        return change
    }

    /// Every setting that applies: app-wide ones, then each account's.
    public func all() throws(SettingsError) -> [(setting: Setting, account: Account?, value: String)] {
        var out: [(setting: Setting, account: Account?, value: String)] = []
        for setting in Setting.allCases where setting.scope == .app {
            out.append((setting, nil, try value(setting)))
        }
        for account in try wrap({ () throws(StoreError) in try accounts.accounts() }) {
            guard let id = account.id else { continue }
            for setting in Setting.allCases where setting.scope == .account {
                out.append((setting, account, try value(setting, account: id)))
            }
        }
        return out
    }

    // MARK: Typed accessors for the rest of the app

    public var theme: Theme { (try? value(.theme)).flatMap(Theme.init(rawValue:)) ?? .system }
    public var undoSendDelaySeconds: Int { (try? value(.undoSendDelay)).flatMap(Int.init) ?? 5 }
    public var isAppLockEnabled: Bool { (try? value(.appLock)) == "on" }

    /// Categories whose tab is shown (FR-SET-01: the spec's four on by default, Forums off).
    public var visibleCategoryTabs: Set<AICategory> {
        Set(Setting.allCases.compactMap { setting in
            guard let category = setting.category else { return nil }
            return ((try? value(setting)) ?? defaultValue(setting)) == "on" ? category : nil
        })
    }

    /// The account for new messages: the stored choice while it exists, else the first added.
    public func defaultAccount() throws(SettingsError) -> Account? {
        let all = try wrap { () throws(StoreError) in try accounts.accounts() }
        if let id = Int64(try value(.defaultAccount)), let chosen = all.first(where: { $0.id?.rawValue == id }) {
            return chosen
        }
        return all.first { $0.isActive && $0.authType != .local } ?? all.first
    }

    public func notificationsEnabled(_ account: AccountID) -> Bool {
        (try? value(.notifications, account: account)) != "off"
    }

    public func attachmentCacheLimitBytes(_ account: AccountID) -> Int64 {
        let megabytes = (try? value(.attachmentCacheLimit, account: account)).flatMap(Int64.init)
            ?? Int64(Setting.defaultAttachmentCacheLimitMB)
        return megabytes * 1_000_000
    }

    /// Stores the app-lock flag; only `AppLock` calls this with true, after saving the hash.
    public func setAppLockFlag(_ enabled: Bool) throws(SettingsError) {
        try wrap { () throws(StoreError) in try app.setValue(enabled ? "on" : "off", for: Setting.appLock.storageKey) }
    }

    // MARK: - Validation

    func defaultValue(_ setting: Setting) -> String {
        switch setting {
        case .defaultAccount: "first"
        case .undoSendDelay: "5"
        case .theme: Theme.system.rawValue
        case .categoryTabPrimary, .categoryTabSocial, .categoryTabPromotions, .categoryTabUpdates, .notifications: "on"
        case .appLock, .categoryTabForums: "off"
        case .syncWindow: "30"
        case .displayName: ""
        case .attachmentCacheLimit: String(Setting.defaultAttachmentCacheLimitMB)
        }
    }

    func normalize(_ setting: Setting, _ text: String) throws(SettingsError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let lower = trimmed.lowercased()
        let invalid = SettingsError.invalidValue(setting: setting.rawValue, value: text, allowed: setting.allowedValues)
        switch setting {
        case .undoSendDelay:
            guard let seconds = Int(lower.replacingOccurrences(of: "s", with: "")), Setting.undoDelayChoices.contains(seconds) else { throw invalid }
            return String(seconds)
        case .syncWindow:
            guard let days = Int(lower.replacingOccurrences(of: "d", with: "")), Setting.syncWindowChoices.contains(days) else { throw invalid }
            return String(days)
        case .theme:
            guard Theme(rawValue: lower) != nil else { throw invalid }
            return lower
        case .categoryTabPrimary, .categoryTabSocial, .categoryTabPromotions, .categoryTabUpdates, .categoryTabForums,
             .notifications, .appLock:
            switch lower {
            case "on", "true", "yes", "1": return "on"
            case "off", "false", "no", "0": return "off"
            default: throw invalid
            }
        case .attachmentCacheLimit:
            guard let megabytes = Int(lower.replacingOccurrences(of: "mb", with: "")), megabytes >= 0 else { throw invalid }
            return String(megabytes)
        case .displayName:
            guard !trimmed.isEmpty, trimmed.count <= 200, !trimmed.contains(where: \.isNewline) else { throw invalid }
            return trimmed
        case .defaultAccount:
            guard Int64(trimmed) != nil else { throw invalid }
            return trimmed
        }
    }

    private func wrap<T>(_ body: () throws(StoreError) -> T) throws(SettingsError) -> T {
        do { return try body() } catch { throw .store(error) }
    }
}
