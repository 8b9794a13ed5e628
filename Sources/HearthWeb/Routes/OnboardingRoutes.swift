import Foundation
import HearthCore
import HearthSync

/// First-launch onboarding (FR-OB-01). Adding an account checks it against the server first
/// (sign in, list folders), exactly as `hearth account add` does; "Sign in with Google" is in
/// OnboardingGoogleRoutes.swift.
extension WebApp {
    func onboardingPage(_ request: WebRequest, error: String? = nil, step explicit: Int? = nil) throws -> WebResponse {
        // "Sign in with Google" is a GET form (see OnboardingGoogleRoutes for why).
        if error == nil, request.method == "GET", request.query("google") == "start" { return try startGoogleSignIn(request) }
        let step = min(5, max(1, explicit ?? request.query("step").flatMap(Int.init) ?? 1))
        let accounts = try store.accounts()
        let needingSignIn = Set(try accounts.compactMap { account in
            try account.id.flatMap { try store.authStatus(of: $0).needsReauthentication ? account.email : nil }
        })
        let view = OnboardingView(step: step, csrfToken: policy.csrfToken, accounts: accounts, needingSignIn: needingSignIn,
                                  models: modelManager.statuses(), appLockEnabled: appLock.isEnabled, error: error,
                                  canSaveSecrets: services.secrets != nil)
        return .html(Pages.bare(title: "Welcome", theme: theme, body: view.render(), csrfToken: policy.csrfToken))
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

    func addAccount(_ request: WebRequest) async throws -> WebResponse {
        func field(_ name: String) -> String { (request.field(name) ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }
        let email = field("email"), host = field("host"), password = request.field("password") ?? ""
        guard email.contains("@"), !host.isEmpty, !password.isEmpty else {
            return withStatus(try onboardingPage(request, error: "Fill in the address, the server and the password.", step: 2), 400)
        }
        guard let secrets = services.secrets else {
            return withStatus(try onboardingPage(request, error: "This session cannot store passwords (no secret store).", step: 2), 503)
        }
        if try store.accounts().contains(where: { $0.email.caseInsensitiveCompare(email) == .orderedSame }) {
            return withStatus(try onboardingPage(request, error: "\(email) is already added.", step: 2), 400)
        }
        let port = Int(field("port")) ?? 993
        let smtpHost = field("smtp").isEmpty ? host : field("smtp")
        let smtpPort = Int(field("smtpPort")) ?? 465
        var account = Account(email: email, displayName: email, provider: .imap, authType: .password,
                              imap: ServerEndpoint(host: host, port: port, security: port == 143 ? .startTLS : .implicitTLS),
                              smtp: ServerEndpoint(host: smtpHost, port: smtpPort, security: smtpPort == 587 ? .startTLS : .implicitTLS))
        do {
            let configuration = try IMAPSettings.configuration(for: account)
            _ = try await AccountConnectivity.check(configuration, credentials: .password(user: email, password))
        } catch {
            return withStatus(try onboardingPage(request, error: "Couldn't sign in to \(host): \(error). Check the server and the password.", step: 2), 400)
        }
        account = try store.create(account)
        try secrets.save(Data(password.utf8), for: SecretKey(accountEmail: email, kind: .password))
        return .redirect("/welcome?step=3")
    }
}
