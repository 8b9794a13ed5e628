import Foundation
import HearthProcess

/// Runs the built `hearth` executable as a user would, capturing stdout, stderr and the exit code.
struct HearthBinary {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String

        /// The `data` member of a `--json` envelope.
        func jsonData() throws -> Any {
            let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
            guard let envelope = object as? [String: Any], let data = envelope["data"] else {
                throw CocoaError(.coderReadCorrupt)
            }
            return data
        }
    }

    /// The executable sits next to the test bundle in the build products directory.
    static let executable: URL = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        for dir in candidates {
            let url = dir.appendingPathComponent("hearth")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return candidates[0].appendingPathComponent("hearth")
    }()

    let dataDirectory: URL

    @discardableResult
    func run(_ arguments: [String], environment: [String: String] = [:], useDataDir: Bool = true,
             stdin: String? = nil) throws -> Result {
        // `--data-dir` belongs to each subcommand, so it goes right after the subcommand's name.
        var args = arguments
        if useDataDir, !args.isEmpty { args.insert(contentsOf: ["--data-dir", dataDirectory.path], at: 1) }
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        // Bounded: a hung child fails its test instead of the whole CI run.
        let outcome = try Subprocess.run(Self.executable.path, args, environment: env, stdin: stdin, timeout: 600)
        return Result(status: outcome.status, stdout: outcome.stdout, stderr: outcome.stderr)
    }
}
