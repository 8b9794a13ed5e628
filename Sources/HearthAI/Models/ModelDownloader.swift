import AsyncHTTPClient
import Foundation

/// Why a model download did not produce a verified file.
public enum ModelDownloadError: Error, Equatable, CustomStringConvertible, Sendable {
    /// Only HTTPS is allowed (proposal §3.4.1); plain HTTP only to loopback, for tests.
    case insecureURL(String)
    case httpStatus(Int)
    /// The bytes did not hash to the pinned SHA-256; the file was deleted.
    case verificationFailed
    case network(String)
    case file(String)
    case cancelled

    public var description: String {
        switch self {
        case .insecureURL(let url): "Refusing to download over an insecure connection: \(url)"
        case .httpStatus(let status): "The model server answered HTTP \(status)."
        case .verificationFailed: "Download verification failed. Please retry."
        case .network(let why): "The download was interrupted (\(why)); run it again to resume."
        case .file(let why): "The model file could not be written: \(why)"
        case .cancelled: "Download cancelled; run it again to resume where it stopped."
        }
    }
}

/// Download progress, reported at most every ~1 MiB and at the end.
public struct DownloadProgress: Sendable, Hashable {
    public var receivedBytes: Int64
    public var totalBytes: Int64?
    /// Bytes already on disk from an earlier, interrupted attempt when this attempt started.
    public var resumedFromBytes: Int64
    public var fraction: Double? { totalBytes.map { $0 > 0 ? Double(receivedBytes) / Double($0) : 0 } }
}

/// HTTPS download with resume (HTTP Range on a `.partial` file), cancellation (task
/// cancellation keeps the partial file for the next attempt), automatic re-attempts after a
/// dropped connection, and SHA-256 verification (mismatch: the file is deleted).
public struct ModelDownloader: Sendable {
    public var allowInsecureLoopback: Bool
    /// Attempts per download; each one resumes from the bytes already on disk.
    public var maxAttempts: Int
    public var readTimeoutSeconds: Int64

    public init(allowInsecureLoopback: Bool = false, maxAttempts: Int = 3, readTimeoutSeconds: Int64 = 60) {
        self.allowInsecureLoopback = allowInsecureLoopback
        self.maxAttempts = maxAttempts
        self.readTimeoutSeconds = readTimeoutSeconds
    }

    /// Downloads `url` to `destination` (replacing it only once verified).
    public func download(from url: URL, to destination: URL, expectedSHA256: String,
                         progress: @escaping @Sendable (DownloadProgress) -> Void = { _ in }) async throws -> URL {
        try checkScheme(url)
        let partial = destination.appendingPathExtension("partial")
        let fm = FileManager.default
        do { try fm.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true) } catch {
            throw ModelDownloadError.file(error.localizedDescription)
        }
        var lastError: ModelDownloadError = .network("no attempt made")
        for _ in 0..<max(1, maxAttempts) {
            do {
                try await attempt(url: url, partial: partial, progress: progress)
                return try verify(partial: partial, destination: destination, expectedSHA256: expectedSHA256)
            } catch let error as ModelDownloadError {
                switch error {
                case .network: lastError = error; continue          // resume on the next attempt
                default: throw error
                }
            } catch is CancellationError {
                throw ModelDownloadError.cancelled
            }
        }
        throw lastError
    }

    private func checkScheme(_ url: URL) throws {
        let scheme = url.scheme?.lowercased()
        if scheme == "https" { return }
        let loopback = ["127.0.0.1", "localhost", "::1"].contains(url.host ?? "")
        guard scheme == "http", loopback, allowInsecureLoopback else {
            throw ModelDownloadError.insecureURL(url.absoluteString)
        }
    }

    /// One HTTP exchange: asks for the bytes after what `partial` holds and appends them.
    private func attempt(url: URL, partial: URL, progress: @escaping @Sendable (DownloadProgress) -> Void) async throws {
        let fm = FileManager.default
        if !fm.fileExists(atPath: partial.path) { fm.createFile(atPath: partial.path, contents: nil) }
        var have = Int64((try? fm.attributesOfItem(atPath: partial.path)[.size] as? NSNumber)?.int64Value ?? 0)
        var request = HTTPClientRequest(url: url.absoluteString)
        if have > 0 { request.headers.add(name: "Range", value: "bytes=\(have)-") }
        let response: HTTPClientResponse
        do {
            response = try await HTTPClient.shared.execute(request, timeout: .seconds(readTimeoutSeconds))
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw ModelDownloadError.network(String(describing: error))
        }
        let status = Int(response.status.code)
        var total: Int64?
        switch status {
        case 206:
            // Trust the range only if it starts where our file ends; otherwise start over.
            let range = response.headers.first(name: "Content-Range") ?? ""
            if let start = Self.rangeStart(range), start == have {
                total = Self.rangeTotal(range)
            } else {
                try truncate(partial); have = 0
                total = nil
            }
        case 200:
            // The server ignored Range (or there was nothing to resume): start from zero.
            if have > 0 { try truncate(partial); have = 0 }
            total = response.headers.first(name: "Content-Length").flatMap(Int64.init)
        case 416 where have > 0:
            // Nothing after our bytes: the partial file is complete (verification decides).
            return
        default:
            throw ModelDownloadError.httpStatus(status)
        }
        let handle: FileHandle
        do {
            handle = try FileHandle(forWritingTo: partial)
            try handle.seekToEnd()
        } catch { throw ModelDownloadError.file(error.localizedDescription) }
        defer { try? handle.close() }
        let resumed = have
        var received = have
        var reported = have
        progress(DownloadProgress(receivedBytes: received, totalBytes: total, resumedFromBytes: resumed))
        do {
            for try await buffer in response.body {
                try Task.checkCancellation()
                let bytes = Data(buffer.readableBytesView)
                do { try handle.write(contentsOf: bytes) } catch { throw ModelDownloadError.file(error.localizedDescription) }
                received += Int64(bytes.count)
                if received - reported >= 1 << 20 {
                    reported = received
                    progress(DownloadProgress(receivedBytes: received, totalBytes: total, resumedFromBytes: resumed))
                }
            }
        } catch let error as ModelDownloadError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw ModelDownloadError.network(String(describing: error))
        }
        if let total, received < total { throw ModelDownloadError.network("connection closed at \(received) of \(total) bytes") }
        progress(DownloadProgress(receivedBytes: received, totalBytes: total ?? received, resumedFromBytes: resumed))
    }

    private func verify(partial: URL, destination: URL, expectedSHA256: String) throws -> URL {
        let digest: String
        do { digest = try FileDigest.sha256(of: partial) } catch { throw ModelDownloadError.file(error.localizedDescription) }
        guard digest == expectedSHA256.lowercased() else {
            try? FileManager.default.removeItem(at: partial)
            throw ModelDownloadError.verificationFailed
        }
        do {
            if FileManager.default.fileExists(atPath: destination.path) { try FileManager.default.removeItem(at: destination) }
            try FileManager.default.moveItem(at: partial, to: destination)
        } catch { throw ModelDownloadError.file(error.localizedDescription) }
        return destination
    }

    private func truncate(_ url: URL) throws {
        do {
            let handle = try FileHandle(forWritingTo: url)
            try handle.truncate(atOffset: 0)
            try handle.close()
        } catch { throw ModelDownloadError.file(error.localizedDescription) }
    }

    /// "bytes 100-199/1000" → 100.
    static func rangeStart(_ header: String) -> Int64? {
        guard let spec = header.split(separator: " ").last, let dash = spec.firstIndex(of: "-") else { return nil }
        return Int64(spec[..<dash])
    }

    /// "bytes 100-199/1000" → 1000 ("*" → nil).
    static func rangeTotal(_ header: String) -> Int64? {
        header.split(separator: "/").last.flatMap { Int64($0) }
    }
}
