import Foundation
import HearthCore

/// A forward-only source of bytes that a reader pulls in fixed-size chunks. Keeping this small
/// lets the mbox splitter work the same over a plain file and a decompressor's output.
protocol ByteInput: AnyObject {
    /// Appends at most `maxCount` bytes to `buffer`; returns how many were appended, 0 at the end.
    func read(into buffer: inout [UInt8], maxCount: Int) throws(MailboxReadError) -> Int
    /// Progress through the underlying file (for a compressed file: compressed bytes consumed).
    var position: Int64 { get }
    /// Size of the underlying file, when known.
    var size: Int64? { get }
}

/// Reads a regular file through a `FileHandle`, one chunk at a time.
final class FileByteInput: ByteInput {
    private let handle: FileHandle
    private let path: String
    private(set) var position: Int64 = 0
    let size: Int64?

    init(path: String) throws(MailboxReadError) {
        self.path = path
        guard FileManager.default.fileExists(atPath: path) else { throw .notFound(path: path) }
        do { handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path)) } catch {
            throw .io(path: path, reason: error.localizedDescription)
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        size = (attributes?[.size] as? NSNumber)?.int64Value
    }

    deinit { try? handle.close() }

    func read(into buffer: inout [UInt8], maxCount: Int) throws(MailboxReadError) -> Int {
        let chunk: Data?
        do { chunk = try handle.read(upToCount: maxCount) } catch {
            throw .io(path: path, reason: error.localizedDescription)
        }
        guard let chunk, !chunk.isEmpty else { return 0 }
        buffer.append(contentsOf: chunk)
        position += Int64(chunk.count)
        return chunk.count
    }
}
