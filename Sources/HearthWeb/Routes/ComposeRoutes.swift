import Foundation
import HearthApp
import HearthCore
import HearthMIME
import HearthOutbox

/// Composer, send with undo, outbox (HearthOutbox), address autocomplete.
extension WebApp {
    /// The send use case of this session (HearthApp), or nil when sending is not set up here
    /// (no secret store: drafts still work locally).
    func sending() -> Sending? {
        (try? application()).map { Sending($0) }
    }

    /// Drafts work without a secret store (they stay local until one is there).
    func drafts() -> Sending {
        sending() ?? Sending(AppContext(dataDirectory: dataDirectory, store: store, secrets: {
            throw WebError.unavailable("sending is not configured in this session")
        }))
    }

    /// `GET /compose`. A forward is made by the application layer's `ReplyDrafts.make`, as
    /// `hearth forward` makes it: the original's attachments come along even when only the
    /// server has its source (synced mail), and when the server cannot be reached the draft
    /// says what is missing. Everything else is built from what is stored.
    func composeEntry(_ request: WebRequest) async throws -> WebResponse {
        guard request.query("mode") == "forward", request.query("draft") == nil,
              let raw = request.query("thread"), let id = Int64(raw) else { return try composePage(request) }
        let made = try await WebError.mapping { try await ReplyDrafts(drafts().context).make(.forward(.inline), thread: ThreadID(id)) }
        return try composePage(request, notice: made.note.map { "Forwarding without attachments: " + $0 + "." },
                               override: (made.message, made.account.id, nil))
    }

    func composePage(_ request: WebRequest, notice: String? = nil, error: String? = nil, override: (ComposedMessage, AccountID?, EmailID?)? = nil) throws -> WebResponse {
        let accounts = try store.accounts()
        var accountID = (try? settings.defaultAccount())?.id
        var message = ComposedMessage(from: EmailAddress(address: ""))
        var draftID: EmailID?
        var kept: [ComposedAttachment] = []
        // Whether the replied-to message is one people answer (`SmartReplyOffer`): if not (a
        // newsletter, a receipt), the composer offers a "Suggest replies" button instead of
        // spending the model's seconds unasked, as the conversation view does.
        var repliesUnasked = false
        if let override {
            (message, accountID, draftID) = (override.0, override.1 ?? accountID, override.2)
            kept = message.attachments
        } else if let raw = request.query("draft"), let id = Int64(raw), let entry = try store.outboxEntry(EmailID(id)) {
            message = entry.message
            accountID = entry.accountID
            draftID = entry.emailID
            kept = entry.message.attachments
        } else if let raw = request.query("thread"), let id = Int64(raw) {
            let kind: ReplyDrafts.Kind = switch request.query("mode") ?? "reply" {
            case "forward": .forward(.inline)
            case "all": .replyAll
            default: .reply
            }
            // A smart reply the user picked (spec §5.5.3): above the quote, to be edited freely.
            let insert = kind == .forward(.inline) ? "" : (request.query("insert") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            let made = try WebError.mapping {
                try ReplyDrafts(drafts().context).makeLocally(kind, thread: ThreadID(id), body: insert.isEmpty ? "" : String(insert.prefix(2000)) + "\n")
            }
            message = made.message
            accountID = made.account.id
            kept = message.attachments
            repliesUnasked = SmartReplyOffer.suggestsUnasked(newest: made.original, ownAddress: made.account.email)
        } else if let to = request.query("to") {
            message.to = AddressParser.parseList(to)
        }
        var view = ComposeView(message: message, accounts: accounts, accountID: accountID, draftID: draftID,
                               csrfToken: policy.csrfToken, undoSeconds: settings.undoSendDelaySeconds,
                               notice: notice, error: error, existingAttachments: kept,
                               smartRepliesFor: smartReplyThread(request, override: override != nil),
                               smartRepliesOnRequest: !repliesUnasked)
        let popOut = request.query("popout") == "1"
        // A reply or forward opens as a panel beside its conversation (the thread stays in
        // view); "Pop out" opens the same composer alone in a window of its own.
        let beside = popOut ? nil : request.query("thread").flatMap(Int64.init).map(ThreadID.init(rawValue:))
        var main = ""
        if let beside, let conversation = try? conversationHTML(beside, location: MailLocation(box: "inbox"), host: request.header("host"), composing: true) {
            view.closeURL = "/mail?box=inbox&t=\(beside.rawValue)"
            view.popOutURL = Self.withPopOut(request)
            main = conversationPane(conversation) + view.render()
        } else {
            if !popOut { view.popOutURL = Self.withPopOut(request) }
            main = view.render()
        }
        let bodyClass = popOut ? "compose popout" : (view.closeURL != nil ? "compose compose-beside" : "compose")
        let shell = PageShell(title: "Compose", csrfToken: policy.csrfToken, theme: theme, bodyClass: bodyClass)
        // Beside its conversation the sidebar keeps the conversation's place (Inbox), not Drafts.
        let place = view.closeURL != nil ? MailLocation(box: "inbox") : MailLocation(box: "drafts")
        return .html(shell.render(sidebar: try sidebar(place, accounts: accounts), main: main))
    }

    /// This composer's address with `popout=1` (GET only: a POST's re-shown form has none).
    static func withPopOut(_ request: WebRequest) -> String? {
        guard request.method == "GET" else { return nil }
        var items = request.query.flatMap { key, values in values.map { (key, $0) } }.filter { $0.0 != "popout" }
        items.append(("popout", "1"))
        return "/compose?" + items.map { "\(FormDecoding.encode($0.0))=\(FormDecoding.encode($0.1))" }.joined(separator: "&")
    }

    /// The conversation whose suggested replies the composer offers: a fresh reply (not a draft,
    /// not one that already carries a picked suggestion) with a chat model installed.
    func smartReplyThread(_ request: WebRequest, override: Bool) -> ThreadID? {
        guard !override, request.query("draft") == nil, request.query("insert") == nil,
              ["reply", "all", nil].contains(request.query("mode")), let raw = request.query("thread"), let id = Int64(raw),
              ai.isAvailable else { return nil }
        return ThreadID(id)
    }

    /// What the composer form holds, as a message. Addresses are checked here so the user sees
    /// a mistake in the composer, not after the undo window.
    /// `asTyped`: a draft being saved keeps half-typed addresses as text (listed in `unfinished`).
    func composedMessage(from request: WebRequest, asTyped: Bool = false, unfinished: inout [String]) throws -> (ComposedMessage, AccountID, EmailID?) {
        let fields = request.formFields
        func field(_ name: String) -> String { fields[name]?.first ?? "" }
        guard let accountRaw = Int64(field("account")), let account = try store.account(AccountID(accountRaw)), let accountID = account.id else {
            throw WebError.badRequest("Choose the account to send from.")
        }
        var pending: [String] = []
        defer { unfinished = pending }
        func addresses(_ name: String) throws -> [EmailAddress] {
            if asTyped {
                let typed = AddressInput.asTyped(field(name))
                pending += typed.unfinished
                return typed.addresses
            }
            do { return try AddressInput.parse(field(name), field: name.capitalized) }
            catch { throw WebError.badRequest(WebApp.sentence(error.message)) }
        }
        var message = ComposedMessage(
            from: EmailAddress(name: account.displayName == account.email ? nil : account.displayName, address: account.email),
            to: try addresses("to"), cc: try addresses("cc"), bcc: try addresses("bcc"),
            subject: field("subject"), body: field("body").replacingOccurrences(of: "\r\n", with: "\n"),
            bodyFormat: field("format") == "markup" ? .markup : .plain,
            inReplyTo: field("inReplyTo").isEmpty ? nil : field("inReplyTo"),
            references: field("references").split(separator: " ").map(String.init),
            messageID: field("messageId").isEmpty ? nil : field("messageId"))
        if field("format") == "rich" {
            // The editor's HTML, read through the allow-list here on the server (never trusted).
            do { try ComposerFormatting.apply(editorHTML: field("bodyHTML"), to: &message) }
            catch { throw WebError.badRequest(WebApp.sentence(error.message)) }
        }
        let draftID = Int64(field("draft")).map(EmailID.init(rawValue:))
        // Attachments already on the draft that the user kept, plus new files.
        if let draftID, let entry = try store.outboxEntry(draftID) {
            let keep = Set((fields["keep"] ?? []).compactMap(Int.init))
            message.attachments = entry.message.attachments.enumerated().filter { keep.contains($0.offset) }.map(\.element)
        }
        for file in request.multipart?.files ?? [] where file.field == "attachments" && !file.data.isEmpty {
            let name = AttachmentNames.clean(file.filename)
            message.attachments.append(ComposedAttachment(filename: name, mimeType: file.contentType.isEmpty ? "application/octet-stream" : file.contentType, data: file.data))
        }
        return (message, accountID, draftID)
    }

    struct SendTicket: Encodable {
        var id: Int64
        var deadline: Date
        var undoSeconds: Int
        var status: String
    }

    func composePost(_ verb: String, _ request: WebRequest) async throws -> WebResponse {
        let parsed: (ComposedMessage, AccountID, EmailID?)
        var unfinished: [String] = []
        do { parsed = try composedMessage(from: request, asTyped: verb == "draft", unfinished: &unfinished) } catch let error as WebError {
            if request.wantsJSON { return .json(["error": error.message], status: 400) }
            return withStatus(try composePage(request, error: error.message, override: nil), 400)
        }
        let (message, account, draftID) = parsed
        switch verb {
        case "draft":
            let drafts = self.drafts()
            let id = try await WebError.mapping { try await drafts.saveDraft(message, account: account, id: draftID) }
            track(Task.detached { _ = try? await drafts.syncDraft(id) })
            if request.wantsJSON {
                struct Saved: Encodable { var id: Int64; var unfinished: [String] }
                return .json(Saved(id: id.rawValue, unfinished: unfinished))
            }
            return .redirect("/compose?draft=\(id.rawValue)")
        case "discard":
            if let draftID { try await WebError.mapping { try await drafts().outbox().discard(draftID) } }
            if request.wantsJSON { return .json(["discarded": true]) }
            return .redirect("/mail?box=inbox")
        case "send":
            func refuse(_ why: String, status: Int, draft: EmailID?) throws -> WebResponse {
                if request.wantsJSON { return .json(["error": why], status: status) }
                return withStatus(try composePage(request, error: why, override: (message, account, draft)), status)
            }
            guard let sending = sending() else {
                return try refuse("Sending is not set up in this session (start `hearth serve` with an account that has a server and credentials).",
                                  status: 503, draft: draftID)
            }
            guard let sender = try store.account(account) else { return try refuse("Choose the account to send from.", status: 400, draft: draftID) }
            let pending: Sending.Pending
            do { pending = try await sending.send(message, account: sender, draft: draftID) } catch {
                return try refuse(WebApp.sentence(error.message), status: error.kind == .notConfigured ? 503 : 400, draft: draftID)
            }
            publishOutbox()
            let hub = self.hub
            let (id, deadline) = (pending.ticket.id, pending.ticket.deadline)
            let task = Task.detached { [weak self] in
                // nil when this send was undone (and perhaps sent again: then the newer send reports).
                let outcome = await pending.complete()
                self?.publishOutbox()
                if let outcome {
                    hub.publish(.make("sent", ["id": id.rawValue, "deadline": deadline.timeIntervalSince1970, "outcome": "\(outcome)"]))
                }
            }
            track(task)
            if request.wantsJSON {
                return .json(SendTicket(id: id.rawValue, deadline: deadline, undoSeconds: pending.undoSeconds, status: "queued"))
            }
            return .redirect("/mail?box=outbox")
        default:
            throw WebError.notFound("No composer action \(verb).")
        }
    }

    func outboxPage(_ request: WebRequest) throws -> WebResponse {
        let accounts = try store.accounts()
        let entries = try store.outboxEntries(account: nil, includeDrafts: true).filter { $0.sendState != .sent }
        let view = OutboxView(entries: entries, csrfToken: policy.csrfToken)
        if request.query("partial") != nil { return .html(view.render()) }
        let shell = PageShell(title: "Outbox", csrfToken: policy.csrfToken, theme: theme, bodyClass: "mail outbox-page")
        return .html(shell.render(sidebar: try sidebar(MailLocation(box: "outbox"), accounts: accounts), main: view.render() + conversationPane(nil)))
    }

    /// `POST /outbox/ID/undo|retry|edit|discard`.
    func outboxPost(_ raw: String, _ verb: String, _ request: WebRequest) async throws -> WebResponse {
        guard let value = Int64(raw) else { throw WebError.notFound("No outbox entry \(raw).") }
        let id = EmailID(value)
        let drafts = self.drafts()
        var location = "/mail?box=outbox"
        do {
            let outbox = try drafts.outbox()
            switch verb {
            case "undo":
                _ = try await drafts.undo(id)
                location = "/compose?draft=\(value)"
            case "edit":
                _ = try await outbox.edit(id)
                location = "/compose?draft=\(value)"
            case "retry":
                try await outbox.retry(id)
                if let sender = try? sending()?.outbox() { track(Task.detached { [weak self] in _ = await sender.processQueue(); self?.publishOutbox() }) }
            case "discard":
                try await outbox.discard(id)
            default:
                throw WebError.notFound("No outbox action \(verb).")
            }
        } catch let error as WebError {
            throw error
        } catch {
            let why = verb == "undo" ? "Too late to undo: the message has left the undo window." : "Could not \(verb): \(error)"
            if request.wantsJSON { return .json(["error": why], status: 409) }
            throw WebError(status: 409, title: "That did not work", message: why)
        }
        publishOutbox()
        if request.wantsJSON { return .json(["ok": "true", "location": location]) }
        return .redirect(location)
    }

    /// At start: undo windows a killed process left become drafts, interrupted sends are queued
    /// again, and the queue runs once (HearthOutbox's recovery rules).
    func recoverOutbox() async {
        guard let outbox = try? sending()?.outbox() else { return }
        _ = await outbox.recoverAfterRestart()
        _ = await outbox.processQueue()
        publishOutbox()
    }

    /// `GET /contacts?q=`: autocomplete from the local contact cache only (spec §5.5.4).
    func contacts(_ request: WebRequest) throws -> WebResponse {
        let prefix = (request.query("q") ?? "").trimmingCharacters(in: .whitespaces)
        guard prefix.count >= 1 else { return .json([ContactSuggestion]()) }
        let account = request.query("account").flatMap(Int64.init).map(AccountID.init(rawValue:))
        let found = try store.suggestions(matching: prefix, account: account, limit: 8, now: Date())
        return .json(found.map { ["address": $0.address, "name": $0.displayName ?? ""] })
    }
}

/// File names from the browser are only names: no paths, no control characters.
enum AttachmentNames {
    static func clean(_ name: String) -> String {
        let last = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? name
        let cleaned = String(last.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7f }.map(Character.init))
        return cleaned.isEmpty ? "attachment" : String(cleaned.prefix(200))
    }
}
