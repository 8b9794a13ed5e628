import Foundation
import HearthAI
import HearthApp
import HearthCore

/// First launch in five steps (settings spec FR-OB-01): welcome, account, security
/// recommendations, AI model (skippable, consent data first), ready (`onboarding.mustache`).
struct OnboardingView {
    var step: Int
    var csrfToken: String
    var accounts: [Account]
    /// Addresses whose sign-in was refused: shown with a "Sign in again" action.
    var needingSignIn: Set<String> = []
    var models: [ModelStatus]
    var appLockEnabled: Bool
    var error: String?
    var canSaveSecrets: Bool
    /// The account form as typed so far (kept after an error) or as discovery filled it.
    var form = AccountForm()
    /// True once the address was asked: the page shows the whole form, not the address question.
    var addressKnown = false
    /// What discovery found for the address, or why it found nothing.
    var discovery: DiscoverAccountSettings.Found?
    var discoveryProblem: String?
    /// The AI step's models: Settings › AI's list (download with consent and progress).
    var modelList: ModelCatalogView?

    static let titles = ["Welcome", "Add your account", "Protect your data", "AI features (optional)", "You're all set"]

    struct Step { var number: Int; var title: String; var current: Bool; var done: Bool }
    struct AccountItem { var email: String; var needsSignIn: Bool }
    struct ModelItem { var name: String; var size: String; var license: String; var source: String; var state: String }
    struct SecurityOption { var value: String; var label: String; var selected: Bool }
    struct FormModel {
        var email: String, name: String, password: String, host: String, port: String, smtp: String, smtpPort: String
        var caFile: String, serverName: String
        var security: [SecurityOption], smtpSecurity: [SecurityOption]
        /// "Advanced" starts open when it holds something the user chose.
        var advancedOpen: Bool
    }
    struct Found { var foundBy: String; var needsChecking: Bool }
    struct Advice { var provider: String; var text: String; var helpURL: String? }

    struct Model {
        var steps: [Step]
        var heading: String
        var error: String?
        var csrfToken: String
        var canSaveSecrets: Bool
        var isWelcome: Bool, isAccount: Bool, isSecurity: Bool, isAI: Bool, isReady: Bool
        var accounts: [AccountItem]
        var hasAccounts: Bool
        var appLockState: String
        var models: [ModelItem]
        var form: FormModel
        var addressKnown: Bool
        var found: Found?
        var discoveryProblem: String?
        var advice: Advice?
        /// Gmail: "Sign in with Google" is offered next to the app-password form.
        var offersGoogle: Bool
        var googleEmail: String
        var modelList: String
        var anyModelInstalled: Bool
        var anyDownloading: Bool
    }

    static func options(_ chosen: TransportSecurity) -> [SecurityOption] {
        [SecurityOption(value: "tls", label: "SSL/TLS (implicit TLS)", selected: chosen == .implicitTLS),
         SecurityOption(value: "starttls", label: "STARTTLS", selected: chosen == .startTLS)]
    }

    var formModel: FormModel {
        FormModel(email: form.email, name: form.displayName, password: form.password, host: form.imapHost, port: form.imapPort,
                  smtp: form.smtpHost, smtpPort: form.smtpPort, caFile: form.caFile, serverName: form.serverName,
                  security: Self.options(form.imapSecurity), smtpSecurity: Self.options(form.smtpSecurity),
                  advancedOpen: !form.caFile.isEmpty || !form.serverName.isEmpty)
    }

    var model: Model {
        let step = min(max(step, 1), 5)
        let steps: [Step] = (1...5).map { n in Step(number: n, title: Self.titles[n - 1], current: n == step, done: n < step) }
        let items: [AccountItem] = accounts.map { account in AccountItem(email: account.email, needsSignIn: needingSignIn.contains(account.email)) }
        let modelItems: [ModelItem] = models.map { model in
            let source: String = model.entry.downloadURL?.absoluteString ?? "import only"
            let state = model.state == .installed ? "installed" : "not installed"
            return ModelItem(name: model.entry.displayName, size: Display.bytes(model.entry.sizeBytes), license: model.entry.license,
                             source: source, state: state)
        }
        return Model(
            steps: steps, heading: Self.titles[step - 1], error: error, csrfToken: csrfToken, canSaveSecrets: canSaveSecrets,
            isWelcome: step == 1, isAccount: step == 2, isSecurity: step == 3, isAI: step == 4, isReady: step == 5,
            accounts: items, hasAccounts: !accounts.isEmpty, appLockState: appLockEnabled ? "on" : "off", models: modelItems,
            form: formModel, addressKnown: addressKnown,
            found: discovery.map { Found(foundBy: $0.foundBy, needsChecking: $0.needsChecking) },
            discoveryProblem: discoveryProblem,
            advice: discovery.flatMap { found in
                found.signInAdvice.map { Advice(provider: found.settings.provider?.name ?? "", text: $0, helpURL: found.settings.provider?.helpURL) }
            },
            offersGoogle: discovery?.settings.provider?.signIn == .oauthOrAppPassword, googleEmail: form.email,
            modelList: step == 4 ? (modelList?.renderList() ?? "") : "",
            anyModelInstalled: models.contains { $0.state == .installed },
            anyDownloading: modelList?.downloads.values.contains { $0.phase == .downloading || $0.phase == .verifying } ?? false)
    }

    func render() -> String { Templates.render("onboarding", model) }

    /// The step between the form and Google: a link the user follows (see OnboardingGoogleRoutes).
    static func continueToGoogle(email: String, url: URL) -> String {
        struct Model { var email: String; var url: String }
        return Templates.render("onboarding-google-continue", Model(email: email, url: url.absoluteString))
    }
}
