import ArgumentParser
import Foundation
import HearthApp
import HearthCore
import HearthOutbox

/// `hearth outbox`: what is on its way, and the user's actions on it (proposal §3.5).
struct OutboxCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outbox", abstract: "Messages on their way: list, send now, retry, discard, edit.",
        subcommands: [OutboxListCommand.self, OutboxFlushCommand.self, OutboxRetryCommand.self,
                      OutboxDiscardCommand.self, OutboxEditCommand.self],
        defaultSubcommand: OutboxListCommand.self)
}

struct OutboxEntryJSON: Encodable {
    let id: Int64
    let accountId: Int64
    let status: String
    let phase: String
    let sendState: String
    let retryCount: Int
    let nextAttempt: Date?
    let lastError: String?
    let subject: String
    let to: [AddressJSON]
    let messageId: String?

    init(_ entry: OutboxEntry, now: Date) {
        id = entry.emailID.rawValue; accountId = entry.accountID.rawValue; status = entry.status(now: now)
        phase = entry.phase.rawValue; sendState = entry.sendState.rawValue; retryCount = entry.retryCount
        nextAttempt = entry.nextAttempt; lastError = entry.lastError; subject = entry.message.subject
        to = (entry.message.to + entry.message.cc).map(AddressJSON.init); messageId = entry.message.messageID
    }
}

/// `hearth outbox [list] [--drafts]`. Starting any outbox command first recovers what a killed
/// process left: an undo window becomes a draft (never sent), an interrupted send is queued.
struct OutboxListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the outbox (and drafts with --drafts).")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var send: SendOptions
    @Flag(help: "Include drafts.") var drafts = false

    func run() throws {
        try reportingErrors(json: global.json) { try mappingSendErrors {
            let engine = try Engine.open(global)
            let credentials = engine.app.credentials.overriding(.init(passwordCommand: send.passwordCommand, tokenCommand: send.tokenCommand))
            let sending = Sending(engine.app, credentials: credentials)
            // Only the named account's messages and drafts; every account's without --account.
            let account = try send.account.map { try engine.account(matching: $0).id }
            let outbox = try AppErrors.mapping { try sending.outbox() }
            _ = try AsyncBridge.run { await outbox.recoverAfterRestart() }
            let include = drafts
            let entries = try AsyncBridge.run { try await sending.list(account: account ?? nil, includeDrafts: include) }
            let now = Date()
            if global.json {
                StandardStreams.out(try JSONOutput.render("outbox", entries.map { OutboxEntryJSON($0, now: now) }))
            } else if entries.isEmpty {
                StandardStreams.out(drafts ? "No drafts and nothing in the outbox." : "The outbox is empty.")
            } else {
                for e in entries {
                    let to = (e.message.to + e.message.cc).map(\.address).joined(separator: ", ")
                    var line = "\(e.emailID.rawValue)\t\(e.status(now: now))\t\(to)\t\(e.message.subject)"
                    if let error = e.lastError { line += "\t(\(error))" }
                    StandardStreams.out(line)
                }
            }
        } }
    }
}

/// `hearth outbox send`: send every due message now (e.g. after coming back online).
struct OutboxFlushCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "send", abstract: "Send what is due now; waiting messages count as due (connectivity is back).")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var send: SendOptions

    func run() throws {
        try reportingErrors(json: global.json) { try mappingSendErrors {
            let pipeline = try SendEngine.open(global, send)
            let outbox = pipeline.outbox
            let outcomes = try AsyncBridge.run { () async throws -> [EmailID: Outbox.DeliveryOutcome] in
                _ = await outbox.recoverAfterRestart()
                try await outbox.connectivityRestored()
                return await outbox.processQueue()
            }
            let reports = try outcomes.sorted { $0.key < $1.key }.map {
                SendReport(id: $0.key.rawValue, $0.value, queueStatus: try pipeline.engine.store.email($0.key)?.sendState.rawValue)
            }
            if global.json { StandardStreams.out(try JSONOutput.render("outbox.send", reports)) }
            else if reports.isEmpty { StandardStreams.out("Nothing to send.") }
            else { for r in reports { try r.print(json: false) } }
        } }
    }
}

struct OutboxRetryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "retry", abstract: "Queue a failed message again (a fresh retry schedule) and try it now.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var send: SendOptions
    @Argument(help: "Message id (see `hearth outbox`).") var id: Int64

    func run() throws {
        try reportingErrors(json: global.json) { try mappingSendErrors {
            let pipeline = try SendEngine.open(global, send)
            let outbox = pipeline.outbox
            let target = EmailID(id)
            let outcome = try AsyncBridge.run { () async throws -> Outbox.DeliveryOutcome? in
                try await outbox.retry(target)
                return await outbox.processQueue()[target]
            }
            try SendReport(id: id, outcome ?? .skipped("not due"), queueStatus: try pipeline.engine.store.email(target)?.sendState.rawValue)
                .print(json: global.json)
        } }
    }
}

struct OutboxDiscardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "discard", abstract: "Discard a draft or an unsent message.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var send: SendOptions
    @Argument(help: "Message id.") var id: Int64

    func run() throws {
        try reportingErrors(json: global.json) { try mappingSendErrors {
            let pipeline = try SendEngine.open(global, send)
            let outbox = pipeline.outbox
            let target = EmailID(id)
            try AsyncBridge.run { try await outbox.discard(target) }
            try SendReport(id: id, outcome: "discarded", detail: nil).print(json: global.json)
        } }
    }
}

/// `hearth outbox edit ID`: back to drafts, open in $EDITOR, save (send with `--send`).
struct OutboxEditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "Return a queued or failed message to drafts and edit it.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var send: SendOptions
    @Argument(help: "Message id.") var id: Int64
    @Flag(help: "Send it after editing.") var sendAfter = false

    func run() throws {
        try reportingErrors(json: global.json) { try mappingSendErrors {
            let pipeline = try SendEngine.open(global, send)
            let outbox = pipeline.outbox
            let target = EmailID(id)
            let entry = try pipeline.engine.store.outboxEntry(target)
            let current: ComposedMessage
            if let entry, entry.phase == .draft { current = entry.message } else {
                current = try AsyncBridge.run { try await outbox.edit(target) }
            }
            var edited = try EditorTemplate.edit(EditorTemplate(
                from: current.from, to: current.to.map(\.formatted), cc: current.cc.map(\.formatted),
                bcc: current.bcc.map(\.formatted), subject: current.subject, body: current.body,
                markup: current.bodyFormat == .markup), attachments: current.attachments)
            edited.inReplyTo = current.inReplyTo; edited.references = current.references; edited.messageID = current.messageID
            let account = entry?.accountID ?? pipeline.account.id ?? AccountID(0)
            let final = edited
            _ = try AsyncBridge.run { try await outbox.saveDraft(final, account: account, id: target) }
            if sendAfter {
                let ticket = try AsyncBridge.run { try await outbox.send(target) }
                let outcome = try AsyncBridge.run { try await outbox.completeSend(ticket) }
                try SendReport(id: id, outcome, queueStatus: nil).print(json: global.json)
            } else {
                try SendReport(id: id, outcome: "draft", detail: "saved").print(json: global.json)
            }
        } }
    }
}
