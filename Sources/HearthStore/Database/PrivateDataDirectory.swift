import Foundation
import HearthCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Mail is private: the data directory is 0700 and every file Hearth keeps in it 0600, whatever
/// the process umask says (a default 022 made `hearth.sqlite` world-readable in a 0755 folder).
///
/// SQLite creates the `-wal` and `-shm` files with the database file's own permissions, so the
/// database file is created 0600 *before* SQLite opens it; an existing installation's files
/// are tightened when the store opens them.
enum PrivateDataDirectory {
    static let directoryMode: mode_t = 0o700
    static let fileMode: mode_t = 0o600

    /// Creates the directory of `databasePath` (0700, parents included) and the database file
    /// (0600, empty: SQLite initialises an empty file) when missing; tightens existing ones.
    static func prepare(databasePath: String) throws(StoreError) {
        let directory = URL(fileURLWithPath: databasePath).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: Int(directoryMode)])
        } catch {
            throw .cannotOpen(path: databasePath, reason: "cannot create \(directory.path): \(error.localizedDescription)")
        }
        tighten(directory.path, to: directoryMode)
        let fd = open(databasePath, O_WRONLY | O_CREAT | O_CLOEXEC, fileMode)
        if fd >= 0 { close(fd) }
        for path in [databasePath, databasePath + "-wal", databasePath + "-shm", databasePath + "-journal"] {
            tighten(path, to: fileMode)
        }
    }

    /// Removes group/other permissions of an existing file or directory we own; anything else
    /// (missing, another owner's) is left alone: opening then fails or succeeds on its own terms.
    static func tighten(_ path: String, to mode: mode_t) {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_uid == geteuid(), (info.st_mode & 0o777) & ~mode != 0 else { return }
        _ = chmod(path, (info.st_mode & 0o777) & mode)
    }
}
