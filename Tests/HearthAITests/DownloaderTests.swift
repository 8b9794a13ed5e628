import Foundation
@testable import HearthAI
import HearthTestSupport
import Testing

/// The model downloader against a local HTTP server (Support/range_server.py) that honours
/// Range, ignores it, drops the connection mid-body, or serves corrupted bytes.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct DownloaderTests {
    /// A 3 MiB pseudo-model and its SHA-256.
    static func payload(in dir: URL) throws -> (URL, String) {
        var bytes = [UInt8](repeating: 0, count: 3 << 20)
        var state: UInt32 = 12345
        for i in bytes.indices { state = state &* 1664525 &+ 1013904223; bytes[i] = UInt8(truncatingIfNeeded: state >> 24) }
        bytes.replaceSubrange(0..<4, with: Array("GGUF".utf8))
        let url = dir.appendingPathComponent("source.gguf")
        try Data(bytes).write(to: url)
        return (url, try shaHex(url))
    }

    static func shaHex(_ url: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [url.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let out = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: out, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
    }

    /// Starts the server; the returned closure stops it.
    static func serve(_ file: URL, mode: String) throws -> (port: Int, stop: () -> Void) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Support/range_server.py").path, file.path, mode]
        let output = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        var line = Data()
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw ServerError(description: "range_server.py did not print its port")
        }
        return (port, { try? input.fileHandleForWriting.close(); process.terminate(); process.waitUntilExit() })
    }

    struct ServerError: Error, CustomStringConvertible { let description: String }

    let downloader = ModelDownloader(allowInsecureLoopback: true, maxAttempts: 3, readTimeoutSeconds: 20)

    @Test func downloadsAndVerifies() async throws {
        let dir = try Corpora.temporaryDirectory("hearth-dl")
        defer { try? FileManager.default.removeItem(at: dir) }
        let (file, sha) = try Self.payload(in: dir)
        let server = try Self.serve(file, mode: "range")
        defer { server.stop() }
        let seen = ProgressLog()
        let target = dir.appendingPathComponent("out/model.gguf")
        let result = try await downloader.download(from: URL(string: "http://127.0.0.1:\(server.port)/m")!, to: target,
                                                   expectedSHA256: sha) { seen.add($0) }
        #expect(try Self.shaHex(result) == sha)
        #expect(seen.last?.receivedBytes == 3 << 20)
        #expect(seen.last?.fraction == 1)
        #expect(!FileManager.default.fileExists(atPath: target.path + ".partial"))
    }

    @Test func resumesWithRangeAfterADroppedConnection() async throws {
        let dir = try Corpora.temporaryDirectory("hearth-dl")
        defer { try? FileManager.default.removeItem(at: dir) }
        let (file, sha) = try Self.payload(in: dir)
        let server = try Self.serve(file, mode: "drop")
        defer { server.stop() }
        let seen = ProgressLog()
        let target = dir.appendingPathComponent("model.gguf")
        _ = try await downloader.download(from: URL(string: "http://127.0.0.1:\(server.port)/m")!, to: target,
                                          expectedSHA256: sha) { seen.add($0) }
        #expect(try Self.shaHex(target) == sha)
        // The second attempt started where the first one broke off, not at zero.
        let resumed = seen.all.map(\.resumedFromBytes).max() ?? 0
        #expect(resumed > 0 && resumed < 3 << 20)
    }

    @Test func restartsFromZeroWhenTheServerIgnoresRange() async throws {
        let dir = try Corpora.temporaryDirectory("hearth-dl")
        defer { try? FileManager.default.removeItem(at: dir) }
        let (file, sha) = try Self.payload(in: dir)
        let target = dir.appendingPathComponent("model.gguf")
        // A stale partial file: wrong bytes that a Range-ignoring server must not be appended to.
        try Data(repeating: 7, count: 1000).write(to: URL(fileURLWithPath: target.path + ".partial"))
        let server = try Self.serve(file, mode: "norange")
        defer { server.stop() }
        _ = try await downloader.download(from: URL(string: "http://127.0.0.1:\(server.port)/m")!, to: target, expectedSHA256: sha)
        #expect(try Self.shaHex(target) == sha)
    }

    @Test func deletesAFileThatFailsVerification() async throws {
        let dir = try Corpora.temporaryDirectory("hearth-dl")
        defer { try? FileManager.default.removeItem(at: dir) }
        let (file, sha) = try Self.payload(in: dir)
        let server = try Self.serve(file, mode: "corrupt")
        defer { server.stop() }
        let target = dir.appendingPathComponent("model.gguf")
        await #expect(throws: ModelDownloadError.verificationFailed) {
            try await downloader.download(from: URL(string: "http://127.0.0.1:\(server.port)/m")!, to: target, expectedSHA256: sha)
        }
        #expect(ModelDownloadError.verificationFailed.description == "Download verification failed. Please retry.")
        #expect(!FileManager.default.fileExists(atPath: target.path))
        #expect(!FileManager.default.fileExists(atPath: target.path + ".partial"))
    }

    @Test func cancellationKeepsThePartialFileForResume() async throws {
        let dir = try Corpora.temporaryDirectory("hearth-dl")
        defer { try? FileManager.default.removeItem(at: dir) }
        let (file, sha) = try Self.payload(in: dir)
        let server = try Self.serve(file, mode: "range")
        defer { server.stop() }
        let target = dir.appendingPathComponent("model.gguf")
        let url = URL(string: "http://127.0.0.1:\(server.port)/m")!
        let task = Task { [downloader] in
            try await downloader.download(from: url, to: target, expectedSHA256: sha) { progress in
                if progress.receivedBytes >= 1 << 20 { withUnsafeCurrentTask { $0?.cancel() } }
            }
        }
        await #expect(throws: ModelDownloadError.cancelled) { try await task.value }
        let partial = (try? FileManager.default.attributesOfItem(atPath: target.path + ".partial")[.size] as? Int) ?? 0
        #expect(partial > 0)
        _ = try await downloader.download(from: url, to: target, expectedSHA256: sha)
        #expect(try Self.shaHex(target) == sha)
    }

    @Test func refusesPlainHTTPToOtherHosts() async throws {
        let strict = ModelDownloader()
        await #expect(throws: ModelDownloadError.insecureURL("http://example.org/m.gguf")) {
            try await strict.download(from: URL(string: "http://example.org/m.gguf")!, to: URL(fileURLWithPath: "/tmp/never"),
                                      expectedSHA256: "00")
        }
    }
}

final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [DownloadProgress] = []
    func add(_ p: DownloadProgress) { lock.withLock { items.append(p) } }
    var all: [DownloadProgress] { lock.withLock { items } }
    var last: DownloadProgress? { all.last }
}
