import Foundation

/// Where Hearth keeps its data. Resolution order: an explicit path (CLI `--data-dir`), then
/// `$HEARTH_DATA_DIR`, then `$XDG_DATA_HOME/hearth`, then `~/.local/share/hearth`.
public enum DataDirectory {
    /// File name of the SQLite database inside the data directory.
    public static let databaseFileName = "hearth.sqlite"

    /// Resolves the data directory. `environment` and `home` are injectable for tests.
    public static func resolve(
        explicit: String?,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        home: URL = FileManager.default.homeDirectoryForCurrentUser
    ) -> URL {
        if let explicit, !explicit.isEmpty { return url(forPath: explicit) }
        if let env = environment["HEARTH_DATA_DIR"], !env.isEmpty { return url(forPath: env) }
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            return url(forPath: xdg).appendingPathComponent("hearth", isDirectory: true)
        }
        return home.appendingPathComponent(".local/share/hearth", isDirectory: true)
    }

    /// The database file inside a data directory.
    public static func databaseURL(in directory: URL) -> URL {
        directory.appendingPathComponent(databaseFileName, isDirectory: false)
    }

    /// An absolute URL for a path as typed (`~` expanded, relative to the working directory).
    static func url(forPath path: String) -> URL {
        let expanded = (path as NSString).expandingTildeInPath
        return URL(fileURLWithPath: expanded, isDirectory: true).standardizedFileURL
    }
}
