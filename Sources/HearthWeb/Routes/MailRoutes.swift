import Foundation
import HearthApp
import HearthCore
import HearthMIME
import HearthSafety
import HearthSync

/// The mail view: list, conversation, message frames, inline images, attachments.
extension WebApp {
    func mailPage(_ request: WebRequest) throws -> WebResponse {
        let location = MailLocation(request)
        if location.box == "outbox" && location.folder == nil { return try outboxPage(request) }
        let accounts = try store.accounts()
        let list = try threadList(location, accounts: accounts)
        if request.query("partial") == "list" {
            return .html(location.before != nil ? list.moreRows() : list.render())
        }
        let conversation = try location.thread.map { try conversationHTML($0, location: location, host: request.header("host")) }
        let main = list.render() + conversationPane(conversation)
        let shell = PageShell(title: list.heading, csrfToken: policy.csrfToken, theme: theme,
                              bodyClass: conversation == nil ? "mail" : "mail has-conversation",
                              searchScopeFolder: location.folder)
        return .html(shell.render(sidebar: try sidebar(location, accounts: accounts), main: main))
    }

    func conversationPane(_ html: String?) -> String {
        struct Model { var conversation: String? }
        return Templates.render("conversation-pane", Model(conversation: html))
    }

    func threadList(_ location: MailLocation, accounts: [Account]) throws -> ThreadListView {
        // The list as HearthApp's screen state holds it (the CLI's `threads` loads it alike).
        var screen = ThreadListState(query: location.query)
        try ThreadList(store: store).load(&screen, from: location.before)
        return ThreadListView(threads: screen.threads, nextCursor: screen.nextCursor, location: location, heading: try heading(location, accounts: accounts),
                              accountEmails: Dictionary(accounts.compactMap { a in a.id.map { ($0, a.email) } }, uniquingKeysWith: { a, _ in a }),
                              visibleTabs: settings.visibleCategoryTabs, csrfToken: policy.csrfToken,
                              categoriesAvailable: ai.isAvailable,
                              moveMenu: moveMenu(accounts: location.account.map { [$0] }, location: location))
    }

    /// The folders "Move to…" offers, from the application layer; none when they cannot be read.
    func moveMenu(accounts: [AccountID]?, location: MailLocation) -> MoveMenu? {
        guard let targets = try? MailActions(actionContext()).moveTargets(accounts: accounts, excluding: location.folder) else { return nil }
        return MoveMenu(targets: targets, location: location)
    }

    func heading(_ location: MailLocation, accounts: [Account]) throws -> String {
        var title: String
        if let folder = location.folder {
            title = try store.folder(folder)?.name ?? "Folder"
        } else {
            title = Sidebar.unifiedBoxes.first { $0.box == location.box }?.label ?? "Mail"
        }
        if let account = location.account, let email = accounts.first(where: { $0.id == account })?.email {
            title += " — \(email)"
        }
        return title
    }

    func sidebar(_ location: MailLocation, accounts: [Account]) throws -> String {
        let items = try accounts.map { account in
            Sidebar.AccountFolders(account: account, folders: try account.id.map { try store.folders(account: $0) } ?? [])
        }
        let outbox = (try? store.outboxEntries(account: nil, includeDrafts: false).filter { $0.sendState != .sent }.count) ?? 0
        return Sidebar(accounts: items, location: location, outboxCount: outbox).render()
    }

    /// `GET /thread/ID`: the conversation as a fragment, for the script to swap in.
    func threadFragment(_ raw: String, _ request: WebRequest) throws -> WebResponse {
        guard let id = Int64(raw) else { throw WebError.notFound("No conversation \(raw).") }
        var location = MailLocation(request)
        location.thread = ThreadID(id)
        return .html(try conversationHTML(ThreadID(id), location: location, host: request.header("host")))
    }

    /// Renders a conversation and marks it read (spec §5.4.1: "mark a thread as read when
    /// opened"); the server hears of it in the background. `composing`: a reply is open beside
    /// it, whose composer suggests the replies — the conversation does not ask the model too.
    func conversationHTML(_ id: ThreadID, location: MailLocation, host: String?, composing: Bool = false) throws -> String {
        guard let thread = try store.thread(id) else { throw WebError.notFound("That conversation no longer exists (it may have been deleted).") }
        let emails = try store.emails(inThread: id)
        // Which messages are open is the screens' rule (HearthApp ConversationState): every
        // unread one and the newest — read before this request marks them read.
        var screen = ConversationState()
        let ownAddress = (try? store.account(thread.accountID)).flatMap { $0?.email }
        screen.reduce(.loaded(thread, emails, aiAvailable: ai.isAvailable, ownAddress: ownAddress))
        let prefix = "/inline/\(policy.frameToken)"
        var messages: [ConversationView.Message] = []
        for email in emails {
            guard let emailID = email.id else { continue }
            let always = email.from.map { (try? store.alwaysLoadsRemoteContent(from: $0.address, account: email.accountID)) ?? false } ?? false
            let requested = location.remoteFor == emailID
            let policyForMessage = RemoteContentDecision.policy(loadRequestedForMessage: requested, senderAlwaysAllowed: always)
            let rendered = renderCache.rendered(email, policy: .block, inlinePrefix: prefix)
            let attachments = try store.attachments(of: emailID).filter { !$0.isInline }.map {
                ($0, AttachmentSafety.assess(filename: $0.filename, mimeType: $0.mimeType))
            }
            let frame = "/frame/\(policy.frameToken)/\(emailID.rawValue)" + (policyForMessage == .allow ? "?remote=1" : "")
            messages.append(.init(email: email, attachments: attachments, expanded: screen.expanded.contains(emailID), frameURL: frame,
                                  remoteImagesBlocked: rendered.remoteImagesBlocked, trackersBlocked: rendered.trackersBlocked,
                                  remoteLoaded: policyForMessage == .allow, senderAlwaysAllowed: always,
                                  sizeClass: Self.sizeClass(email, rendered), followsTheme: rendered.canFollowDarkTheme))
        }
        let unread = emails.filter { !$0.isRead }.compactMap(\.id)
        if !unread.isEmpty { try perform(.setRead(true), on: unread, from: nil) }
        return ConversationView(thread: thread, messages: messages, location: location, csrfToken: policy.csrfToken,
                                ai: aiArea(id, emails: emails, location: location, suggestRepliesNow: screen.smartReplies == .loading && !composing,
                                           offerReplies: screen.smartReplies != .notOffered),
                                moveMenu: moveMenu(accounts: [thread.accountID], location: location)).render()
    }

    /// A frame height class from the amount of text and images.
    static func sizeClass(_ email: Email, _ rendered: SafeBodyRenderer.Rendered) -> String {
        let characters = rendered.sanitized?.textCharacters ?? (email.bodyPlain?.count ?? 0)
        let images = rendered.sanitized?.imagesShown ?? 0
        let lines = characters / 80 + (email.bodyPlain?.filter { $0 == "\n" }.count ?? 0) / 2 + images * 8
        switch lines {
        case ..<12: return "h-s"
        case ..<30: return "h-m"
        case ..<70: return "h-l"
        default: return "h-xl"
        }
    }

    /// `GET /frame/TOKEN/EMAIL[?remote=1]`: the message document under the rendering contract
    /// (CSP with `sandbox`, no scripts, images only from our inline route, remote images only
    /// when the user allowed them for this message or sender).
    func frame(token: String, email raw: String, _ request: WebRequest) throws -> WebResponse {
        guard policy.isValidFrameToken(token), let id = Int64(raw), let email = try store.email(EmailID(id)) else {
            throw WebError.notFound("No such message.")
        }
        let remote = RemoteContentDecision.policy(for: email, loadRequestedForMessage: request.query("remote") == "1", preferences: store)
        let prefix = "/inline/\(token)"
        let rendered = renderCache.rendered(email, policy: remote, inlinePrefix: prefix)
        let origin = "http://" + (request.header("host") ?? "127.0.0.1:\(policy.port)")
        let contract = RenderingContract(appOrigin: origin, inlineImagePathPrefix: prefix, remoteImages: remote)
        let appearance = rendered.canFollowDarkTheme ? theme.bodyAppearance : .asSent
        return .data(Data(contract.document(body: rendered.html, appearance: appearance).utf8), headers: contract.documentHeaders)
    }

    /// `GET /inline/TOKEN/EMAIL/CID`: an inline (`cid:`) image of a message, from its stored source.
    func inlineImage(token: String, email raw: String, contentID: String) async throws -> WebResponse {
        guard policy.isValidFrameToken(token), let id = Int64(raw) else { throw WebError.notFound("No such image.") }
        let wanted = contentID.trimmingCharacters(in: CharacterSet(charactersIn: "<>"))
        let attachment = try store.attachments(of: EmailID(id)).first {
            $0.contentID?.trimmingCharacters(in: CharacterSet(charactersIn: "<>")) == wanted
        }
        guard let attachment, let data = try? await content(of: attachment),
              let sniffed = AttachmentSafety.sniffPreviewType(data.prefix(64)), sniffed.kind == .image else {
            throw WebError.notFound("No such image.")
        }
        return .data(data, headers: AttachmentSafety.previewHeaders(displayName: AttachmentSafety.displayName(attachment.filename), sniffedType: sniffed.mimeType))
    }

    /// `GET /attachment/EMAIL/ID`: a warning page first when the file is risky (spec §5.4.2), then the
    /// download (always `application/octet-stream`, `attachment`: never opened by the browser);
    /// `?preview=1` only for images and PDFs whose bytes agree with their type.
    func attachment(email rawEmail: String, _ raw: String, _ request: WebRequest) async throws -> WebResponse {
        guard let emailID = Int64(rawEmail), let id = Int64(raw),
              let attachment = try store.attachments(of: EmailID(emailID)).first(where: { $0.id == AttachmentID(id) }) else {
            throw WebError.notFound("No such attachment.")
        }
        let assessment = AttachmentSafety.assess(filename: attachment.filename, mimeType: attachment.mimeType)
        if request.query("preview") == "1" {
            guard assessment.preview != nil, let data = try await content(of: attachment),
                  let sniffed = AttachmentSafety.sniffPreviewType(data.prefix(64)) else {
                throw WebError.badRequest("This attachment cannot be previewed safely; download it instead.")
            }
            return .data(data, headers: AttachmentSafety.previewHeaders(displayName: assessment.displayName, sniffedType: sniffed.mimeType))
        }
        if assessment.requiresConfirmation && request.query("confirm") != "1" {
            return .html(Pages.attachmentWarning(attachment, assessment, theme: theme))
        }
        guard let data = try await content(of: attachment) else {
            throw WebError.unavailable("The file is not on this computer, and this app was started without a way to reach the account's server.")
        }
        return .data(data, headers: AttachmentSafety.downloadHeaders(displayName: assessment.displayName))
    }

    /// An attachment's bytes: the cached download, else the part of the stored raw message
    /// (imported and sent mail), else fetched from the server (synced mail; cached after).
    /// Nil only when none of these is available.
    func content(of attachment: Attachment) async throws -> Data? {
        if let path = attachment.localPath, let data = FileManager.default.contents(atPath: path) {
            // Both recency marks: the store's (attachment_access) and the cache file's.
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path)
            if let id = attachment.id { try? store.recordAttachmentAccess(id) }
            return data
        }
        if let raw = try store.rawSource(of: attachment.emailID),
           let data = try? MIMEParser.partContent(raw: raw, partPath: attachment.partPath) {
            return data
        }
        guard let remote = services.remoteContent else { return nil }
        do {
            return try await remote.attachmentContent(attachment)
        } catch let error as RemoteContentError {
            switch error {
            case .noLongerOnServer, .partMissing, .notFound: throw WebError.notFound(error.description.prefix(1).uppercased() + error.description.dropFirst() + ".")
            case .notOnAnyServer, .connection: throw WebError.unavailable(error.description.prefix(1).uppercased() + error.description.dropFirst() + ".")
            }
        }
    }
}

extension Theme {
    /// How a body that names no colours of its own is shown under this theme (docs/web.md,
    /// "Dark mode for bodies"); mail with its own colours is always shown as sent.
    var bodyAppearance: RenderingContract.Appearance {
        switch self {
        case .light: .asSent
        case .dark: .dark
        case .system: .followSystem
        }
    }
}
