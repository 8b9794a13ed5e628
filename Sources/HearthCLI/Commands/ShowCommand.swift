import ArgumentParser
import Foundation
import HearthCore

/// `hearth show THREAD`: every message of a conversation, oldest first.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a conversation, oldest message first.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Thread id, as `hearth threads` prints it.")
    var thread: Int64

    func run() throws {
        try reportingErrors(json: global.json) {
            let engine = try Engine.open(global)
            let id = ThreadID(thread)
            guard let summary = try engine.store.thread(id) else {
                throw CLIError.notFound("no thread \(thread) (see `hearth threads`)")
            }
            let emails = try engine.store.emails(inThread: id)
            let attachments = try emails.map { try $0.id.map(engine.store.attachments(of:)) ?? [] }
            if global.json {
                let messages = zip(emails, attachments).map { MessageJSON($0, attachments: $1) }
                StandardStreams.out(try JSONOutput.render("thread", ThreadDetailJSON(
                    thread: ThreadJSON(summary), messages: messages)))
                return
            }
            StandardStreams.out("\(summary.subject.isEmpty ? "(no subject)" : summary.subject) — \(summary.messageCount) message(s)")
            for (email, files) in zip(emails, attachments) {
                StandardStreams.out(String(repeating: "─", count: 72))
                StandardStreams.out(TextRendering.message(email, attachments: files))
            }
        }
    }
}
