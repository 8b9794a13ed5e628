import Foundation

/// The settings of FR-SET-01 that are values (sections such as AI models or About are not).
/// Each names where it lives (app-wide or per account), its allowed values and its default.
/// The raw values are the names the CLI and the web app use.
public enum Setting: String, Sendable, CaseIterable, Codable {
    // App-wide.
    case defaultAccount = "default-account"
    case undoSendDelay = "undo-send-delay"
    case theme
    case categoryTabPrimary = "category-tab.primary"
    case categoryTabSocial = "category-tab.social"
    case categoryTabPromotions = "category-tab.promotions"
    case categoryTabUpdates = "category-tab.updates"
    /// Not among the spec's tabs (FR-TL-02): off by default, as in Gmail, for people on lists.
    case categoryTabForums = "category-tab.forums"
    case appLock = "app-lock"
    // Per account.
    case syncWindow = "sync-window"
    case displayName = "display-name"
    case notifications
    case attachmentCacheLimit = "attachment-cache-limit"

    public enum Scope: String, Sendable, Codable { case app, account }

    public var scope: Scope {
        switch self {
        case .syncWindow, .displayName, .notifications, .attachmentCacheLimit: .account
        default: .app
        }
    }

    /// The key in the settings tables (display name and sync window live in the account row).
    var storageKey: String { rawValue }

    public static let syncWindowChoices = [7, 14, 30, 60, 90]
    public static let undoDelayChoices = [0, 5, 10, 15, 30]
    public static let defaultAttachmentCacheLimitMB = 500

    /// The category whose tab this setting shows or hides.
    public var category: AICategory? {
        switch self {
        case .categoryTabPrimary: .primary
        case .categoryTabSocial: .social
        case .categoryTabPromotions: .promotions
        case .categoryTabUpdates: .updates
        case .categoryTabForums: .forums
        default: nil
        }
    }

    /// What a user may set, for help texts and error messages.
    public var allowedValues: String {
        switch self {
        case .defaultAccount: "an account id or address"
        case .undoSendDelay: "seconds: " + Self.undoDelayChoices.map(String.init).joined(separator: ", ")
        case .theme: Theme.allCases.map(\.rawValue).joined(separator: ", ")
        case .categoryTabPrimary, .categoryTabSocial, .categoryTabPromotions, .categoryTabUpdates,
             .categoryTabForums, .notifications, .appLock: "on, off"
        case .syncWindow: "days: " + Self.syncWindowChoices.map(String.init).joined(separator: ", ")
        case .displayName: "any text"
        case .attachmentCacheLimit: "megabytes, 0 or more"
        }
    }
}

/// Appearance preference (FR-SET-01).
public enum Theme: String, Sendable, Codable, CaseIterable {
    case system, light, dark
}

/// A refused or failed settings change, worded for the user.
public enum SettingsError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownSetting(String)
    case invalidValue(setting: String, value: String, allowed: String)
    /// A per-account setting without an account, or the reverse.
    case scope(String)
    case unknownAccount(String)
    /// Reducing the sync window removes local mail: the caller must confirm first.
    case confirmationRequired(String)
    /// App lock is turned on through `AppLock` (it needs a passphrase), not as a plain value.
    case useAppLock
    case store(StoreError)

    public var description: String {
        switch self {
        case .unknownSetting(let name):
            "no setting \"\(name)\"; known: \(Setting.allCases.map(\.rawValue).joined(separator: ", "))"
        case .invalidValue(let setting, let value, let allowed): "\"\(value)\" is not a valid \(setting) (allowed: \(allowed))"
        case .scope(let why): why
        case .unknownAccount(let reference): "no account \"\(reference)\""
        case .confirmationRequired(let message): message
        case .useAppLock: "app lock needs a passphrase: use `hearth settings app-lock on` (or off)"
        case .store(let error): error.description
        }
    }
}
