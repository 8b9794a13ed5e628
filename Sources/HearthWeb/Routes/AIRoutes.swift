import Foundation
import HearthAI
import HearthCore

/// `POST /ai/summary/THREAD` and `POST /ai/replies/THREAD`: AI for the open conversation,
/// computed after the page is shown (the page never waits for the model). The script asks for
/// JSON; without the script the forms work too (a summary then appears on the conversation
/// page it returns to, suggested replies on a small page of their own).
///
/// They are POSTs because a summary is written to the cache and a generation costs seconds of
/// CPU: a link from another site must not be able to start either. Failures are answered with
/// 200 and `state: failed` and a one-line note: the page replaces the AI area with the note and
/// carries on (no error status, so nothing is logged as a failed load).
extension WebApp {
    struct SummaryJSON: Encodable {
        var state: String
        var text: String?
        var cached: Bool?
        var model: String?
        var note: String?
    }

    struct RepliesJSON: Encodable {
        struct Reply: Encodable { var intent: String; var text: String; var fromModel: Bool; var compose: String }
        var state: String
        var replies: [Reply]?
        var note: String?
    }

    func aiRequest(_ kind: String, _ raw: String, _ request: WebRequest) async throws -> WebResponse {
        guard let number = Int64(raw), try store.thread(ThreadID(number)) != nil else {
            throw WebError.notFound("No conversation \(raw).")
        }
        let id = ThreadID(number)
        switch kind {
        case "summary": return await summaryResponse(id, request)
        case "replies": return try await repliesResponse(id, request)
        default: throw WebError.notFound("No AI request \(kind).")
        }
    }

    private func summaryResponse(_ id: ThreadID, _ request: WebRequest) async -> WebResponse {
        let outcome = await ai.summary(of: id, store: store)
        if !request.wantsJSON {
            return .redirect(safeReturn(request.field("return"), fallback: "/mail?box=inbox&t=\(id.rawValue)"))
        }
        switch outcome {
        case .ready(let result):
            return .json(SummaryJSON(state: "ready", text: result.text, cached: result.cached, model: result.modelIdentifier))
        case .unavailable: return .json(SummaryJSON(state: "unavailable"))
        case .failed(let note): return .json(SummaryJSON(state: "failed", note: note))
        }
    }

    private func repliesResponse(_ id: ThreadID, _ request: WebRequest) async throws -> WebResponse {
        let outcome = await ai.replies(to: id, store: store)
        let replies: [RepliesJSON.Reply]
        let note: String?
        switch outcome {
        case .ready(let made):
            note = made.note
            replies = made.replies.prefix(3).map {
                .init(intent: $0.intent.rawValue, text: $0.text, fromModel: $0.fromModel, compose: Self.replyComposeURL(id, text: $0.text))
            }
        case .unavailable:
            if request.wantsJSON { return .json(RepliesJSON(state: "unavailable")) }
            return .redirect("/mail?box=inbox&t=\(id.rawValue)")
        case .failed(let note):
            if request.wantsJSON { return .json(RepliesJSON(state: "failed", note: note)) }
            return .html(try suggestedRepliesPage(id, replies: [], note: note))
        }
        if request.wantsJSON { return .json(RepliesJSON(state: "ready", replies: replies, note: note)) }
        return .html(try suggestedRepliesPage(id, replies: replies, note: note))
    }

    /// The composer for a reply with `text` already in the body (spec §5.5.3: select, then edit freely).
    static func replyComposeURL(_ id: ThreadID, text: String) -> String {
        HTML.url("/compose", [("thread", String(id.rawValue)), ("mode", "reply"), ("insert", text)])
    }

    /// Without the script: the suggestions as links to the composer.
    private func suggestedRepliesPage(_ id: ThreadID, replies: [RepliesJSON.Reply], note: String?) throws -> String {
        struct Model { var threadID: Int64; var note: String?; var replies: [RepliesJSON.Reply]; var hasReplies: Bool }
        let main = Templates.render("smart-replies-page", Model(threadID: id.rawValue, note: note, replies: replies, hasReplies: !replies.isEmpty))
        let shell = PageShell(title: "Suggested replies", csrfToken: policy.csrfToken, theme: theme, bodyClass: "ai")
        return shell.render(sidebar: try sidebar(MailLocation(box: "none"), accounts: try store.accounts()), main: main)
    }
}
