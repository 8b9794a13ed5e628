import Foundation
import HearthCore
import HearthOutbox
import HearthSecurity
import HearthSync

/// "Sign in with Google" in onboarding (RFC 8252, like `hearth account add --oauth`): the web
/// app is itself the loopback redirect target, `http://127.0.0.1:PORT/oauth/callback`.
///
/// 1. `GET /welcome?google=start&email=…` (with the session cookie; also `POST /welcome/google`
///    with the CSRF token) records a pending sign-in (PKCE verifier and `state` stay in this
///    process) and shows a link to Google's consent page. The form is a GET because Chromium
///    sends `Origin: null` on a plain form POST from a page with `Referrer-Policy: no-referrer`,
///    which the Origin check refuses; starting a sign-in changes no stored data (nothing is
///    saved before the callback), and a cross-site GET carries no SameSite=Strict cookie. The
///    answer is a link, not a redirect: the page's CSP `form-action 'self'` forbids a form
///    from ending on another site, and a user-followed link keeps the browser in charge.
/// 2. `GET /oauth/callback?code&state` is the one route that works without the session cookie
///    and the CSRF token (the browser arrives from Google, a cross-site navigation, so the
///    SameSite=Strict cookie is not sent). It is still behind the Host check (loopback names
///    only) and does nothing unless `state` is a pending sign-in started by this server;
///    the state is consumed before the code is exchanged.
/// 3. IMAP and SMTP are checked with the fresh token; then the account and its tokens (secret
///    store only) are saved, or, for an existing Gmail account, the tokens are replaced and the
///    account made active again. The answer is a page with a link back into the app (again a
///    same-site navigation, so the session cookie is sent).
extension WebApp {
    static let oauthCallbackPath = "/oauth/callback"
    /// Pending sign-ins of every `WebApp` in this process (one in `hearth serve`); each entry
    /// names its server (`owner`), so a state issued by one app is refused by another.
    static let googleSignIns = OAuthPendingSignIns()

    var oauthRedirectURI: String { "http://127.0.0.1:\(policy.port)\(Self.oauthCallbackPath)" }
    private var signInOwner: String { "\(ObjectIdentifier(self).hashValue):\(policy.port)" }

    /// `GET /welcome?google=start` or `POST /welcome/google`: start the sign-in.
    func startGoogleSignIn(_ request: WebRequest) throws -> WebResponse {
        func field(_ name: String) -> String { (request.field(name) ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }
        let email = field("email")
        guard email.contains("@") else {
            return withStatus(try onboardingPage(request, error: "Enter your Gmail address.", step: 2), 400)
        }
        guard services.secrets != nil else {
            return withStatus(try onboardingPage(request, error: "This session cannot store sign-ins (no secret store).", step: 2), 503)
        }
        if let existing = try store.accounts().first(where: { $0.email.caseInsensitiveCompare(email) == .orderedSame }),
           existing.authType != .oauth2 {
            return withStatus(try onboardingPage(request, error: "\(email) is already added (with a password).", step: 2), 400)
        }
        let client: OAuthTokenClient
        do { client = OAuthTokenClient(configuration: try OAuthClientConfiguration.load()) } catch {
            return withStatus(try onboardingPage(request, error: error.description, step: 2), 503)
        }
        var context = ["owner": signInOwner, "email": email]
        for name in ["imapHost", "imapPort", "smtpHost", "smtpPort", "caFile", "return"] where !field(name).isEmpty {
            context[name] = field(name)
        }
        let (url, _) = Self.googleSignIns.begin(client: client, redirectURI: oauthRedirectURI, loginHint: email, context: context)
        let body = OnboardingView.continueToGoogle(email: email, url: url)
        return .html(Pages.bare(title: "Sign in with Google", theme: theme, body: body, csrfToken: policy.csrfToken))
    }

    /// `GET /oauth/callback`: finish the sign-in (see the type's steps 2 and 3).
    func oauthCallback(_ request: WebRequest) async throws -> WebResponse {
        let owner = signInOwner
        guard let state = request.query("state"), Self.googleSignIns.isPending(state) else {
            return callbackPage("Sign-in not recognised", "This answer does not belong to a sign-in this Hearth started (or it expired). Nothing was saved.", status: 400)
        }
        let client: OAuthTokenClient
        do { client = OAuthTokenClient(configuration: try OAuthClientConfiguration.load()) } catch {
            return callbackPage("Sign-in is not set up", error.description, status: 503)
        }
        let tokens: OAuthTokens, context: OAuthPendingSignIns.Context
        do {
            (tokens, context) = try await Self.googleSignIns.complete(
                state: state, code: request.query("code"), error: request.query("error"), client: client,
                accept: { $0["owner"] == owner })
        } catch {
            return callbackPage("Sign-in failed", error.description, status: 400)
        }
        guard let email = context["email"], let secrets = services.secrets else {
            return callbackPage("Sign-in failed", "This session cannot store sign-ins (no secret store).", status: 503)
        }
        let existing = try store.accounts().first { $0.email.caseInsensitiveCompare(email) == .orderedSame }
        var account = existing ?? Self.gmailAccount(email: email, context: context)
        do {
            let configuration = try IMAPSettings.configuration(for: account)
            _ = try await AccountConnectivity.check(configuration, credentials: .oauth(user: email) { tokens.accessToken })
            try await SubmissionConnectivity.check(account, secret: .accessToken(tokens.accessToken))
        } catch {
            return callbackPage("Couldn't connect to Gmail", "Signed in, but the mail servers refused the connection: \(error). Nothing was saved.", status: 502)
        }
        if existing == nil { account = try store.create(account) }
        try OAuthCredentials(store: secrets).save(tokens, for: email)
        if let id = account.id, existing != nil { try store.markAuthenticated(id) }
        let next = safeReturn(context["return"], fallback: existing == nil ? "/welcome?step=3" : "/mail?box=inbox")
        return callbackPage(existing == nil ? "Signed in" : "Signed in again",
                            "\(email) is connected; its sign-in is kept in the secret store.", link: (next, "Continue"))
    }

    /// Gmail's servers, unless the form's advanced fields named others (a self-hosted or test server).
    static func gmailAccount(email: String, context: OAuthPendingSignIns.Context) -> Account {
        let imapHost = context["imapHost"] ?? "imap.gmail.com"
        let imapPort = context["imapPort"].flatMap(Int.init) ?? 993
        let smtpHost = context["smtpHost"] ?? (context["imapHost"] == nil ? "smtp.gmail.com" : imapHost)
        let smtpPort = context["smtpPort"].flatMap(Int.init) ?? 465
        let ca = context["caFile"]
        return Account(email: email, displayName: email, provider: .gmail, authType: .oauth2,
                       imap: ServerEndpoint(host: imapHost, port: imapPort, security: imapPort == 143 ? .startTLS : .implicitTLS, extraCAFile: ca),
                       smtp: ServerEndpoint(host: smtpHost, port: smtpPort, security: smtpPort == 587 ? .startTLS : .implicitTLS, extraCAFile: ca))
    }

    /// The callback's answer: reached without the session, so it carries no CSRF token and no
    /// data beyond what the browser just sent.
    private func callbackPage(_ title: String, _ text: String, status: Int = 200, link: (href: String, label: String) = ("/welcome?step=2", "Back to Hearth")) -> WebResponse {
        struct Model { var title: String; var text: String; var href: String; var label: String }
        let body = Templates.render("onboarding-google-outcome", Model(title: title, text: text, href: link.href, label: link.label))
        return .html(Pages.bare(title: title, theme: theme, body: body), status: status)
    }
}
