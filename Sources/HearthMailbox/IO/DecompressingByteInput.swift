import Foundation
import HearthCore

/// Streams a compressed file through `xz -dc` / `gzip -dc` (a child `Process`), so a compressed
/// mbox is never expanded on disk or in memory.
///
/// Progress: the child's stdin is our own `FileHandle` on the compressed file. A spawned child
/// shares the open file description, hence the file offset, so `lseek(fd, 0, SEEK_CUR)` on our
/// handle tells how many compressed bytes the decompressor has consumed — without a feeder
/// thread and without SIGPIPE risk.
final class DecompressingByteInput: ByteInput {
    private let path: String
    private let compression: MailboxCompression
    private let compressed: FileHandle
    private let process: Process
    private let output: FileHandle
    private let errors: Pipe
    private var finished = false
    let size: Int64?

    init(path: String, compression: MailboxCompression) throws(MailboxReadError) {
        self.path = path
        self.compression = compression
        guard let executable = compression.executable else {
            throw .io(path: path, reason: "\(compression.tool.name) is not installed; needed to read a \(compression.rawValue)-compressed mailbox")
        }
        do { compressed = try FileHandle(forReadingFrom: URL(fileURLWithPath: path)) } catch {
            throw .io(path: path, reason: error.localizedDescription)
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        size = (attributes?[.size] as? NSNumber)?.int64Value
        let stdout = Pipe()
        errors = Pipe()
        process = Process()
        process.executableURL = executable
        process.arguments = compression.tool.arguments
        process.standardInput = compressed
        process.standardOutput = stdout
        process.standardError = errors
        do { try process.run() } catch {
            try? compressed.close()
            throw .io(path: path, reason: "cannot start \(executable.path): \(error.localizedDescription)")
        }
        output = stdout.fileHandleForReading
        // Our copy of the write end must go, or we would never see end-of-file.
        try? stdout.fileHandleForWriting.close()
        try? errors.fileHandleForWriting.close()
    }

    deinit {
        // Stopping early (the caller dropped the reader): closing our read end makes the child
        // fail its next write; terminate() covers a child blocked elsewhere.
        try? output.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? compressed.close()
    }

    var position: Int64 {
        guard let offset = try? compressed.offset() else { return 0 }
        return Int64(clamping: offset)
    }

    func read(into buffer: inout [UInt8], maxCount: Int) throws(MailboxReadError) -> Int {
        guard !finished else { return 0 }
        let chunk: Data?
        do { chunk = try output.read(upToCount: maxCount) } catch {
            throw .io(path: path, reason: error.localizedDescription)
        }
        if let chunk, !chunk.isEmpty {
            buffer.append(contentsOf: chunk)
            return chunk.count
        }
        finished = true
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let message = (try? errors.fileHandleForReading.readToEnd()).flatMap { $0 }
                .map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
            throw .io(path: path, reason: "\(compression.tool.name) -dc failed (status \(process.terminationStatus))"
                      + (message.isEmpty ? "" : ": \(message)"))
        }
        return 0
    }
}
