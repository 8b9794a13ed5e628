import Foundation
import Testing

/// Runs `testenv/browser/harness.py` (a real headless Chromium over the DevTools protocol) on
/// HTML pages and decodes its report. Output goes to a temporary file, never a pipe, and the
/// run is bounded: the process is killed at the deadline.
public enum BrowserHarness {
    public static let script = Corpora.repositoryRoot.appendingPathComponent("testenv/browser/harness.py")

    /// Chromium as Debian installs it (`chromium`), or `$HEARTH_CHROMIUM`.
    public static var chromiumPath: String? {
        if let env = ProcessInfo.processInfo.environment["HEARTH_CHROMIUM"], !env.isEmpty { return env }
        return ["/usr/lib/chromium/chromium", "/usr/bin/chromium"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    public static var isAvailable: Bool {
        chromiumPath != nil && FileManager.default.fileExists(atPath: "/usr/bin/python3")
    }

    public static let skipReason = "skipped: Chromium not installed (scripts/setup-system.sh installs it)"

    public struct Request: Decodable, Sendable {
        public let url: String
        public let resourceType: String?
        public let served: Bool
        public let unintercepted: Bool?
        public let browser: Bool?
    }

    public struct Dialog: Decodable, Sendable { public let type: String?; public let message: String? }
    public struct ConsoleEntry: Decodable, Sendable { public let type: String?; public let text: String? }
    public struct Script: Decodable, Sendable { public let url: String?; public let frameId: String? }
    public struct FrameRef: Decodable, Sendable { public let name: String?; public let frameId: String? }

    public struct Page: Decodable, Sendable {
        public let file: String
        public let loaded: Bool?
        public let error: String?
        public let dialogs: [Dialog]?
        public let console: [ConsoleEntry]?
        public let scripts: [Script]?
        public let mutatedFrames: [FrameRef]?
        public let requests: [Request]?
        public let scriptlessFrames: Int?
        public let text: String?
        public let frameText: [String: String]?

        /// Requests that were not the page itself, the app's inline-image route or the
        /// browser's own favicon: what would have left the machine.
        public var outgoingRequests: [Request] { (requests ?? []).filter { !$0.served } }
        public var somethingRan: Bool {
            !(dialogs ?? []).isEmpty || !(console ?? []).isEmpty || !(scripts ?? []).isEmpty || !(mutatedFrames ?? []).isEmpty
        }
    }

    public struct Report: Decodable, Sendable {
        public let chromium: String?
        public let pages: [Page]
        public let seconds: Double?
    }

    public enum Failure: Error, CustomStringConvertible {
        case timedOut(seconds: Double)
        case failed(status: Int32, stderr: String)
        public var description: String {
            switch self {
            case .timedOut(let s): "browser harness did not finish within \(s) s"
            case .failed(let status, let stderr): "browser harness exited \(status): \(stderr)"
            }
        }
    }

    /// Loads the pages and returns the report. `arguments` are extra harness options
    /// (`--text`, `--scripts-disabled`, `--settle-ms N`).
    public static func run(pages: [URL], arguments: [String] = [], timeout: Double = 110) throws -> Report {
        let dir = try Corpora.temporaryDirectory("hearth-browser")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("report.json")
        let errors = dir.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let list = dir.appendingPathComponent("pages.txt")
        try pages.map(\.path).joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script.path, "--list", list.path, "--out", out.path, "--total-timeout", String(Int(timeout - 5))] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errorHandle = try FileHandle(forWritingTo: errors)
        defer { try? errorHandle.close() }
        process.standardError = errorHandle
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            process.terminate()
            Thread.sleep(forTimeInterval: 1)
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            throw Failure.timedOut(seconds: timeout)
        }
        guard process.terminationStatus == 0 else {
            let text = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw Failure.failed(status: process.terminationStatus, stderr: String(text.suffix(2_000)))
        }
        return try JSONDecoder().decode(Report.self, from: Data(contentsOf: out))
    }
}

extension Trait where Self == ConditionTrait {
    /// Skips the test (saying why) when no Chromium is installed.
    public static var browserPresent: Self {
        .enabled(if: BrowserHarness.isAvailable, Comment(rawValue: BrowserHarness.skipReason))
    }
}
