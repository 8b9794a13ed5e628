import ArgumentParser
import Foundation
import HearthAI
import HearthApp
import HearthCore

/// `hearth summarize THREAD`: a 2–4 sentence summary, cached until the thread grows.
struct SummarizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "summarize", abstract: "Summarise a conversation on this machine (cached until it grows).")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Thread id, as `hearth threads` prints it.") var thread: Int64
    @Flag(help: "Write a new summary even if the cached one is still valid.") var refresh = false

    func run() throws {
        try reportingAIErrors(json: global.json) {
            let engine = try Engine.open(global)
            let store = engine.store
            let (id, refresh) = (ThreadID(thread), refresh)
            let result = try AsyncBridge.run {
                let summarizer = AIServices().generator().map { ThreadSummarizer(generator: $0) }
                return try await ThreadSummaryService(summarizer: summarizer, emails: store, threads: store, store: store)
                    .summary(of: id, refresh: refresh)
            }
            if global.json {
                struct Out: Encodable { let threadId: Int64; let summary: String; let cached: Bool; let model: String }
                StandardStreams.out(try JSONOutput.render("summary", Out(threadId: thread, summary: result.text, cached: result.cached, model: result.modelIdentifier)))
            } else {
                StandardStreams.out(result.text)
                StandardStreams.err(result.cached ? "(cached, \(result.modelIdentifier))"
                                    : String(format: "(%@, %.1f s)", result.modelIdentifier,
                                             (result.output?.promptSeconds ?? 0) + (result.output?.generationSeconds ?? 0)))
            }
        }
    }
}

/// `hearth replies THREAD`: three suggested replies (yes, a question, and a no to a request or a thanks to a note) to the newest message.
struct RepliesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replies", abstract: "Suggest three short replies to a conversation's newest message.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Thread id.") var thread: Int64

    func run() throws {
        try reportingAIErrors(json: global.json) {
            let engine = try Engine.open(global)
            guard let generator = AIServices().generator() else { throw AIServices.unavailable("Smart reply") }
            let (store, id) = (engine.store, ThreadID(thread))
            let made = try AsyncBridge.run { try await SuggestedReplies.suggest(for: id, store: store, generator: generator) }
            let replies = made.replies
            if let note = made.note { StandardStreams.err(note) }
            if global.json {
                StandardStreams.out(try JSONOutput.render("replies", replies))
            } else {
                for reply in replies { StandardStreams.out("\(reply.intent.rawValue): \(reply.text)") }
            }
        }
    }
}
