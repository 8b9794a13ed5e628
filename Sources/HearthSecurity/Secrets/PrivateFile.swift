import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small POSIX helpers for files only the current user may read: created 0600 from the start
/// (never chmod-ed after the fact, which would leave a window), replaced atomically, checked for
/// ownership and mode before they are trusted. Errors are `SecretStoreError`s naming the path.
enum PrivateFile {
    /// The permission bits a private file may have: read and write for its owner only.
    static let mode: mode_t = 0o600

    /// Reads the whole file, or nil when it does not exist. Throws when it is not private.
    static func readIfPresent(_ url: URL) throws(SecretStoreError) -> Data? {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw ioError(url, "open")
        }
        defer { close(fd) }
        try checkPrivate(fd: fd, url: url)
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ioError(url, "read")
            }
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }

    /// Replaces the file's content atomically: a 0600 temporary file in the same directory is
    /// written and flushed, then renamed over the target, then the directory is flushed. A crash
    /// leaves either the old or the new content, never a mix.
    static func writeAtomically(_ data: Data, to url: URL) throws(SecretStoreError) {
        try ensurePrivateDirectory(url.deletingLastPathComponent())
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
        if fd < 0 { throw ioError(temporary, "create") }
        var closed = false
        defer {
            if !closed { close(fd) }
        }
        do throws(SecretStoreError) {
            try writeAll(fd: fd, data: data, url: temporary)
            if fsync(fd) != 0 { throw ioError(temporary, "flush") }
            close(fd)
            closed = true
            if rename(temporary.path, url.path) != 0 { throw ioError(url, "replace") }
        } catch {
            unlink(temporary.path)
            throw error
        }
        syncDirectory(url.deletingLastPathComponent())
    }

    /// Creates a new file with `data` only if none exists. Returns false when one already exists
    /// (another process won the race), so the caller reads that one instead.
    static func createExclusively(_ data: Data, at url: URL) throws(SecretStoreError) -> Bool {
        try ensurePrivateDirectory(url.deletingLastPathComponent())
        let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
        if fd < 0 {
            if errno == EEXIST { return false }
            throw ioError(url, "create")
        }
        defer { close(fd) }
        do throws(SecretStoreError) {
            try writeAll(fd: fd, data: data, url: url)
            if fsync(fd) != 0 { throw ioError(url, "flush") }
        } catch {
            unlink(url.path)
            throw error
        }
        syncDirectory(url.deletingLastPathComponent())
        return true
    }

    /// Removes the file; absent is fine.
    static func remove(_ url: URL) throws(SecretStoreError) {
        if unlink(url.path) != 0 && errno != ENOENT { throw ioError(url, "delete") }
    }

    /// Creates the directory (and parents) as 0700 when missing. An existing directory is left
    /// as it is: it may be shared on purpose (e.g. `~/.config`).
    static func ensurePrivateDirectory(_ url: URL) throws(SecretStoreError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue { return }
        do {
            try FileManager.default.createDirectory(
                at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .io(path: url.path, operation: "create the directory", reason: error.localizedDescription)
        }
    }

    /// Refuses a file owned by another user or accessible to group/others.
    static func checkPrivate(fd: Int32, url: URL) throws(SecretStoreError) {
        var info = stat()
        if fstat(fd, &info) != 0 { throw ioError(url, "inspect") }
        let permissions = UInt16(info.st_mode & 0o777)
        if info.st_uid != geteuid() || permissions & 0o077 != 0 {
            throw .insecurePermissions(path: url.path, mode: permissions, ownerUID: UInt32(info.st_uid))
        }
    }

    /// Runs `body` holding an advisory lock on `<url>.lock` (shared for readers, exclusive for
    /// writers), so the CLI and the web app never interleave a read-modify-write.
    static func withLock<T>(
        for url: URL, exclusive: Bool, _ body: () throws(SecretStoreError) -> T
    ) throws(SecretStoreError) -> T {
        try ensurePrivateDirectory(url.deletingLastPathComponent())
        let lockURL = url.appendingPathExtension("lock")
        let fd = open(lockURL.path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, mode)
        if fd < 0 { throw ioError(lockURL, "open the lock file") }
        defer { close(fd) }
        while flock(fd, exclusive ? LOCK_EX : LOCK_SH) != 0 {
            if errno != EINTR { throw ioError(lockURL, "lock") }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    private static func writeAll(fd: Int32, data: Data, url: URL) throws(SecretStoreError) {
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes { bytes in
                write(fd, bytes.baseAddress!.advanced(by: offset), bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw ioError(url, "write")
            }
            offset += written
        }
    }

    private static func syncDirectory(_ url: URL) {
        let fd = open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    static func ioError(_ url: URL, _ operation: String) -> SecretStoreError {
        .io(path: url.path, operation: operation, reason: String(cString: strerror(errno)))
    }
}
