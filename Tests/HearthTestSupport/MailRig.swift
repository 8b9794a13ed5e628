import Foundation
import HearthProcess
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Mailboxes are shared out so suites never race on one: IMAP protocol tests change carol and
/// alice, sync tests dave and bob.
///
/// The mail rig (testenv/rig) as the integration tests see it: endpoints from its env file
/// (`$RIG_ENV_FILE`, else `$RIG_DIR/env`, else /tmp/mailrig/env). Without a running rig the
/// tests are skipped — unless `HEARTH_REQUIRE_RIG=1` (CI), where they fail.
public struct MailRig: Sendable {
    public static let skipReason = "skipped: mail rig not running (testenv/rig/rig up)"

    public let values: [String: String]

    public var directory: String { values["RIG_DIR"] ?? "/tmp/mailrig" }
    public var host: String { values["RIG_HOST"] ?? "127.0.0.1" }
    public var imapsPort: Int { Int(values["RIG_IMAPS_PORT"] ?? "") ?? 14993 }
    public var imapPort: Int { Int(values["RIG_IMAP_PORT"] ?? "") ?? 14143 }
    public var proxyImapsPort: Int { Int(values["RIG_PROXY_IMAPS_PORT"] ?? "") ?? 15993 }
    public var proxyImapPort: Int { Int(values["RIG_PROXY_IMAP_PORT"] ?? "") ?? 15143 }
    public var caFile: String { values["RIG_CA"] ?? "\(directory)/tls/ca.pem" }
    /// `rig` derives every port from the base; IMAPS is base + 993.
    public var portBase: Int { imapsPort - 993 }

    public static var envFilePath: String {
        let env = ProcessInfo.processInfo.environment
        if let file = env["RIG_ENV_FILE"], !file.isEmpty { return file }
        if let dir = env["RIG_DIR"], !dir.isEmpty { return "\(dir)/env" }
        return "/tmp/mailrig/env"
    }

    public static var isRequired: Bool { ProcessInfo.processInfo.environment["HEARTH_REQUIRE_RIG"] == "1" }

    /// The running rig, or nil (no env file, or nothing listening on its IMAPS port).
    public static let current: MailRig? = {
        guard let text = try? String(contentsOfFile: envFilePath, encoding: .utf8) else { return nil }
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard line.hasPrefix("export ") else { continue }
            let assignment = line.dropFirst("export ".count)
            guard let equals = assignment.firstIndex(of: "=") else { continue }
            let key = String(assignment[..<equals])
            var value = String(assignment[assignment.index(after: equals)...])
            if let hash = value.range(of: "  #") ?? value.range(of: " #") { value = String(value[..<hash.lowerBound]) }
            value = value.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            values[key] = value
        }
        let rig = MailRig(values: values)
        return isListening(host: rig.host, port: rig.imapsPort) ? rig : nil
    }()

    /// Run integration tests when a rig is up, or when it is required (then they fail).
    public static var shouldRun: Bool { current != nil || isRequired }

    /// The rig, or an error when it is required but absent.
    public static func require() throws -> MailRig {
        guard let rig = current else {
            throw RigError.notRunning("HEARTH_REQUIRE_RIG=1 but no mail rig answers (env file \(envFilePath)); start it with testenv/rig/rig up")
        }
        return rig
    }

    public enum RigError: Error, CustomStringConvertible {
        case notRunning(String)
        case commandFailed(String)
        public var description: String {
            switch self { case .notRunning(let s), .commandFailed(let s): s }
        }
    }

    /// Runs `testenv/rig/rig ARGS` against this rig instance; returns stdout (trimmed).
    @discardableResult
    public func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> String {
        var environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        environment["RIG_DIR"] = directory
        environment["RIG_PORT_BASE"] = String(portBase)
        let rig = Corpora.repositoryRoot.appendingPathComponent("testenv/rig/rig").path
        // Subprocess, not Foundation's Process: `rig proxy start` leaves a daemon behind, and
        // Process.waitUntilExit waited for it forever (it hung a CI run).
        let outcome = try Subprocess.run(rig, arguments, environment: environment, timeout: 120)
        guard outcome.status == 0 else {
            let why = outcome.timedOut ? "timed out after 120 s" : "exited \(outcome.status)"
            throw RigError.commandFailed("rig \(arguments.joined(separator: " ")) \(why): \(outcome.stderr)")
        }
        return outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    public func token(_ user: String, _ options: [String] = []) throws -> String { try run(["token", user] + options) }

    private static func isListening(host: String, port: Int) -> Bool {
        let fd = socket(AF_INET, POSIXSocket.stream, 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { return false }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                POSIXSocket.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return result == 0
    }
}

/// The few libc calls whose spelling differs between Glibc and Darwin.
public enum POSIXSocket {
    #if canImport(Glibc)
    public static let stream = Int32(SOCK_STREAM.rawValue)
    public static let noSignal = Int32(MSG_NOSIGNAL)
    public static func connect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 { Glibc.connect(fd, address, length) }
    public static func send(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int { Glibc.send(fd, bytes, count, noSignal) }
    #else
    public static let stream = SOCK_STREAM
    public static func connect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 { Darwin.connect(fd, address, length) }
    public static func send(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int { Darwin.send(fd, bytes, count, 0) }
    #endif
}

extension Trait where Self == ConditionTrait {
    /// Integration tests against the mail rig: skipped when none runs, unless it is required.
    public static var mailRig: Self { .enabled(if: MailRig.shouldRun, Comment(rawValue: MailRig.skipReason)) }
}
