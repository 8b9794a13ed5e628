import Foundation
import HearthTestSupport
import HearthThreading
import Testing

/// The Dovecot imaptest THREAD scripts as an oracle: every expected `* THREAD` answer, after each
/// append/store/expunge step, must be reproduced character for character by our REFERENCES
/// (`ReferenceThreader(.rfc5256)`) and ORDEREDSUBJECT (`OrderedSubjectThreader`) forests.
@Suite("RFC 5256 oracle (imaptest)")
struct ImaptestOracleTests {
    static let folder = "threading-imaptest-rfc5256"
    static let scripts = [
        "thread", "thread2", "thread3", "thread4", "thread5", "thread6", "thread7", "thread8",
        "thread-orderedsubject", "thread-orderedsubject2",
    ]
    /// Expected answers in the scripts, and how many we reproduce; the suite fails below this.
    static let expectedAnswers = 16
    static let requiredMatches = 16

    static func load(_ name: String) throws -> ImaptestScript {
        let script = try String(contentsOf: Corpora.url("\(folder)/\(name)"), encoding: .utf8)
        return try ImaptestScript(name: name, script: script, mbox: Corpora.url("\(folder)/\(name).mbox"))
    }

    @Test(.corporaPresent, arguments: scripts)
    func script(_ name: String) throws {
        let outcomes = try Self.load(name).run()
        #expect(!outcomes.isEmpty, "\(name) states no THREAD answer")
        for (step, outcome) in outcomes.enumerated() {
            #expect(outcome.actual == outcome.expected,
                    "\(name) answer \(step + 1) (\(outcome.algorithm.rawValue))")
        }
    }

    @Test(.corporaPresent)
    func matchCount() throws {
        var total = 0, matched = 0
        for name in Self.scripts {
            for outcome in try Self.load(name).run() {
                total += 1
                if outcome.matches { matched += 1 } else {
                    print("imaptest \(name): expected \(outcome.expected) got \(outcome.actual)")
                }
            }
        }
        print("imaptest THREAD oracle: \(matched) of \(total) expected answers reproduced")
        #expect(total == Self.expectedAnswers)
        #expect(matched >= Self.requiredMatches)
    }

    /// Every THREAD script in the corpus is covered by the list above.
    @Test(.corporaPresent)
    func everyScriptIsListed() {
        let found = Corpora.files(in: Self.folder) {
            $0.lastPathComponent.hasPrefix("thread") && $0.pathExtension.isEmpty
        }.map(\.lastPathComponent)
        #expect(Set(found) == Set(Self.scripts))
    }
}
