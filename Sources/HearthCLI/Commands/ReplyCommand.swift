import ArgumentParser
import Foundation
import HearthApp
import HearthCore
import HearthMIME
import HearthOutbox

/// `hearth reply THREAD`: answer the newest message of a conversation (or `--message ID`).
struct ReplyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reply", abstract: "Reply to a conversation (In-Reply-To/References keep it threaded).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var send: SendOptions

    @Argument(help: "Thread id, as `hearth threads` prints it.") var thread: Int64
    @Option(help: "Reply to this message of the thread instead of the newest.") var message: Int64?
    @Flag(help: "Reply to everyone (the original's To and Cc, without you).") var all = false
    @Option(help: "Body text (else $EDITOR).") var body: String?
    @Flag(help: "Do not quote the original.") var noQuote = false
    @Flag(help: "Render *bold*, _italic_ and [links](url) as an HTML alternative.") var markup = false
    @Flag(help: "Save as a draft instead of sending.") var draft = false

    func run() throws {
        try reportingErrors(json: global.json) { try mappingSendErrors {
            let (thread, message, all, body, quote) = (ThreadID(self.thread), self.message.map(EmailID.init(rawValue:)), self.all, self.body, !noQuote)
            let made = try ReplyCommand.draft({ try await ReplyDrafts($0).make(all ? .replyAll : .reply, thread: thread, message: message,
                                                                               body: body ?? "", quote: quote) }, global: global)
            let pipeline = try SendEngine.open(global, send, defaultAccount: { _ in made.account })
            var reply = made.message
            reply.bodyFormat = markup ? .markup : .plain
            if body == nil {
                let edited = try EditorTemplate.edit(EditorTemplate(
                    from: reply.from, to: reply.to.map(\.formatted), cc: reply.cc.map(\.formatted), bcc: [],
                    subject: reply.subject, body: reply.body, markup: markup), attachments: [])
                reply.to = edited.to; reply.cc = edited.cc; reply.bcc = edited.bcc
                reply.subject = edited.subject; reply.body = edited.body; reply.bodyFormat = edited.bodyFormat
            }
            try pipeline.saveAndSend(reply, draftOnly: draft, json: global.json)
        } }
    }

    /// Builds a reply or forward draft with the application layer, for a synchronous command.
    static func draft(_ make: @escaping @Sendable (AppContext) async throws -> ReplyDrafts.Draft, global: GlobalOptions) throws -> ReplyDrafts.Draft {
        let engine = try Engine.open(global)
        let app = engine.app
        let draft = try AsyncBridge.run { try await make(app) }
        if let note = draft.note { StandardStreams.err("hearth: \(note)") }
        return draft
    }
}

/// `hearth forward THREAD --to X`: forward the newest message, inline or as an attachment.
struct ForwardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forward", abstract: "Forward a message, inline (default) or as an attachment.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var send: SendOptions

    @Argument(help: "Thread id.") var thread: Int64
    @Option(help: "Forward this message of the thread instead of the newest.") var message: Int64?
    @Option(help: "Recipient (repeatable).") var to: [String] = []
    @Option(help: "Text above the forwarded message.") var body: String = ""
    @Flag(name: .customLong("as-attachment"), help: "Attach the original as a message/rfc822 part.") var asAttachment = false
    @Flag(help: "Save as a draft instead of sending.") var draft = false

    func run() throws {
        try reportingErrors(json: global.json) { try mappingSendErrors {
            let recipients = try AppErrors.mapping { try AddressInput.parse(to, field: "--to") }
            let (thread, message, body) = (ThreadID(self.thread), self.message.map(EmailID.init(rawValue:)), self.body)
            let style: ReplyDrafts.ForwardStyle = asAttachment ? .attachment : .inline
            let made = try ReplyCommand.draft({ try await ReplyDrafts($0).make(.forward(style), thread: thread, message: message,
                                                                             body: body, to: recipients) }, global: global)
            let pipeline = try SendEngine.open(global, send, defaultAccount: { _ in made.account })
            try pipeline.saveAndSend(made.message, draftOnly: draft, json: global.json)
        } }
    }
}
