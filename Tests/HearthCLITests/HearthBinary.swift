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
        // `--data-dir` belongs to each subcommand, so it goes right after the subcommand's name.
        var args = arguments
        if useDataDir, !args.isEmpty { args.insert(contentsOf: ["--data-dir", dataDirectory.path], at: 1) }
        process.arguments = args
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        // stderr goes to a file so a chatty child can never fill a pipe nobody is reading.
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errURL) }
        let err = try FileHandle(forWritingTo: errURL)
        let out = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try? err.close()
        let errData = (try? Data(contentsOf: errURL)) ?? Data()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }
}
