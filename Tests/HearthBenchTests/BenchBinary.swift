import Foundation
import HearthProcess

/// Runs a built executable of the package (`hearth-bench`, `hearth`) as a developer would, with
/// exactly the environment given plus PATH/HOME: nothing of the test runner's own rig or corpora
/// variables leaks in, so "missing" really is missing.
struct BuiltExecutable {
    struct Result { var status: Int32; var stdout: String; var stderr: String }

    let url: URL

    /// The executable sits next to the test bundle in the build products directory.
    static func named(_ name: String) -> BuiltExecutable {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        let dir = candidates.first { FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent(name).path) } ?? candidates[0]
        return BuiltExecutable(url: dir.appendingPathComponent(name))
    }

    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let inherited = ProcessInfo.processInfo.environment
        var env = ["PATH": inherited["PATH"] ?? "/usr/bin:/bin", "HOME": inherited["HOME"] ?? "/root"]
        env.merge(environment) { $1 }
        let outcome = try Subprocess.run(url.path, arguments, environment: env, timeout: 300)
        return Result(status: outcome.status, stdout: outcome.stdout, stderr: outcome.stderr)
    }
}
