import Foundation
import HearthCLI
import HearthProcess

/// The benchmark's view of a child program: wall time, exit status and the child's own peak
/// resident set size. A thin layer over `Subprocess` (HearthProcess), which explains why
/// Foundation's `Process` is not used.
enum ChildProcess {
    struct Measurement {
        var exitStatus: Int32
        var seconds: Double
        var peakRSSBytes: Int64
    }

    /// Runs `executable` with `arguments`; stdout and stderr go to `/dev/null` unless `quiet` is false.
    static func measure(_ executable: String, _ arguments: [String], quiet: Bool = true) throws -> Measurement {
        let output: Subprocess.Output = quiet ? .discard : .inherit
        let outcome = try Subprocess.run(executable, arguments, stdout: output, stderr: output)
        return Measurement(exitStatus: outcome.status, seconds: outcome.seconds, peakRSSBytes: outcome.peakRSSBytes)
    }

    /// Runs a program to completion and returns its exit status and combined stdout/stderr.
    static func capture(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let outcome = try Subprocess.run(executable, arguments, mergeStderr: true)
        return (outcome.status, outcome.stdout)
    }

    /// Finds a program on PATH.
    static func which(_ name: String) -> String? { Subprocess.which(name) }
}
