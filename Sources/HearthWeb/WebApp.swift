import Foundation
import HearthApp
import HearthAI
import HearthCore
import HearthSafety
import HearthSearch
import HearthSecurity
import HearthStore
import Hummingbird
import Logging

/// The web app: one value that answers `WebRequest`s. The security gate runs first for every
/// request (`LocalAccessPolicy`), then the route. Pages are rendered on the server from the
/// store; the script in `/assets/app.js` only makes them quicker (fragments, keyboard, live
/// updates), so every action also works as a plain form.
public final class WebApp: Sendable {
    public let store: MailStore
    public let dataDirectory: URL
    public let services: WebServices
    public let policy: LocalAccessPolicy
    let hub = EventHub()
    let search: SearchEngine
    let settings: SettingsService
    let appLock: AppLock
    /// True while the app lock (if enabled) has not been opened in this run.
    let locked: Locked<Bool>
    let renderCache = RenderCache()
    /// Summaries and smart replies in the conversation view (absent without a model).
    let ai: ConversationAI
    /// Model downloads started from Settings › AI.
    let downloads: ModelDownloads
    let background = Locked<[Task<Void, Never>]>([])
    /// Deliveries of actions to the server still running: an Undo waits for them, so it never
    /// replays the same journal entries beside them.
    let deliveries = Locked<[Task<Void, Never>]>([])
    /// "Export your data" running in the background (Settings shows its progress).
    let exportJob = ExportJob()
    let builtResponder = Locked<RouterResponder<WebContext>?>(nil)
    let logger = Logger(label: "hearth.web")

    public init(store: MailStore, dataDirectory: URL, services: WebServices = WebServices(),
                policy: LocalAccessPolicy = LocalAccessPolicy()) {
        self.store = store
        self.dataDirectory = dataDirectory
        self.services = services
        self.policy = policy
        search = SearchEngine(store: store)
        settings = SettingsService(app: store, perAccount: store, accounts: store)
        appLock = AppLock(settings: store)
        locked = Locked(AppLock(settings: store).isEnabled)
        ai = ConversationAI(manager: ModelManager(directory: services.modelDirectory ?? ModelManager.defaultDirectory,
                                                  catalog: services.modelCatalog, downloader: services.modelDownloader),
                            override: services.textGenerator)
        let ai = self.ai
        downloads = ModelDownloads(hub: hub, onInstalled: { ai.modelsChanged() })
        // A download link does not outlive the server that offered it: earlier ZIPs, partial
        // files and staging folders in the export area go.
        ExportArea(dataDirectory: dataDirectory).cleanUp()
    }

    /// Answers one request in-process, through the same router, middleware and limits as the
    /// server (`hearth bench web` measures pages this way, without a socket). Pages only: an
    /// event stream's body never ends, so `/events` is for the server.
    public func handle(_ request: WebRequest) async -> WebResponse {
        guard let hummingbird = request.hummingbird else { return withPageHeaders(.text("Unknown method.", status: 405)) }
        do {
            let response = try await responder.respond(to: hummingbird, context: WebContext(logger: logger))
            return await WebResponse.collecting(response)
        } catch {
            return withPageHeaders(errorPage(.internal(String(describing: error)), request))
        }
    }

    /// The router's responder, built on first use (the routes refer to this app weakly).
    var responder: RouterResponder<WebContext> {
        builtResponder.withLock { built in
            if let built { return built }
            let responder = WebRoutes.router(for: self).buildResponder()
            built = responder
            return responder
        }
    }

    /// Runs one route's handler. Never throws: failures become error pages.
    func answer(_ request: WebRequest, _ handler: WebRoutes.Handler) async -> WebResponse {
        do {
            return try await handler(self, request)
        } catch let error as WebError {
            return errorPage(error, request)
        } catch {
            logger.error("request failed", metadata: ["path": "\(request.path)", "error": "\(error)"])
            return errorPage(.internal(String(describing: error)), request)
        }
    }

    // MARK: - The security gate

    /// Routes that work without the session cookie: the login exchange, static files, and the
    /// capability routes of message frames (see `LocalAccessPolicy.frameToken`).
    /// `oauth` is the Google sign-in's redirect target (OnboardingGoogleRoutes: it acts only on a pending `state`).
    static let publicRoutes: Set<String> = ["login", "assets", "frame", "inline", "favicon.ico", "oauth"]

    /// What can be decided from the request's head, before any of its body is read: the Host
    /// (DNS rebinding), the Origin, Fetch-Metadata, and the session cookie.
    func gateBeforeBody(_ request: WebRequest) -> WebResponse? {
        guard policy.isAllowedHost(request.header("host")) else {
            return .text("This server only answers to 127.0.0.1:\(policy.port) and localhost:\(policy.port).", status: 421)
        }
        guard policy.isAllowedOrigin(request.header("origin")) else {
            return .text("Requests from other sites are refused.", status: 403)
        }
        let changesState = !(request.method == "GET" || request.method == "HEAD")
        if changesState && !policy.isAllowedFetchSite(request.header("sec-fetch-site")) {
            return .text("Requests started by other sites are refused.", status: 403)
        }
        let first = request.segments.first ?? ""
        if Self.publicRoutes.contains(first) {
            return changesState ? .text("Method not allowed.", status: 405) : nil
        }
        guard policy.hasSession(request.cookies) else {
            return .html(Pages.message(title: "Open Hearth from its address",
                                       text: "This page needs the address `hearth serve` printed when it started (it carries a one-time secret). Open that address in this browser.",
                                       theme: .system), status: 401)
        }
        return nil
    }

    /// After the body was read within the route's limit: the CSRF token of a state change (in
    /// the `X-CSRF-Token` header or the form's hidden field), then the app lock.
    func gateAfterBody(_ request: WebRequest) -> WebResponse? {
        let first = request.segments.first ?? ""
        if Self.publicRoutes.contains(first) { return nil }
        let changesState = !(request.method == "GET" || request.method == "HEAD")
        if changesState {
            let token = request.header(LocalAccessPolicy.csrfHeader) ?? request.field(LocalAccessPolicy.csrfField)
            guard policy.isValidCSRF(token) else {
                return .text("Missing or wrong CSRF token: reload the page and try again.", status: 403)
            }
        }
        if locked.value && first != "lock" && first != "unlock" && first != "assets" {
            return request.wantsJSON ? .json(["error": "locked"], status: 423) : .redirect("/lock")
        }
        return nil
    }

    /// Every page gets the strict policy unless the route set its own (message frames,
    /// attachment previews).
    func withPageHeaders(_ response: WebResponse) -> WebResponse {
        var response = response
        let existing = Set(response.headers.map { $0.name.lowercased() })
        // A route with its own policy (message frames, previews) keeps exactly its headers:
        // X-Frame-Options: DENY would stop the app from framing its own message documents.
        if existing.contains("content-security-policy") { return response }
        for header in LocalAccessPolicy.pageHeaders where !existing.contains(header.name.lowercased()) {
            response.headers.append(header)
        }
        return response
    }

    // MARK: - Entry points

    func home() throws -> WebResponse {
        let accounts = try store.accounts()
        let done = (try? store.value(for: OnboardingKeys.complete)) == "yes"
        return .redirect(accounts.isEmpty && !done ? "/welcome" : "/mail?box=inbox")
    }

    /// The URL `hearth serve` printed: trade the secret for the session cookie, then go to the
    /// app without the secret in the address bar (or the history).
    func login(_ request: WebRequest) -> WebResponse {
        guard policy.isValidLoginSecret(request.query("s")) else {
            return .html(Pages.message(title: "This address is not valid any more",
                                       text: "Each start of `hearth serve` prints a new address. Use the one it printed last.", theme: .system), status: 403)
        }
        return WebResponse(status: 303, headers: [("Location", safeReturn(request.query("next"), fallback: "/")), ("Set-Cookie", policy.sessionCookieHeader)])
    }

    func lockPage(error: String?) -> WebResponse {
        .html(Pages.lock(csrfToken: policy.csrfToken, error: error))
    }

    func unlock(_ request: WebRequest) -> WebResponse {
        let passphrase = request.field("passphrase") ?? ""
        if (try? appLock.verify(passphrase)) == true {
            locked.value = false
            return .redirect("/")
        }
        return withStatus(lockPage(error: "Wrong passphrase."), 403)
    }

    func withStatus(_ response: WebResponse, _ status: Int) -> WebResponse {
        var response = response
        response.status = status
        return response
    }

    /// Where a form asked to go back to: only paths of this app (never an absolute URL,
    /// which would make the app an open redirect).
    func safeReturn(_ value: String?, fallback: String = "/mail") -> String {
        guard let value, LocalRedirect.isSameOriginPath(value) else { return fallback }
        return value
    }

    var theme: Theme { settings.theme }

    func errorPage(_ error: WebError, _ request: WebRequest) -> WebResponse {
        if request.wantsJSON { return .json(["error": error.message], status: error.status) }
        return .html(Pages.message(title: error.title, text: error.message, theme: theme), status: error.status)
    }

    // MARK: - Lifecycle

    /// Stops the work requests started, model downloads and the AI queue, and closes every
    /// event stream. The server's `ServiceGroup` calls it at shutdown (`RequestWorkService`);
    /// an app used without a server calls it itself.
    public func shutdown() async {
        let tasks = background.withLock { current -> [Task<Void, Never>] in defer { current.removeAll() }; return current }
        tasks.forEach { $0.cancel() }
        downloads.cancelAll()
        await aiQueue.stop()
        hub.finishAll()
        // A sync or send in flight may not stop at once; give it a moment, never hang the exit.
        let all = Task { for task in tasks { await task.value } }
        _ = await Self.race(all, seconds: 3)
    }

    /// Waits for the task, or at most `seconds`; true when it finished.
    static func race(_ task: Task<Void, Never>, seconds: Double) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask { await task.value; return true }
            group.addTask { try? await Task.sleep(for: .seconds(seconds)); return false }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }
}

/// Keys the web app keeps in the settings table.
enum OnboardingKeys {
    static let complete = "onboarding.complete"
}

/// A failure with what the user should be told.
struct WebError: Error {
    var status: Int
    var title: String
    var message: String

    static func notFound(_ message: String) -> WebError { WebError(status: 404, title: "Not found", message: message) }
    static func badRequest(_ message: String) -> WebError { WebError(status: 400, title: "That did not work", message: message) }
    static func unavailable(_ message: String) -> WebError { WebError(status: 503, title: "Not available", message: message) }
    static func `internal`(_ message: String) -> WebError { WebError(status: 500, title: "Something went wrong", message: message) }
    static func tooLarge(_ limit: Int) -> WebError {
        WebError(status: 413, title: "Too large", message: "That is more than this form accepts (\(Display.bytes(Int64(limit)))). Attach fewer or smaller files.")
    }
}
