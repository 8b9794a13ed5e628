import Foundation
import HearthCore
import HearthIMAP
import HearthTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The mail rig as the sync tests see it — a minimal copy of HearthIMAPTests' `MailRig` (not
/// importable across test targets): env file `$RIG_ENV_FILE`, else `$RIG_DIR/env`, else
/// /tmp/mailrig/env. Skipped without a rig, failed when `HEARTH_REQUIRE_RIG=1`.
struct SyncRig: Sendable {
    static let skipReason = "skipped: mail rig not running (testenv/rig/rig up)"

    let values: [String: String]

    var directory: String { values["RIG_DIR"] ?? "/tmp/mailrig" }
    var host: String { values["RIG_HOST"] ?? "127.0.0.1" }
    var imapsPort: Int { Int(values["RIG_IMAPS_PORT"] ?? "") ?? 14993 }
    var caFile: String { values["RIG_CA"] ?? "\(directory)/tls/ca.pem" }
    var portBase: Int { imapsPort - 993 }

    static var envFilePath: String {
        let env = ProcessInfo.processInfo.environment
        if let file = env["RIG_ENV_FILE"], !file.isEmpty { return file }
        if let dir = env["RIG_DIR"], !dir.isEmpty { return "\(dir)/env" }
        return "/tmp/mailrig/env"
    }

    static var isRequired: Bool { ProcessInfo.processInfo.environment["HEARTH_REQUIRE_RIG"] == "1" }

    static let current: SyncRig? = {
        guard let text = try? String(contentsOfFile: envFilePath, encoding: .utf8) else { return nil }
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("export ") {
            let assignment = line.dropFirst("export ".count)
            guard let equals = assignment.firstIndex(of: "=") else { continue }
            var value = String(assignment[assignment.index(after: equals)...])
            if let hash = value.range(of: " #") { value = String(value[..<hash.lowerBound]) }
            values[String(assignment[..<equals])] = value.trimmingCharacters(in: .whitespaces)
                .trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        let rig = SyncRig(values: values)
        return isListening(host: rig.host, port: rig.imapsPort) ? rig : nil
    }()

    static var shouldRun: Bool { current != nil || isRequired }

    static func require() throws -> SyncRig {
        guard let rig = current else {
            throw RigError("HEARTH_REQUIRE_RIG=1 but no mail rig answers (env file \(envFilePath)); start it with testenv/rig/rig up")
        }
        return rig
    }

    struct RigError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// Runs `testenv/rig/rig ARGS` against this rig; returns stdout, trimmed. Output goes to
    /// files, not pipes, as in HearthIMAPTests (a daemon could inherit a pipe).
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = Corpora.repositoryRoot.appendingPathComponent("testenv/rig/rig")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["RIG_DIR"] = directory
        environment["RIG_PORT_BASE"] = String(portBase)
        process.environment = environment
        let tmp = FileManager.default.temporaryDirectory
        let outURL = tmp.appendingPathComponent("sync-rig-out-\(UUID().uuidString)")
        let errURL = tmp.appendingPathComponent("sync-rig-err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outURL); try? FileManager.default.removeItem(at: errURL) }
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try? out.close(); try? err.close()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self)
            throw RigError("rig \(arguments.joined(separator: " ")) exited \(process.terminationStatus): \(message)")
        }
        return String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func token(_ user: String) throws -> String { try run(["token", user]) }

    func configuration() -> IMAPConfiguration {
        IMAPConfiguration(host: host, port: imapsPort, security: .implicitTLS, serverName: "localhost",
                          extraCAFile: caFile, connectTimeout: .seconds(10), readTimeout: .seconds(60))
    }

    private static func isListening(host: String, port: Int) -> Bool {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { return false }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        } == 0
    }
}

extension Trait where Self == ConditionTrait {
    /// Integration tests against the mail rig.
    static var syncRig: Self { .enabled(if: SyncRig.shouldRun, Comment(rawValue: SyncRig.skipReason)) }
}
