import Foundation

/// The user's base directories, as the XDG Base Directory specification defines them, with
/// `$HOME` honoured. Why not `FileManager.homeDirectoryForCurrentUser`: on Linux it reads the
/// password database and ignores `$HOME`, so `HOME=/elsewhere hearth …` (a test, a sandbox, a
/// second profile) still wrote into the real home.
///
/// Every location Hearth derives from the home directory goes through here: the data directory
/// (`DataDirectory`), configuration (the secret key, the OAuth client), the model cache.
public enum UserDirectories {
    /// `$HOME` when it is set to an absolute path, else the account's home directory.
    public static func home(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let home = absolute(environment["HOME"]) { return home }
        return FileManager.default.homeDirectoryForCurrentUser
    }

    /// `$XDG_DATA_HOME`, else `~/.local/share`.
    public static func dataHome(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        absolute(environment["XDG_DATA_HOME"]) ?? home(environment: environment).appendingPathComponent(".local/share", isDirectory: true)
    }

    /// `$XDG_CONFIG_HOME`, else `~/.config`.
    public static func configHome(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        absolute(environment["XDG_CONFIG_HOME"]) ?? home(environment: environment).appendingPathComponent(".config", isDirectory: true)
    }

    /// `$XDG_CACHE_HOME`, else `~/.cache`.
    public static func cacheHome(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        absolute(environment["XDG_CACHE_HOME"]) ?? home(environment: environment).appendingPathComponent(".cache", isDirectory: true)
    }

    /// The specification says a relative path in an XDG variable is invalid and must be ignored
    /// (it would mean something different in every working directory); so is an empty one.
    public static func absolute(_ value: String?) -> URL? {
        guard let value, value.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: value, isDirectory: true).standardizedFileURL
    }
}
