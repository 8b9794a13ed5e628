import Foundation
import HearthApp
import HearthCore

/// First-launch onboarding (FR-OB-01). Adding an account checks it against the server first
/// (sign in, list folders), exactly as `hearth account add` does; "Sign in with Google" is in
/// OnboardingGoogleRoutes.swift.
extension WebApp {
    /// `GET /welcome`: the step asked for. On the account step an address without servers is
    /// the first question answered: discovery (the application layer's, as `hearth account
    /// discover`) fills the form in.
    func onboardingEntry(_ request: WebRequest) async throws -> WebResponse {
        let step = request.query("step").flatMap(Int.init)
        guard step == 2, request.query("google") == nil, let email = request.query("email"), request.query("host") == nil else {
            return try onboardingPage(request)
        }
        let typed = AccountForm.typed(Self.accountFields(request))
        let found: DiscoverAccountSettings.Found
        do { found = try await services.discovery(email) } catch {
            if error.kind == .invalidInput {
                // Not an address: ask again, with what was typed.
                return withStatus(try onboardingPage(request, screen: .failed(typed, Self.sentence(error.message)), addressKnown: false), 400)
            }
            // Nothing found, or DNS not reachable: the whole form, to fill in by hand.
            return try onboardingPage(request, screen: .account(typed), addressKnown: true, discoveryProblem: Self.sentence(error.message))
        }
        return try onboardingPage(request, screen: .account(typed.filled(from: found.settings)), addressKnown: true, discovery: found)
    }

    /// Renders onboarding's screen state (HearthApp's `OnboardingState`, the value a SwiftUI
    /// onboarding binds too); without one, the step the address asks for, with the form as typed.
    func onboardingPage(_ request: WebRequest, screen explicit: OnboardingState? = nil,
                        addressKnown explicitKnown: Bool? = nil, discovery: DiscoverAccountSettings.Found? = nil,
                        discoveryProblem: String? = nil) throws -> WebResponse {
        // "Sign in with Google" is a GET form (see OnboardingGoogleRoutes for why).
        if explicit?.error == nil, request.method == "GET", request.query("google") == "start" { return try startGoogleSignIn(request) }
        // After a failed attempt every field comes back as typed.
        let screen = explicit ?? OnboardingState(stepNumber: request.query("step").flatMap(Int.init),
                                                 form: AccountForm.typed(Self.accountFields(request)))
        let step = screen.step.rawValue, form = screen.form, error = screen.error
        let accounts = try store.accounts()
        let needingSignIn = Set(try accounts.compactMap { account in
            try account.id.flatMap { try store.authStatus(of: $0).needsReauthentication ? account.email : nil }
        })
        var view = OnboardingView(step: step, csrfToken: policy.csrfToken, accounts: accounts, needingSignIn: needingSignIn,
                                  models: modelManager.statuses(), appLockEnabled: appLock.isEnabled, error: error,
                                  canSaveSecrets: services.secrets != nil)
        view.form = form
        view.addressKnown = explicitKnown ?? (request.method == "POST" && !form.email.isEmpty)
        view.discovery = discovery
        view.discoveryProblem = discoveryProblem
        if step == 4 {
            // Settings › AI's own list and download (consent page, progress, cancel), coming
            // back here; only models that can be downloaded, or are already installed.
            let offered = view.models.filter { $0.entry.downloadURL != nil || $0.state == .installed }
            view.modelList = ModelCatalogView(models: offered, downloads: modelDownloadStates(), csrfToken: policy.csrfToken,
                                              returnTo: "/welcome?step=4")
        }
        return .html(Pages.bare(title: "Welcome", theme: theme, body: view.render(), csrfToken: policy.csrfToken))
    }

    /// The account form's fields of a request (query or form body).
    static func accountFields(_ request: WebRequest) -> [String: String] {
        var fields: [String: String] = [:]
        for name in AccountForm.fieldNames { if let value = request.field(name) { fields[name] = value } }
        return fields
    }

    /// Pages that show mail need an account: without one, onboarding's account step.
    func requiringAccount(_ page: () throws -> WebResponse) throws -> WebResponse {
        if try store.accounts().isEmpty { return .redirect("/welcome?step=2") }
        return try page()
    }

    func onboardingPost(_ verb: String, _ request: WebRequest) async throws -> WebResponse {
        switch verb {
        case "done":
            try store.setValue("yes", for: OnboardingKeys.complete)
            startSync()
            return .redirect("/mail?box=inbox")
        case "account":
            return try await addAccount(request)
        case "google":
            return try startGoogleSignIn(request)
        default:
            throw WebError.notFound("No onboarding step \(verb).")
        }
    }

    /// `POST /welcome/account`: the form (`AccountForm`'s field names: email, name, password,
    /// host, port, security, smtp, smtpPort, smtpSecurity, caFile, serverName) through the
    /// `AddAccount` use case — checked against the server before anything is saved.
    func addAccount(_ request: WebRequest) async throws -> WebResponse {
        let fields = Self.accountFields(request)
        var screen = OnboardingState.account(AccountForm.typed(fields))
        let setup: AccountSetup
        do { setup = try AccountForm(fields: fields).setup() } catch {
            screen.reduce(.failed(Self.sentence(error.message)))
            return withStatus(try onboardingPage(request, screen: screen), 400)
        }
        let app: AppContext
        do { app = try application() } catch {
            screen.reduce(.failed(error.message))
            return withStatus(try onboardingPage(request, screen: screen), 503)
        }
        do {
            _ = try await AddAccount(store: store, secrets: app.secrets)(setup)
        } catch {
            screen.reduce(.failed(Self.sentence(error.message)))
            return withStatus(try onboardingPage(request, screen: screen), error.kind == .notConfigured ? 503 : 400)
        }
        screen.reduce(.added)
        return .redirect("/welcome?step=\(screen.step.rawValue)")
    }

    /// A message as a sentence: capital first letter, final period.
    static func sentence(_ text: String) -> String {
        let capital = text.prefix(1).uppercased() + text.dropFirst()
        return capital.hasSuffix(".") ? capital : capital + "."
    }
}
