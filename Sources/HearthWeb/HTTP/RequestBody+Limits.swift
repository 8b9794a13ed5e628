import Foundation
import Hummingbird

/// How much of a request body a route reads, decided per route before a byte of it is read
/// (and only after the security checks, `LocalAccessMiddleware`).
enum BodyLimit: Sendable {
    /// GET pages: the body is never read.
    case none
    /// Forms (settings, actions, onboarding): read into memory up to `formBytes`.
    case form
    /// The composer with its attachments: streamed to a private temporary file up to
    /// `uploadBytes`, then mapped (the upload never sits in memory as one buffer).
    case upload

    static let formBytes = 256 << 10
    /// Attachments are capped; the composer says so.
    static let uploadBytes = 40 << 20

    var maximum: Int {
        switch self {
        case .none: 0
        case .form: Self.formBytes
        case .upload: Self.uploadBytes
        }
    }
}

/// Why a body was not read.
enum BodyRefusal: Error {
    /// Over the route's limit (413): the declared length, or what arrived before we stopped.
    case tooLarge(limit: Int)
}

extension Request {
    /// The body within `limit`: a declared `Content-Length` over the limit is refused before
    /// reading; a body without one is cut off as soon as it passes the limit.
    func readBody(_ limit: BodyLimit, spoolDirectory: URL) async throws -> Data {
        let maximum = limit.maximum
        guard maximum > 0 else { return Data() }
        if let declared = headers[.contentLength].flatMap(Int.init), declared > maximum {
            throw BodyRefusal.tooLarge(limit: maximum)
        }
        switch limit {
        case .none:
            return Data()
        case .form:
            var data = Data()
            for try await chunk in body {
                if data.count + chunk.readableBytes > maximum { throw BodyRefusal.tooLarge(limit: maximum) }
                data.append(contentsOf: chunk.readableBytesView)
            }
            return data
        case .upload:
            return try await spool(limit: maximum, directory: spoolDirectory)
        }
    }

    /// Writes the body to a 0600 file in `directory` as it arrives, then maps it. The file is
    /// unlinked at once (the mapping stays valid until the data is released).
    private func spool(limit: Int, directory: URL) async throws -> Data {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let file = directory.appendingPathComponent("upload-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown)
        }
        defer { try? FileManager.default.removeItem(at: file) }
        let handle = try FileHandle(forWritingTo: file)
        var total = 0
        do {
            for try await chunk in body {
                total += chunk.readableBytes
                if total > limit { throw BodyRefusal.tooLarge(limit: limit) }
                try handle.write(contentsOf: Data(chunk.readableBytesView))
            }
            try handle.close()
        } catch {
            try? handle.close()
            throw error
        }
        return total == 0 ? Data() : try Data(contentsOf: file, options: .alwaysMapped)
    }
}
