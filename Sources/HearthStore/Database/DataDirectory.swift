import Foundation
import HearthCore

/// Where Hearth keeps its data. Resolution order: an explicit path (CLI `--data-dir`), then
/// `$HEARTH_DATA_DIR`, then `$XDG_DATA_HOME/hearth`, then `$HOME/.local/share/hearth`
/// (`UserDirectories`: `$HOME` is honoured, a relative XDG path ignored as the spec says).
public enum DataDirectory {
    /// File name of the SQLite database inside the data directory.
    public static let databaseFileName = "hearth.sqlite"

    /// Resolves the data directory. `environment` and `home` (default: `$HOME`, see
    /// `UserDirectories`) are injectable for tests.
    public static func resolve(
        explicit: String?,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        home: URL? = nil
    ) -> URL {
        var environment = environment
        if let home { environment["HOME"] = home.path }
        if let explicit, !explicit.isEmpty { return url(forPath: explicit, environment: environment) }
        if let env = environment["HEARTH_DATA_DIR"], !env.isEmpty { return url(forPath: env, environment: environment) }
        return UserDirectories.dataHome(environment: environment).appendingPathComponent("hearth", isDirectory: true)
    }

    /// Whether the data directory holds a mailbox (its database file exists). Commands that
    /// only read check this first, so a mistyped `--data-dir` is an error instead of a new,
    /// empty mailbox created at the wrong place.
    public static func holdsMailbox(_ directory: URL) -> Bool {
        FileManager.default.fileExists(atPath: databaseURL(in: directory).path)
    }

    /// The database file inside a data directory.
    public static func databaseURL(in directory: URL) -> URL {
        directory.appendingPathComponent(databaseFileName, isDirectory: false)
    }

    /// An absolute URL for a path as typed (`~` expanded with `$HOME`, relative to the working
    /// directory).
    static func url(forPath path: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        var expanded = path
        if path == "~" || path.hasPrefix("~/") {
            expanded = UserDirectories.home(environment: environment).path + path.dropFirst()
        } else if path.hasPrefix("~") {
            expanded = (path as NSString).expandingTildeInPath   // ~user
        }
        return URL(fileURLWithPath: expanded, isDirectory: true).standardizedFileURL
    }
}
