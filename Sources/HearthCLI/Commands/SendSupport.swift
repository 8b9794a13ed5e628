import ArgumentParser
import Foundation
import HearthApp
import HearthCore
import HearthMIME
import HearthOutbox
import HearthStore

/// Options shared by the sending commands: which account, and how to get its secret.
///
/// Credentials come from where `hearth account add` put them (the secret store, the account's
/// password/token command, or its OAuth grant with silent refresh), unless a command is given
/// here for this one invocation (like mbsync's PassCmd; never stored). A token command is run
/// again with HEARTH_TOKEN_REFRESH=1 once when the server refuses the token.
struct SendOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Account to send from: id or address (default: the only account).", valueName: "account"))
    var account: String?

    @Option(name: .customLong("password-command"), help: ArgumentHelp("Command printing the account's password.", valueName: "cmd"))
    var passwordCommand: String?

    @Option(name: .customLong("token-command"), help: ArgumentHelp("Command printing an OAuth access token (XOAUTH2).", valueName: "cmd"))
    var tokenCommand: String?

    @Option(help: ArgumentHelp("Undo window in seconds: 0, 5, 10, 15 or 30 (default: the undo-send-delay setting, 5 unless changed).", valueName: "s"))
    var undo: Int?
}

/// The send pipeline (HearthApp's `Sending`) for one CLI invocation, and what the terminal adds
/// to it: the countdown on stderr, Ctrl-C as Undo.
struct SendEngine {
    let engine: Engine
    let account: Account
    let sending: Sending
    let outbox: Outbox
    let undoSeconds: Int

    /// - Parameter defaultAccount: the account to send from when `--account` is not given (a
    ///   reply goes from the conversation's account); else the only account that can send.
    static func open(_ global: GlobalOptions, _ options: SendOptions,
                     defaultAccount: ((Engine) throws -> Account)? = nil) throws -> SendEngine {
        let engine = try Engine.open(global)
        let credentials = engine.app.credentials.overriding(.init(passwordCommand: options.passwordCommand, tokenCommand: options.tokenCommand))
        let sending = Sending(engine.app, credentials: credentials)
        let account: Account
        if options.account == nil, let defaultAccount { account = try defaultAccount(engine) }
        else { account = try AppErrors.mapping { try sending.sendingAccount(options.account) } }
        // The user's setting (`hearth settings set undo-send-delay N`) unless --undo is given.
        let seconds = options.undo ?? sending.undoSeconds
        let outbox = try AppErrors.mapping { try sending.outbox(undoSeconds: seconds) }
        return SendEngine(engine: engine, account: account, sending: sending, outbox: outbox, undoSeconds: seconds)
    }

    /// Saves, then (unless `draftOnly`) sends with the undo window: Ctrl-C during the
    /// countdown undoes the send and keeps the draft.
    func saveAndSend(_ message: ComposedMessage, draftOnly: Bool, json: Bool) throws {
        guard let accountID = account.id else { throw CLIError.notFound("account without id") }
        let (outbox, sending, account, seconds) = (self.outbox, self.sending, self.account, self.undoSeconds)
        _ = try AsyncBridge.run { await outbox.recoverAfterRestart() }
        if draftOnly {
            let id = try AsyncBridge.run { try await sending.saveDraft(message, account: accountID) }
            let synced = (try? AsyncBridge.run { try await sending.syncDraft(id) }) ?? false
            try SendReport(id: id.rawValue, outcome: "draft", detail: synced ? "saved and copied to the server's Drafts" : "saved locally").print(json: json)
            return
        }
        let pending = try AsyncBridge.run { try await sending.send(message, account: account, undoSeconds: seconds) }
        let id = pending.ticket.id
        if undoSeconds > 0 { StandardStreams.err("hearth: sending in \(undoSeconds) s — press Ctrl-C to undo") }
        let interrupt = InterruptWatch()
        let outcome: Outbox.DeliveryOutcome? = try AsyncBridge.run {
            let sender = Task { await pending.complete() }
            while !interrupt.fired {
                if Date() >= pending.ticket.deadline { return await sender.value }
                try await Task.sleep(for: .milliseconds(50))
            }
            // Ctrl-C inside the window: undo (the store refuses it if the window just ended).
            if (try? await sending.undo(id)) != nil { sender.cancel(); return nil }
            return await sender.value
        }
        interrupt.stop()
        guard let outcome else {
            _ = try? AsyncBridge.run { try await sending.syncDraft(id) }
            try SendReport(id: id.rawValue, outcome: "undone", detail: "kept as a draft").print(json: json)
            return
        }
        try SendReport(id: id.rawValue, outcome, queueStatus: try engine.store.email(id)?.sendState.rawValue).print(json: json)
        if case .failed = outcome { throw HearthExit.sendFailed }
    }

    /// A message to send: From is the account; addresses as typed.
    func message(to: [String], cc: [String], bcc: [String], subject: String, body: String, markup: Bool,
                 attachments: [String]) throws -> ComposedMessage {
        var message = ComposedMessage(from: EmailAddress(name: account.displayName, address: account.email),
                                      to: try Self.addresses(to), cc: try Self.addresses(cc), bcc: try Self.addresses(bcc),
                                      subject: subject, body: body, bodyFormat: markup ? .markup : .plain)
        message.attachments = try attachments.map(Self.attachment)
        return message
    }

    static func addresses(_ values: [String]) throws -> [EmailAddress] {
        try AppErrors.mapping { try AddressInput.parse(values) }
    }

    static func attachment(_ path: String) throws -> ComposedAttachment {
        let url = URL(fileURLWithPath: path)
        guard let data = FileManager.default.contents(atPath: url.path) else { throw CLIError.notFound("cannot read \(path)") }
        return ComposedAttachment(filename: url.lastPathComponent, mimeType: MediaTypes.guess(url.pathExtension), data: data)
    }
}

/// A common file-extension → media type table (attachments picked from the command line).
enum MediaTypes {
    static func guess(_ ext: String) -> String {
        let table = ["pdf": "application/pdf", "txt": "text/plain", "md": "text/markdown", "html": "text/html", "htm": "text/html",
                     "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
                     "zip": "application/zip", "csv": "text/csv", "json": "application/json", "ics": "text/calendar",
                     "eml": "message/rfc822", "doc": "application/msword",
                     "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
                     "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"]
        return table[ext.lowercased()] ?? "application/octet-stream"
    }
}

/// What a sending command prints.
struct SendReport: Encodable {
    var id: Int64
    var outcome: String
    var detail: String?
    var retryAt: Date?
    var state: String?

    init(id: Int64, outcome: String, detail: String?) { self.id = id; self.outcome = outcome; self.detail = detail }

    init(id: Int64, _ outcome: Outbox.DeliveryOutcome, queueStatus: String?) {
        self.id = id
        state = queueStatus
        switch outcome {
        case .sent: self.outcome = "sent"
        case .retryScheduled(let at, let reason): self.outcome = "queued"; retryAt = at; detail = reason
        case .failed(let reason): self.outcome = "failed"; detail = reason
        case .paused(let reason): self.outcome = "paused"; detail = reason
        case .skipped(let reason): self.outcome = "skipped"; detail = reason
        }
    }

    func print(json: Bool) throws {
        if json { StandardStreams.out(try JSONOutput.render("send", self)); return }
        var line = "\(id)\t\(outcome)"
        if let retryAt { line += "\tretry at \(ISO8601DateFormatter().string(from: retryAt))" }
        if let detail { line += "\t\(detail)" }
        StandardStreams.out(line)
    }
}


/// Ctrl-C during the undo window means Undo, not "kill the process" (and, in `hearth export`, Cancel).
final class InterruptWatch: @unchecked Sendable {
    private let source: any DispatchSourceSignal
    private let lock = NSLock()
    private var didFire = false

    /// `onInterrupt` also runs at each Ctrl-C (`hearth export`: cancel the export).
    init(onInterrupt: @escaping @Sendable () -> Void = {}) {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [weak self] in self?.lock.withLock { self?.didFire = true }; onInterrupt() }
        source.resume()
    }

    var fired: Bool { lock.withLock { didFire } }

    func stop() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}


/// The send pipeline's errors as the CLI reports them (message on stderr, exit code).
func mappingSendErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as AppError {
        throw AppErrors.cli(error)
    } catch let error as OutboxError {
        switch error {
        case .notFound: throw CLIError.notFound(error.description)
        case .composition, .wrongState, .accountNotConfigured: throw CLIError.invalidInput(error.description)
        case .store(let store): throw store
        }
    } catch let error as CompositionError {
        throw CLIError.invalidInput(error.description)
    } catch let error as ReplyBuilder.ForwardError {
        throw CLIError.notFound(error.description)
    }
}
