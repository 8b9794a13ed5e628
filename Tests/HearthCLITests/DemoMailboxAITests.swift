import Foundation
import HearthCore
import HearthStore
import Testing

/// The first run's demo mailbox with the installed models (`hearth import --ai`, as
/// scripts/run.sh runs it): every message gets a category, the category tabs are not empty, and
/// long conversations get a summary. Without the models: a note, the import still succeeds.
@Suite("Demo mailbox sorted by the installed AI models")
struct DemoMailboxAITests {
    @Test(.enabled(if: AIModels.present || AIModels.required, Comment(rawValue: AIModels.skipReason)))
    func importWithAIFillsTheCategoryTabs() throws {
        let dir = try ExportRoundTripTests.tempDirectory("hearth-demo-ai")
        defer { try? FileManager.default.removeItem(at: dir) }
        let hearth = HearthBinary(dataDirectory: dir.appendingPathComponent("data"))
        let imported = try hearth.run(["import", try ExportRoundTripTests.demoMaildir(in: dir).path,
                                       "--account", ExportRoundTripTests.address, "--ai", "--no-progress"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains("AI: categorised"), "\(imported.stderr)")

        let store = try MailStore.open(directory: dir.appendingPathComponent("data"))
        let threads = try store.threads(ThreadQuery(limit: 500))
        let emails = try threads.compactMap(\.id).flatMap { try store.emails(inThread: $0) }
        var perCategory: [AICategory: Int] = [:]
        for email in emails {
            let id = try #require(email.id)
            let assignment = try #require(try store.categoryAssignment(of: id), "\(email.subject) has no category")
            perCategory[assignment.category, default: 0] += 1
        }
        // Conversations with people are Primary; newsletters, receipts, the list and the
        // notifications fill the other tabs.
        #expect(perCategory[.primary, default: 0] >= 20, "\(perCategory)")
        #expect(perCategory[.forums, default: 0] >= 5, "\(perCategory)")
        #expect(perCategory[.promotions, default: 0] + perCategory[.updates, default: 0] + perCategory[.social, default: 0] >= 30, "\(perCategory)")
        let launch = try #require(emails.first { $0.subject.hasPrefix("Onboarding redesign") })
        #expect(try store.categoryAssignment(of: try #require(launch.id))?.category == .primary)
        #expect(imported.stderr.contains("summarised"), "\(imported.stderr)")
    }

    @Test("Without a model: the import succeeds and says the mail stays unsorted")
    func importWithoutModels() throws {
        let dir = try ExportRoundTripTests.tempDirectory("hearth-demo-noai")
        defer { try? FileManager.default.removeItem(at: dir) }
        let hearth = HearthBinary(dataDirectory: dir.appendingPathComponent("data"))
        let imported = try hearth.run(["import", try ExportRoundTripTests.demoMaildir(in: dir).path,
                                       "--account", ExportRoundTripTests.address, "--ai"],
                                      environment: ["HEARTH_MODEL_CACHE": dir.appendingPathComponent("no-models").path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains("no model installed"), "\(imported.stderr)")
    }
}
