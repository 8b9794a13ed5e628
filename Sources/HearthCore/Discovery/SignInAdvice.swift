import Foundation

extension KnownMailProvider {
    /// How to sign in from Hearth, in plain words, for the onboarding page and
    /// `hearth account discover`: the step people get stuck on is not the server name but the
    /// password their provider refuses from other programs.
    public var signInAdvice: String {
        switch signIn {
        case .password:
            return "Use your \(name) password. If \(name) refuses it, switch on IMAP access in \(name)'s web settings first."
        case .appPassword:
            return "\(name) does not let other programs use your normal password. Create an app password in your \(name) "
                + "account's security settings (it takes a minute) and paste it here instead."
                + (helpURL.map { " How: \($0)" } ?? "")
        case .oauthOrAppPassword:
            return "Two ways, both about two minutes: (1) With 2-Step Verification on, create an app password at "
                + "https://myaccount.google.com/apppasswords and use it as the password here. (2) Or \"Sign in with Google\" "
                + "with your own Google OAuth client (Google requires each app to register one; the steps are in docs/security.md)."
        case .oauthOnly:
            return "\(name) accepts only its own sign-in page (OAuth) from other programs; passwords and app passwords are refused. "
                + "Hearth does not have \(name) sign-in yet."
        }
    }
}
