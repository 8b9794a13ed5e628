import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program and measures it the way a benchmark needs: wall time and the child's own peak
/// resident set size (from `wait4`'s rusage, so earlier children do not inflate it).
enum ChildProcess {
    struct Measurement {
        var exitStatus: Int32
        var seconds: Double
        var peakRSSBytes: Int64
    }

    enum Failure: Error, CustomStringConvertible {
        case cannotStart(String, Int32)
        var description: String {
            switch self {
            case .cannotStart(let path, let errno): "cannot start \(path): \(String(cString: strerror(errno)))"
            }
        }
    }

    /// Runs `executable` with `arguments`; stdout and stderr go to `/dev/null` unless `quiet` is false.
    static func measure(_ executable: String, _ arguments: [String], quiet: Bool = true) throws -> Measurement {
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        if quiet {
            posix_spawn_file_actions_addopen(&fileActions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&fileActions, 2, "/dev/null", O_WRONLY, 0)
        }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let started = DispatchTime.now()
        let rc = posix_spawnp(&pid, executable, &fileActions, nil, argv, environ)
        guard rc == 0 else { throw Failure.cannotStart(executable, rc) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        let exited = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Measurement(exitStatus: exited, seconds: seconds, peakRSSBytes: Int64(usage.ru_maxrss) * 1024)
    }

    /// Runs a program to completion and returns its exit status and combined stdout/stderr.
    /// Output goes through a temporary file, not a pipe: a program that leaves a daemon behind
    /// (the rig's `proxy start`, `up`) would hold a pipe open and reading it would never end.
    static func capture(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-child-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: file) }
        let handle = try FileHandle(forWritingTo: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try? handle.close()
        let output = String(decoding: (try? Data(contentsOf: file)) ?? Data(), as: UTF8.self)
        return (process.terminationStatus, output)
    }

    /// Finds a program on PATH.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
