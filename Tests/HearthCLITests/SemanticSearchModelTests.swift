import Foundation
import HearthAI
@testable import HearthCLI
import HearthCore
import HearthSearch
import HearthStore
import HearthTestSupport
import Testing

/// Semantic search with the real embedding model (all-MiniLM-L6-v2 through llama.cpp), end to
/// end: messages imported by `hearth import`, vectors made by the model, a query that shares no
/// word with its answer finds it by meaning, keyword hits still lead a keyword query, and the
/// `hearth search` process reports it. Skipped when the model is not installed, unless
/// HEARTH_REQUIRE_MODELS=1 (then it fails), as the AI tests do.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct SemanticSearchModelTests {
    static var modelInstalled: Bool { ModelManager().installedModel(for: .embedding) != nil }
    static var modelsRequired: Bool { ProcessInfo.processInfo.environment["HEARTH_REQUIRE_MODELS"] == "1" }

    /// Twelve messages on unrelated everyday topics; `travel` is the one the semantic query
    /// must find.
    static let messages: [(key: String, subject: String, body: String)] = [
        ("travel", "Flight to Lisbon confirmed", "Your boarding pass for seat 14C is ready. Departure from gate B7 at 06:40; please be at the terminal two hours early."),
        ("kernel", "Kernel patch for the MIPS timer", "This patch fixes the interrupt handler of the R4000 timer; please apply it to the next release."),
        ("invoice", "Invoice 2291 overdue", "Payment of 450 EUR for the consulting services is now thirty days late. Kindly settle the amount."),
        ("garden", "Tomatoes are ripening", "The greenhouse plants need watering twice a day now; the basil and peppers look healthy too."),
        ("football", "Saturday match result", "Our club won three to one, the striker scored twice in the second half."),
        ("cake", "Chocolate cake recipe", "Mix flour, cocoa, sugar and eggs; bake at 180 degrees for forty minutes."),
        ("outage", "Database server down", "The primary storage node crashed at midnight; the replica took over and we are restoring the disks."),
        ("birthday", "Party for Anna on Friday", "Bring balloons and a present; we meet at her place at eight."),
        ("car", "Brake pads replaced", "The garage changed the front brake pads and the oil; the car is ready for pickup."),
        ("piano", "Piano lessons schedule", "Lessons move to Tuesday afternoons; practise the scales and the Chopin nocturne."),
        ("dentist", "Dentist appointment reminder", "Your check-up and cleaning are booked for Monday at 10."),
        ("moving", "Moving boxes", "The van arrives on the 3rd; label every box with the room it belongs to."),
    ]

    /// The query for `travel`: it shares no word with that message (checked in the test).
    static let semanticQuery = "airplane trip booking abroad"

    static var mbox: String {
        messages.enumerated().map { n, m in
            """
            From sender\(n)@example.org Mon Mar  1 10:\(String(format: "%02d", n)):00 2004
            Message-ID: <\(m.key)@example.org>
            From: Sender \(n) <sender\(n)@example.org>
            To: me@example.org
            Subject: \(m.subject)
            Date: Mon, 1 Mar 2004 10:\(String(format: "%02d", n)):00 +0000

            \(m.body)

            """
        }.joined()
    }

    /// Lower-cased words (letters and digits), as the keyword index splits them.
    static func words(_ text: String) -> Set<String> {
        Set(text.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init))
    }

    /// A data directory with the messages imported by the real binary.
    static func imported(_ label: String) throws -> (HearthBinary, URL) {
        let dir = try Corpora.temporaryDirectory(label)
        let mboxURL = dir.appendingPathComponent("topics.mbox")
        try Data(mbox.utf8).write(to: mboxURL)
        let hearth = HearthBinary(dataDirectory: dir.appendingPathComponent("data"))
        let result = try hearth.run(["import", mboxURL.path, "--json", "--no-progress"])
        guard result.status == 0 else { throw CLIFailure(description: "import failed: \(result.stderr)") }
        return (hearth, dir)
    }

    struct CLIFailure: Error, CustomStringConvertible { let description: String }

    @Test(.enabled(if: modelInstalled || modelsRequired, "skipped: embedding model (minilm) not installed"))
    func aQuerySharingNoWordFindsItsMessageByMeaning() async throws {
        let target = try #require(Self.messages.first { $0.key == "travel" })
        #expect(Self.words(Self.semanticQuery).isDisjoint(with: Self.words(target.subject + " " + target.body + " sender0 example org")))

        let (_, dir) = try Self.imported("hearth-semantic")
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = try MailStore.open(directory: dir.appendingPathComponent("data"))
        let embedder = try #require(try SearchWiring.embedder(named: nil), "the installed model is the default embedder")
        #expect(embedder.modelIdentifier == "minilm")
        let engine = SearchEngine(store: store, embedder: embedder)
        let stored = try await engine.indexManager.embedPending(using: embedder, batchSize: 5)
        #expect(stored == Self.messages.count)

        let subjects = try Dictionary(uniqueKeysWithValues: Self.messages.map { m in
            (try #require(store.database.writer.read { db in
                try Int64.fetchOne(db, sql: "SELECT id FROM email WHERE message_id = ?", arguments: [m.key + "@example.org"])
            }), m.key)
        })
        let semantic = try await engine.search(Self.semanticQuery)
        #expect(semantic.usedSemantic)
        #expect(semantic.keywordHits == 0)
        let first = try #require(semantic.results.first)
        #expect(subjects[first.emailID.rawValue] == "travel", "ranked: \(semantic.results.map { subjects[$0.emailID.rawValue] ?? "?" })")
        #expect(first.matchSource == .semantic)

        // Nonsense has nearest neighbours too, but none similar enough to show (issue 16: the
        // web app listed 48 conversations for it).
        for nonsense in ["zzzzqqq", "qwxzv blorf"] {
            let none = try await engine.search(nonsense)
            #expect(none.usedSemantic)
            #expect(none.results.isEmpty, "\(nonsense): \(none.results.map { subjects[$0.emailID.rawValue] ?? "?" })")
        }

        // A keyword query: its keyword hits come before anything found by meaning alone.
        let keyword = try await engine.search("brake pads")
        #expect(keyword.usedSemantic)
        #expect(keyword.keywordHits == 1)
        #expect(subjects[try #require(keyword.results.first).emailID.rawValue] == "car")
        #expect(keyword.results.first?.matchSource == .both)
        let sources = keyword.results.map(\.matchSource)
        if let firstSemanticOnly = sources.firstIndex(of: .semantic) {
            #expect(!sources[firstSemanticOnly...].contains(.keyword) && !sources[firstSemanticOnly...].contains(.both))
        }
    }

    /// Found by meaning, but only what is close to the best match. One person's mailbox is
    /// full of mail faintly alike (agendas, orders, notes from the same people), all above the
    /// floor: in the demo mailbox "birthday present" listed 1:1 agendas and an invoice after the
    /// birthday mail, and "electricity bill" car insurance and a train order after the bill.
    @Test(.enabled(if: modelInstalled || modelsRequired, "skipped: embedding model (minilm) not installed"))
    func unrelatedMailFoundOnlyByMeaningIsNotListedUnderAClearMatch() async throws {
        let dir = try Corpora.temporaryDirectory("hearth-semantic-tail")
        defer { try? FileManager.default.removeItem(at: dir) }
        let hearth = HearthBinary(dataDirectory: dir.appendingPathComponent("data"))
        let demo = try ExportRoundTripTests.demoMaildir(in: dir)
        let imported = try hearth.run(["import", demo.path, "--account", "alex.morgan@example.com", "--no-progress"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let store = try MailStore.open(directory: dir.appendingPathComponent("data"))
        let embedder = try #require(try SearchWiring.embedder(named: nil))
        let engine = SearchEngine(store: store, embedder: embedder)
        #expect(try await engine.indexManager.embedPending(using: embedder, batchSize: 16) > 90)
        for (query, subject) in [("birthday present", "Mum's birthday — present ideas?"),
                                 ("electricity bill", "Your energy bill: £64.20 due on the 15th")] {
            let found = try await engine.search(query).results.map(\.subject.text)
            #expect(found.first == subject, "\(query): \(found)")
            #expect(found.count <= 3, "\(query): \(found)")
        }
        // Related mail found by meaning alone stays: the e-ticket under the journey reminder.
        let train = try await engine.search("train to york").results.map(\.subject.text)
        #expect(train.first == "Reminder: your journey to York is coming up", "\(train)")
        #expect(train.contains("Your e-ticket: London → York, Friday 28th") && train.count <= 4, "\(train)")
    }

    @Test(.enabled(if: modelInstalled || modelsRequired, "skipped: embedding model (minilm) not installed"))
    func hearthSearchUsesTheInstalledModelAndStaysKeywordOnlyWithoutIt() throws {
        let (hearth, dir) = try Self.imported("hearth-semantic-cli")
        defer { try? FileManager.default.removeItem(at: dir) }

        let reindex = try hearth.run(["reindex", "--json", "--no-progress"])
        #expect(reindex.status == 0, "\(reindex.stderr)")
        let report = try #require(try reindex.jsonData() as? [String: Any])
        #expect(report["embeddingModel"] as? String == "minilm")
        #expect(report["embedded"] as? Int == Self.messages.count)
        #expect(report["pendingEmbeddings"] as? Int == 0)

        func search(_ query: String, environment: [String: String] = [:]) throws -> [String: Any] {
            let result = try hearth.run(["search", query, "--json", "--no-history"], environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            return try #require(try result.jsonData() as? [String: Any])
        }
        func sources(_ data: [String: Any]) -> [String] {
            ((data["results"] as? [[String: Any]]) ?? []).compactMap { $0["matchSource"] as? String }
        }

        let semantic = try search(Self.semanticQuery)
        #expect(semantic["usedSemantic"] as? Bool == true)
        #expect(sources(semantic).first == "semantic")
        let subjects = ((semantic["results"] as? [[String: Any]]) ?? []).compactMap { ($0["subject"] as? [String: Any])?["text"] as? String }
        #expect(subjects.first == "Flight to Lisbon confirmed")

        let keyword = try search("brake pads")
        #expect(keyword["usedSemantic"] as? Bool == true)
        #expect(sources(keyword).first == "both")

        // No model installed (an empty model directory): the same searches, keyword-only, no error.
        let empty = dir.appendingPathComponent("no-models")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let withoutModel = try search("brake pads", environment: ["HEARTH_MODEL_CACHE": empty.path])
        #expect(withoutModel["usedSemantic"] as? Bool == false)
        #expect(sources(withoutModel) == ["keyword"])
        let nothing = try search(Self.semanticQuery, environment: ["HEARTH_MODEL_CACHE": empty.path])
        #expect(nothing["usedSemantic"] as? Bool == false)
        #expect(sources(nothing).isEmpty)
        // Asking for the model explicitly when it is absent is an error that says what to do.
        let insisted = try hearth.run(["search", "brake", "--embedder", "minilm", "--no-history"],
                                      environment: ["HEARTH_MODEL_CACHE": empty.path])
        #expect(insisted.status != 0)
        #expect(insisted.stderr.contains("not installed"))
    }
}
