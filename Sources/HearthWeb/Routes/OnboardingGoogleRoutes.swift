import Foundation
import HearthApp
import HearthCore
import HearthSecurity

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
/// 3. The tokens go to the application layer, as `hearth account add --oauth` and `hearth
///    account reauth` hand them: `AddAccount` (IMAP and SMTP checked with the fresh token, then
///    the account and its tokens, secret store only, saved) or, for an existing Gmail account,
///    `ReauthenticateAccount` (the same checks, the tokens replaced, the account active again).
///    The answer is a page with a link back into the app (again a same-site navigation, so the
///    session cookie is sent).
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
            return withStatus(try onboardingPage(request, screen: .failed(AccountForm.typed(Self.accountFields(request)), "Enter your Gmail address.")), 400)
        }
        guard services.secrets != nil else {
            return withStatus(try onboardingPage(request, screen: .failed(AccountForm.typed(Self.accountFields(request)), "This session cannot store sign-ins (no secret store).")), 503)
        }
        if let existing = try store.accounts().first(where: { $0.email.caseInsensitiveCompare(email) == .orderedSame }),
           existing.authType != .oauth2 {
            return withStatus(try onboardingPage(request, screen: .failed(AccountForm.typed(Self.accountFields(request)), "\(email) is already added (with a password).")), 400)
        }
        do { _ = try Self.googleServers { field($0) }.servers() } catch {
            return withStatus(try onboardingPage(request, screen: .failed(AccountForm.typed(Self.accountFields(request)), Self.sentence(error.message))), 400)
        }
        let client: OAuthTokenClient
        do { client = OAuthTokenClient(configuration: try OAuthClientConfiguration.load()) } catch {
            return withStatus(try onboardingPage(request, screen: .failed(AccountForm.typed(Self.accountFields(request)), error.description)), 503)
        }
        var context = ["owner": signInOwner, "email": email]
        for name in Self.googleServerFields.map(\.google) + ["return"] where !field(name).isEmpty {
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
        guard let email = context["email"], let app = try? application() else {
            return callbackPage("Sign-in failed", "This session cannot store sign-ins (no secret store).", status: 503)
        }
        let existing = try store.accounts().first { $0.email.caseInsensitiveCompare(email) == .orderedSame }
        do throws(AppError) {
            if let existing {
                try await ReauthenticateAccount(app)(existing, tokens: tokens)
            } else {
                let servers = try Self.googleServers { context[$0] ?? "" }.servers()
                let setup = AccountSetup(email: email, provider: .gmail, imap: servers.imap, smtp: servers.smtp, tls: servers.tls,
                                         credential: .oauth(tokens))
                _ = try await AddAccount(store: store, secrets: app.secrets)(setup)
            }
        } catch {
            let status = switch error.kind {
            case .invalidInput, .notFound: 400
            case .notConfigured: 503
            case .io: 500
            case .noPermission, .untrustedCertificate, .unavailable: 502
            }
            return callbackPage(status == 502 ? "Couldn't connect to Gmail" : "Sign-in failed",
                                "Signed in with Google, but \(error.message). Nothing was saved.", status: status)
        }
        let next = safeReturn(context["return"], fallback: existing == nil ? "/welcome?step=3" : "/mail?box=inbox")
        return callbackPage(existing == nil ? "Signed in" : "Signed in again",
                            "\(email) is connected; its sign-in is kept in the secret store.", link: (next, "Continue"))
    }

    /// The form's "Advanced: other servers" fields (`imapHost`, …) and the account form's names
    /// for them: the same parsing, no security mode guessed from a port (TLS unless a field says
    /// `starttls`).
    static let googleServerFields: [(google: String, form: String)] = [
        ("imapHost", "host"), ("imapPort", "port"), ("imapSecurity", "security"), ("smtpHost", "smtp"),
        ("smtpPort", "smtpPort"), ("smtpSecurity", "smtpSecurity"), ("caFile", "caFile"), ("serverName", "serverName"),
    ]

    /// Those fields as the account form, on Google's servers unless they name others (a
    /// self-hosted or test server).
    static func googleServers(_ value: (String) -> String) throws(AppError) -> AccountForm {
        var fields: [String: String] = [:]
        for (google, form) in googleServerFields { fields[form] = value(google) }
        var form = try AccountForm(fields: fields)
        let hosts = AccountSetup.googleHosts(imap: form.imapHost.isEmpty ? nil : form.imapHost,
                                             smtp: form.smtpHost.isEmpty ? nil : form.smtpHost)
        form.imapHost = hosts.imap
        form.smtpHost = hosts.smtp
        return form
    }

    /// The callback's answer: reached without the session, so it carries no CSRF token and no
    /// data beyond what the browser just sent.
    private func callbackPage(_ title: String, _ text: String, status: Int = 200, link: (href: String, label: String) = ("/welcome?step=2", "Back to Hearth")) -> WebResponse {
        struct Model { var title: String; var text: String; var href: String; var label: String }
        let body = Templates.render("onboarding-google-outcome", Model(title: title, text: text, href: link.href, label: link.label))
        return .html(Pages.bare(title: title, theme: theme, body: body), status: status)
    }
}
