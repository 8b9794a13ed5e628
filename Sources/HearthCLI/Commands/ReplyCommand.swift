import ArgumentParser
import Foundation
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
            let pipeline = try SendEngine.open(global, send)
            let original = try ThreadPick.message(pipeline, thread: thread, message: message)
            let me = EmailAddress(name: pipeline.account.displayName, address: pipeline.account.email)
            var reply = ReplyBuilder.reply(to: OriginalMessage(original, raw: nil), from: me, all: all,
                                           body: body ?? "", quote: !noQuote)
            reply.bodyFormat = markup ? .markup : .plain
            if body == nil {
                let edited = try EditorTemplate.edit(EditorTemplate(
                    from: me, to: reply.to.map(\.formatted), cc: reply.cc.map(\.formatted), bcc: [],
                    subject: reply.subject, body: reply.body, markup: markup), attachments: [])
                reply.to = edited.to; reply.cc = edited.cc; reply.bcc = edited.bcc
                reply.subject = edited.subject; reply.body = edited.body; reply.bodyFormat = edited.bodyFormat
            }
            try pipeline.saveAndSend(reply, draftOnly: draft, json: global.json)
        } }
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
            let pipeline = try SendEngine.open(global, send)
            let original = try ThreadPick.message(pipeline, thread: thread, message: message)
            let raw = try ForwardSource.raw(of: original, engine: pipeline.engine, required: asAttachment)
            let me = EmailAddress(name: pipeline.account.displayName, address: pipeline.account.email)
            let forward: ComposedMessage
            do {
                forward = try ReplyBuilder.forward(OriginalMessage(original, raw: raw), from: me,
                                                   style: asAttachment ? .attachment : .inline,
                                                   to: try SendEngine.addresses(to), body: body)
            } catch {
                throw CLIError.notFound("\(error)")
            }
            try pipeline.saveAndSend(forward, draftOnly: draft, json: global.json)
        } }
    }
}

enum ThreadPick {
    /// The chosen message of a thread: `message` if given (it must be in the thread), else the newest.
    static func message(_ pipeline: SendEngine, thread: Int64, message: Int64?) throws -> Email {
        let emails = try pipeline.engine.store.emails(inThread: ThreadID(thread))
        guard !emails.isEmpty else { throw CLIError.notFound("no thread \(thread) (see `hearth threads`)") }
        if let message {
            guard let match = emails.first(where: { $0.id?.rawValue == message }) else {
                throw CLIError.notFound("message \(message) is not in thread \(thread)")
            }
            return match
        }
        return emails.last { !$0.isDraft } ?? emails[emails.count - 1]
    }
}

/// The original's raw source for a forward: stored for imported and sent mail, fetched from the
/// server (`BODY.PEEK[]`) for synced mail. As an attachment it is required (the typed error
/// says why it is missing); inline it only re-attaches the original's files, so the forward
/// goes without them when the server cannot be reached.
enum ForwardSource {
    static func raw(of original: Email, engine: Engine, required: Bool) throws -> Data? {
        guard let id = original.id else { return nil }
        if let stored = try engine.store.rawSource(of: id) { return stored }
        do {
            return try AsyncBridge.run { try await engine.rawSource(of: id) }
        } catch {
            if required { throw error }
            StandardStreams.err("hearth: the original's attachments are not included: \(error)")
            return nil
        }
    }
}
