import Foundation
import HearthAI
import HearthCore
import HearthSafety
import HearthSearch
import HearthSecurity
import HearthStore
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
    }

    /// Answers one request. Never throws: failures become error pages.
    public func handle(_ request: WebRequest) async -> WebResponse {
        if let refusal = gate(request) { return withPageHeaders(refusal) }
        let response: WebResponse
        do {
            response = try await route(request)
        } catch let error as WebError {
            response = errorPage(error, request)
        } catch {
            logger.error("request failed", metadata: ["path": "\(request.path)", "error": "\(error)"])
            response = errorPage(.internal(String(describing: error)), request)
        }
        return withPageHeaders(response)
    }

    // MARK: - The security gate

    /// Routes that work without the session cookie: the login exchange, static files, and the
    /// capability routes of message frames (see `LocalAccessPolicy.frameToken`).
    /// `oauth` is the Google sign-in's redirect target (OnboardingGoogleRoutes: it acts only on a pending `state`).
    static let publicRoutes: Set<String> = ["login", "assets", "frame", "inline", "favicon.ico", "oauth"]

    func gate(_ request: WebRequest) -> WebResponse? {
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

    // MARK: - Routing

    func route(_ request: WebRequest) async throws -> WebResponse {
        let s = request.segments
        let post = request.method == "POST"
        switch (s.first ?? "", s.count, post) {
        case ("", 0, false): return try home()
        case ("login", 1, false): return login(request)
        case ("assets", 2, false): return Assets.response(for: s[1])
        case ("favicon.ico", 1, false): return WebResponse(status: 204)
        case ("frame", 3, false): return try frame(token: s[1], email: s[2], request)
        case ("inline", 4, false): return try await inlineImage(token: s[1], email: s[2], contentID: s[3])
        case ("mail", 1, false): return try mailPage(request)
        case ("thread", 2, false): return try threadFragment(s[1], request)
        case ("action", 1, true): return try await action(request)
        case ("sync", 1, true): return try await syncNow(request)
        case ("search", 1, false): return try await searchPage(request)
        case ("contacts", 1, false): return try contacts(request)
        case ("compose", 1, false): return try composePage(request)
        case ("compose", 2, true): return try await composePost(s[1], request)
        case ("outbox", 3, true): return try await outboxPost(s[1], s[2], request)
        case ("attachment", 3, false): return try await attachment(email: s[1], s[2], request)
        case ("settings", 1, false): return try settingsPage(request)
        case ("settings", 1, true): return try settingsPost(request)
        case ("settings", 2, true): return try await settingsAction(s[1], request)
        case ("settings", 4, false) where s[1] == "models": return try modelPage(s[2], s[3], request)
        case ("settings", 4, true) where s[1] == "models": return try await modelAction(s[2], s[3], request)
        case ("ai", 3, true): return try await aiRequest(s[1], s[2], request)
        case ("welcome", 1, false): return try onboardingPage(request)
        case ("welcome", 2, true): return try await onboardingPost(s[1], request)
        case ("oauth", 2, false) where s[1] == "callback": return try await oauthCallback(request)
        case ("events", 1, false): return events()
        case ("lock", 1, false): return lockPage(error: nil)
        case ("unlock", 1, true): return unlock(request)
        default: throw WebError.notFound("There is no page at \(request.path).")
        }
    }

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
        guard let value, value.hasPrefix("/"), !value.hasPrefix("//"), !value.contains("\\") else { return fallback }
        return value
    }

    var theme: Theme { settings.theme }

    func errorPage(_ error: WebError, _ request: WebRequest) -> WebResponse {
        if request.wantsJSON { return .json(["error": error.message], status: error.status) }
        return .html(Pages.message(title: error.title, text: error.message, theme: theme), status: error.status)
    }

    // MARK: - Lifecycle

    /// Starts the background work: live-update polling and, when configured, IDLE watchers.
    public func startBackgroundWork() {
        let poller = Task { [weak self] in
            guard let self else { return }
            await self.pollForChanges()
        }
        background.withLock { $0.append(poller) }
        if services.watchInboxes { startWatchers() }
        let recovery = Task { [weak self] in
            guard let self else { return }
            await self.recoverOutbox()
        }
        background.withLock { $0.append(recovery) }
    }

    /// Stops background work and closes every event stream.
    public func shutdown() async {
        let tasks = background.withLock { current -> [Task<Void, Never>] in defer { current.removeAll() }; return current }
        tasks.forEach { $0.cancel() }
        downloads.cancelAll()
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
}
