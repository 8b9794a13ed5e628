import Foundation

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
    func run(_ arguments: [String], environment: [String: String] = [:], useDataDir: Bool = true) throws -> Result {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = useDataDir ? ["--data-dir", dataDirectory.path] + arguments : arguments
        // Subcommand options must follow the subcommand name.
        if useDataDir, let first = arguments.first, !first.hasPrefix("-") {
            process.arguments = [first, "--data-dir", dataDirectory.path] + arguments.dropFirst()
            if first == "bench" { process.arguments = arguments }
        }
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes concurrently-safe: outputs are small in these tests.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }
}
