import Foundation
import Hummingbird

/// The web app's routes on Hummingbird's router: each path with its method, the handler on
/// `WebApp` that answers it, and how much body it may send (`BodyLimit`). Middleware runs
/// first: page headers and the app's 404 outside, then the security checks on the request's
/// head (`LocalAccessMiddleware`), before any body is read.
enum WebRoutes {
    typealias Handler = @Sendable (WebApp, WebRequest) async throws -> WebResponse

    static func router(for app: WebApp) -> Router<WebContext> {
        let router = Router(context: WebContext.self, options: [.autoGenerateHeadEndpoints])
        router.add(middleware: PageHeadersMiddleware(app: app))
        router.add(middleware: LocalAccessMiddleware(app: app))
        func get(_ path: RouterPath, _ handler: @escaping Handler) {
            router.get(path, use: endpoint(app, .none, handler))
        }
        func post(_ path: RouterPath, _ limit: BodyLimit = .form, _ handler: @escaping Handler) {
            router.post(path, use: endpoint(app, limit, handler))
        }

        // Reached without a session (see `WebApp.publicRoutes`).
        get("/login") { app, r in app.login(r) }
        get("/assets/:name") { _, r in Assets.response(for: r.segments[1]) }
        get("/favicon.ico") { _, _ in WebResponse(status: 204) }
        get("/frame/:token/:email") { app, r in try app.frame(token: r.segments[1], email: r.segments[2], r) }
        get("/inline/:token/:email/:cid") { app, r in try await app.inlineImage(token: r.segments[1], email: r.segments[2], contentID: r.segments[3]) }
        get("/oauth/callback") { app, r in try await app.oauthCallback(r) }

        // Mail.
        get("/") { app, _ in try app.home() }
        get("/mail") { app, r in try app.requiringAccount { try app.mailPage(r) } }
        get("/thread/:id") { app, r in try app.threadFragment(r.segments[1], r) }
        get("/attachment/:email/:id") { app, r in try await app.attachment(email: r.segments[1], r.segments[2], r) }
        post("/action") { app, r in try await app.action(r) }
        post("/action/undo") { app, r in try await app.undoAction(r) }
        post("/category") { app, r in try await app.recategorize(r) }
        post("/sync") { app, r in try await app.syncNow(r) }
        get("/search") { app, r in try await app.searchPage(r) }
        get("/contacts") { app, r in try app.contacts(r) }
        get("/events") { app, _ in app.events() }

        // Composer and outbox: attachments are streamed to disk.
        get("/compose") { app, r in try await app.composeEntry(r) }
        post("/compose/:verb", .upload) { app, r in try await app.composePost(r.segments[1], r) }
        post("/outbox/:id/:verb") { app, r in try await app.outboxPost(r.segments[1], r.segments[2], r) }

        // AI in the conversation.
        post("/ai/:kind/:id") { app, r in try await app.aiRequest(r.segments[1], r.segments[2], r) }

        // Settings, models, onboarding, app lock.
        get("/settings") { app, r in try app.settingsPage(r) }
        post("/settings") { app, r in try app.settingsPost(r) }
        // Not under /settings/export: a constant segment there would hide POST /settings/:verb.
        get("/settings/export-status") { app, _ in app.exportStatus() }
        get("/settings/export-download") { app, _ in try app.exportDownload() }
        post("/settings/:verb") { app, r in try await app.settingsAction(r.segments[1], r) }
        get("/settings/models/:id/:verb") { app, r in try app.modelPage(r.segments[2], r.segments[3], r) }
        post("/settings/models/:id/:verb") { app, r in try await app.modelAction(r.segments[2], r.segments[3], r) }
        get("/welcome") { app, r in try await app.onboardingEntry(r) }
        post("/welcome/:step") { app, r in try await app.onboardingPost(r.segments[1], r) }
        get("/lock") { app, _ in app.lockPage(error: nil) }
        post("/unlock") { app, r in app.unlock(r) }
        return router
    }

    /// One route: read the body within `limit`, check the CSRF token and the app lock, run the
    /// handler, turn a failure into the error page the user can act on.
    static func endpoint(_ app: WebApp, _ limit: BodyLimit, _ handler: @escaping Handler) -> @Sendable (Request, WebContext) async throws -> Response {
        { [weak app] request, _ in
            guard let app else { return Response(status: .serviceUnavailable) }
            let web: WebRequest
            do {
                let body = try await request.readBody(limit, spoolDirectory: app.dataDirectory.appendingPathComponent("tmp"))
                web = WebRequest(head: request, body: body)
            } catch BodyRefusal.tooLarge(let maximum) {
                let head = WebRequest(head: request)
                return app.withPageHeaders(app.errorPage(.tooLarge(maximum), head).closingConnection(if: true)).hummingbird
            }
            if let refusal = app.gateAfterBody(web) { return app.withPageHeaders(refusal).hummingbird }
            return app.withPageHeaders(await app.answer(web, handler)).hummingbird
        }
    }
}
