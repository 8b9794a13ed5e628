import Foundation
import HearthProcess
import HearthTestSupport
import Testing

/// The page scripts are real files (`Sources/HearthWeb/Resources/static/*.js`): node checks
/// their syntax, and its own test runner runs the unit tests of their pure logic
/// (`Tests/HearthWebTests/js/*.test.js`). No npm: node's built-ins only.
@Suite("Web app: page scripts under node", .enabled(if: Subprocess.which("node") != nil, "skipped: node not installed"))
struct ScriptTests {
    static let staticFolder = Corpora.repositoryRoot.appendingPathComponent("Sources/HearthWeb/Resources/static")
    static let testFolder = Corpora.repositoryRoot.appendingPathComponent("Tests/HearthWebTests/js")

    static var node: String { Subprocess.which("node") ?? "node" }

    @Test("every script parses (node --check)")
    func syntax() throws {
        let scripts = try FileManager.default.contentsOfDirectory(atPath: Self.staticFolder.path).filter { $0.hasSuffix(".js") }
        #expect(scripts.contains("app.js") && scripts.contains("logic.js"))
        for name in scripts {
            let outcome = try Subprocess.run(Self.node, ["--check", Self.staticFolder.appendingPathComponent(name).path], timeout: 60)
            #expect(outcome.status == 0, "\(name): \(outcome.stderr)")
        }
    }

    @Test("the logic's unit tests pass (node --test)")
    func unitTests() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.testFolder.path)
            .filter { $0.hasSuffix(".test.js") }.map { Self.testFolder.appendingPathComponent($0).path }
        #expect(!files.isEmpty)
        let outcome = try Subprocess.run(Self.node, ["--test"] + files, mergeStderr: true, timeout: 120)
        #expect(outcome.status == 0, "\(outcome.stdout)")
        // A runner that found no test would also exit 0.
        #expect(outcome.stdout.contains("# pass") && !outcome.stdout.contains("# pass 0"), "\(outcome.stdout)")
    }
}
