import Foundation
import HearthProcess
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// NFR-SET-01: a setting survives a kill -9 of the process that wrote it. The child writes, says
/// so on stdout, and is killed with SIGKILL while still running (no clean close, no checkpoint);
/// a new process must read the value.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct SettingsKillTests {
    @Test func aSettingSurvivesKillDashNine() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-settings-kill-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let hearth = HearthBinary(dataDirectory: dir)
        // `settings set` sets a data directory up (`get` on one without a mailbox exits 66).
        #expect(try hearth.run(["settings", "set", "--data-dir", dir.path, "theme", "system"], useDataDir: false).status == 0)
        #expect(try hearth.run(["settings", "get", "--data-dir", dir.path, "theme"], useDataDir: false).stdout.contains("system"))

        let output = dir.appendingPathComponent("child.out")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: output.path, contents: nil)
        let child = Process()
        child.executableURL = HearthBinary.executable
        child.arguments = ["settings", "set", "--data-dir", dir.path, "theme", "dark", "--hold-after-write-seconds", "30"]
        child.standardOutput = try FileHandle(forWritingTo: output)
        try child.run()
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !((try? String(contentsOf: output, encoding: .utf8)) ?? "").contains("theme = dark") {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(child.isRunning, "the writer is still alive when it is killed")
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        #expect(child.terminationReason == .uncaughtSignal)
        let read = try hearth.run(["settings", "get", "--data-dir", dir.path, "theme"], useDataDir: false)
        #expect(read.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "dark", "\(read.stderr)")
    }
}
