import Foundation
@testable import HearthBench
import HearthCLI
import Testing

/// Paths come from the environment with clear errors, never from a guessed /tmp or ../shared.
@Suite struct BenchEnvironmentTests {
    @Test func corporaMustBeNamed() throws {
        #expect(BenchEnvironment.corporaIfSet(environment: [:]) == nil)
        #expect(throws: CLIError.self) { try BenchEnvironment.corpora(environment: [:]) }
        do {
            _ = try BenchEnvironment.corpora(environment: [:])
        } catch {
            #expect(String(describing: error).contains("HEARTH_CORPORA is not set"))
        }
        let missing = "/nonexistent-\(UUID().uuidString)"
        do {
            _ = try BenchEnvironment.corpora(environment: ["HEARTH_CORPORA": missing])
            Issue.record("a missing corpora folder was accepted")
        } catch {
            #expect(String(describing: error).contains("\(missing) is not a folder"))
        }
        let here = FileManager.default.temporaryDirectory.path
        #expect(try BenchEnvironment.corpora(environment: ["HEARTH_CORPORA": here]).path == here)
    }

    @Test func rigValuesFromASourcedEnvironmentOrTheNamedFile() throws {
        let sourced = try BenchEnvironment.rigValues(environment: ["RIG_CA": "/ca.pem", "RIG_IMAPS_PORT": "1993", "HOME": "/h"])
        #expect(sourced == ["RIG_CA": "/ca.pem", "RIG_IMAPS_PORT": "1993"])

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rig-env-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try "export RIG_CA=/x/ca.pem\nexport RIG_SUBMISSIONS_PORT=1465  # TLS\n".write(to: file, atomically: true, encoding: .utf8)
        let fromFile = try BenchEnvironment.rigValues(environment: ["RIG_ENV_FILE": file.path])
        #expect(fromFile["RIG_SUBMISSIONS_PORT"] == "1465" && fromFile["RIG_CA"] == "/x/ca.pem")

        do {
            _ = try BenchEnvironment.rigValues(environment: [:])
            Issue.record("no rig variables were accepted")
        } catch {
            #expect(String(describing: error).contains("RIG_ENV_FILE"))
        }
    }

    @Test func hearthBinaryFromHEARTH_BINMustBeExecutable() throws {
        let notExecutable = FileManager.default.temporaryDirectory.appendingPathComponent("not-hearth-\(UUID().uuidString)")
        try Data("x".utf8).write(to: notExecutable)
        defer { try? FileManager.default.removeItem(at: notExecutable) }
        do {
            _ = try BenchEnvironment.hearthExecutable(environment: ["HEARTH_BIN": notExecutable.path])
            Issue.record("a non-executable HEARTH_BIN was accepted")
        } catch {
            #expect(String(describing: error).contains("is not an executable file"))
        }
        #expect(try BenchEnvironment.hearthExecutable(environment: ["HEARTH_BIN": "/bin/sh"]) == "/bin/sh")
    }

    @Test func evaluationWithoutCorporaSaysWhatToSet() throws {
        let result = try BuiltExecutable.named("hearth-bench").run(["categorize", "--no-llm"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("HEARTH_CORPORA"))
    }
}

/// The product binary lists what a user needs; the benchmarks live in `hearth-bench`.
@Suite struct BenchOutsideTheProductTests {
    @Test func hearthHelpHasNoBenchmarks() throws {
        let help = try BuiltExecutable.named("hearth").run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("threads"))
        #expect(!help.stdout.contains("bench"))
        let refused = try BuiltExecutable.named("hearth").run(["bench", "import"])
        #expect(refused.status == 64)
        let eval = try BuiltExecutable.named("hearth").run(["categorize", "--eval"])
        #expect(eval.status == 64)
    }

    @Test func hearthBenchListsEveryBenchmark() throws {
        let help = try BuiltExecutable.named("hearth-bench").run(["--help"])
        #expect(help.status == 0)
        for command in ["import", "sync", "ai", "search", "send", "web", "categorize"] {
            #expect(help.stdout.contains("  \(command) "), "\(command) missing from hearth-bench --help")
        }
    }
}
