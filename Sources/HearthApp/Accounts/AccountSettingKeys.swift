import HearthCore

/// Per-account values kept in the settings table (not in `Account`, whose columns are shared
/// with every layer). The strings are those earlier versions wrote, so existing data directories
/// keep working.
public enum AccountSettingKeys {
    /// The TLS certificate name to expect when it is not the host name.
    public static func serverName(_ account: AccountID) -> String { "account.\(account.rawValue).server-name" }
    /// A command printing the password each time one is needed.
    public static func passwordCommand(_ account: AccountID) -> String { "account.\(account.rawValue).password-command" }
    /// A command printing an OAuth access token each time one is needed.
    public static func tokenCommand(_ account: AccountID) -> String { "account.\(account.rawValue).token-command" }
}
