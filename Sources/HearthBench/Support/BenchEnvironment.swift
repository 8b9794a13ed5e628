import Foundation
import HearthCLI

/// Where `hearth-bench` finds what it measures. Everything comes from environment variables (or a
/// command's own flags), never from a guessed location such as a sibling checkout or a fixed
/// temporary folder: a missing one is an error that says which variable to set.
enum BenchEnvironment {
    static let help = """
        Environment: HEARTH_BIN, the `hearth` executable measured as a process (default: the one \
        next to hearth-bench); HEARTH_CORPORA, the folder of real-mail corpora (import, search, ai, \
        categorize); the mail rig's endpoints (sync, send): its variables after `source`-ing the env \
        file `testenv/rig/rig up` writes, or RIG_ENV_FILE naming that file; RIG_BIN, the rig command \
        (sync; default: testenv/rig/rig under the current directory).
        """

    /// This program, to run itself as a measured child (`hearth-bench sync _run`).
    static func selfExecutable() -> String {
        Bundle.main.executableURL?.standardizedFileURL.path ?? CommandLine.arguments[0]
    }

    /// The `hearth` binary: `$HEARTH_BIN`, else the one built next to this program.
    static func hearthExecutable(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        if let explicit = environment["HEARTH_BIN"], !explicit.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: explicit) else {
                throw CLIError.notFound("HEARTH_BIN=\(explicit) is not an executable file")
            }
            return URL(fileURLWithPath: explicit).standardizedFileURL.path
        }
        let sibling = URL(fileURLWithPath: selfExecutable()).deletingLastPathComponent().appendingPathComponent("hearth").path
        guard FileManager.default.isExecutableFile(atPath: sibling) else {
            throw CLIError.notFound("no `hearth` executable at \(sibling): build it (swift build --product hearth) or set HEARTH_BIN")
        }
        return sibling
    }

    /// The corpora folder named by `$HEARTH_CORPORA`, or nil when the variable is unset.
    static func corporaIfSet(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        guard let root = environment["HEARTH_CORPORA"], !root.isEmpty else { return nil }
        return URL(fileURLWithPath: root)
    }

    /// The corpora folder; an error saying what to set when it is not given or not there.
    static func corpora(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> URL {
        guard let root = corporaIfSet(environment: environment) else {
            throw CLIError.notFound("HEARTH_CORPORA is not set: set it to the folder holding the real-mail corpora")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CLIError.notFound("HEARTH_CORPORA=\(root.path) is not a folder")
        }
        return root
    }

    /// The rig's `RIG_*` variables: from this process's environment when the rig's env file was
    /// sourced (`RIG_CA` set), else from the file `$RIG_ENV_FILE` names.
    static func rigValues(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> [String: String] {
        if environment["RIG_CA"] != nil { return environment.filter { $0.key.hasPrefix("RIG_") } }
        guard let path = environment["RIG_ENV_FILE"], !path.isEmpty else {
            throw CLIError.notFound("the mail rig's endpoints are unknown: source the env file it writes, or set RIG_ENV_FILE "
                                    + "to it (start the rig: testenv/rig/rig up)")
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw CLIError.notFound("no rig environment at \(path): start the rig: testenv/rig/rig up")
        }
        return RigEnvironment.parse(text)
    }
}
