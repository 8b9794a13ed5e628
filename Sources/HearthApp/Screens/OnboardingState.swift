import HearthCore

/// First-launch onboarding (FR-OB-01) as a screen binds it: the step, and the account form with
/// every connection option a self-hosted server needs — the security mode of each server
/// (never guessed from the port), an extra CA file, the name the certificate carries.
public struct OnboardingState: Sendable, Equatable {
    /// The order of FR-OB-01's table: privacy, account, security recommendations, then the
    /// optional AI model download (with the storage disclosure) last, as the web app shows them.
    public enum Step: Int, Sendable, Comparable {
        case welcome = 1, account, security, ai, done
        public static func < (a: Step, b: Step) -> Bool { a.rawValue < b.rawValue }
    }

    public var step: Step = .welcome
    public var form = AccountForm()
    /// Why the last attempt to add the account failed (shown on the account step).
    public var error: String?

    public init() {}

    /// The screen at step `number` (1…5, out of range clamped, nil: the first) with `form` —
    /// how a front end without memory between pages (the web app) restores it from an address.
    public init(stepNumber number: Int?, form: AccountForm = AccountForm()) {
        let clamped = min(Step.done.rawValue, max(Step.welcome.rawValue, number ?? Step.welcome.rawValue))
        step = Step(rawValue: clamped) ?? .welcome
        self.form = form
    }

    /// The account step with `form` filled in.
    public static func account(_ form: AccountForm) -> OnboardingState { OnboardingState(stepNumber: Step.account.rawValue, form: form) }

    /// The account step showing `form` again with why it was refused.
    public static func failed(_ form: AccountForm, _ why: String) -> OnboardingState {
        var state = account(form)
        state.reduce(.failed(why))
        return state
    }

    public enum Action: Sendable, Equatable {
        case next, back
        case failed(String)
        /// The account was added: on to the next step, with a fresh form.
        case added
    }

    public mutating func reduce(_ action: Action) {
        switch action {
        case .next: step = Step(rawValue: min(step.rawValue + 1, Step.done.rawValue)) ?? .done; error = nil
        case .back: step = Step(rawValue: max(step.rawValue - 1, Step.welcome.rawValue)) ?? .welcome; error = nil
        case .failed(let why): error = why; step = .account
        case .added: form = AccountForm(); error = nil; step = .security
        }
    }
}

/// The add-account form as typed (text fields), turned into the use case's input.
public struct AccountForm: Sendable, Equatable {
    public var email = ""
    public var displayName = ""
    public var password = ""
    public var imapHost = ""
    public var imapPort = ""
    public var imapSecurity: TransportSecurity = .implicitTLS
    public var smtpHost = ""
    public var smtpPort = ""
    public var smtpSecurity: TransportSecurity = .implicitTLS
    /// A PEM file with an extra CA certificate (self-hosted servers).
    public var caFile = ""
    /// The certificate's name when it is not the host name.
    public var serverName = ""

    public init() {}

    /// The form's values by the names a web form posts them under (the onboarding page's field
    /// names: email, name, password, host, port, security, smtp, smtpPort, smtpSecurity, caFile,
    /// serverName); unknown security values are refused rather than guessed.
    public init(fields: [String: String]) throws(AppError) {
        func text(_ name: String) -> String { (fields[name] ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }
        func security(_ name: String) throws(AppError) -> TransportSecurity {
            let value = text(name)
            if value.isEmpty { return .implicitTLS }
            guard let security = TransportSecurity(rawValue: value.lowercased()) else {
                throw .invalidInput("\"\(value)\" is not a security mode (tls or starttls)")
            }
            return security
        }
        email = text("email"); displayName = text("name"); password = fields["password"] ?? ""
        imapHost = text("host"); imapPort = text("port"); imapSecurity = try security("security")
        smtpHost = text("smtp"); smtpPort = text("smtpPort"); smtpSecurity = try security("smtpSecurity")
        caFile = text("caFile"); serverName = text("serverName")
    }

    /// The use case's input; throws what to fix, naming the field.
    public func setup() throws(AppError) -> AccountSetup {
        guard email.contains("@") else { throw .invalidInput("fill in the e-mail address") }
        guard !imapHost.isEmpty else { throw .invalidInput("fill in the incoming (IMAP) server") }
        guard !password.isEmpty else { throw .invalidInput("fill in the password") }
        let servers = try self.servers()
        return AccountSetup(email: email, displayName: displayName.isEmpty ? nil : displayName,
                            imap: servers.imap, smtp: servers.smtp, tls: servers.tls, credential: .password(password))
    }

    /// The connection part of the form (also what a browser sign-in's "other servers" fields
    /// give): ports checked, the SMTP host defaulting to the IMAP host.
    public func servers() throws(AppError) -> (imap: ServerChoice, smtp: ServerChoice, tls: TLSOptions) {
        func port(_ text: String, _ label: String) throws(AppError) -> Int? {
            guard !text.isEmpty else { return nil }
            guard let value = Int(text), (1...65535).contains(value) else { throw .invalidInput("the \(label) port must be a number from 1 to 65535") }
            return value
        }
        return (imap: ServerChoice(host: imapHost, port: try port(imapPort, "IMAP"), security: imapSecurity),
                smtp: ServerChoice(host: smtpHost.isEmpty ? imapHost : smtpHost, port: try port(smtpPort, "SMTP"), security: smtpSecurity),
                tls: TLSOptions(extraCAFile: caFile.isEmpty ? nil : caFile, serverName: serverName.isEmpty ? nil : serverName))
    }
}

extension AccountForm {
    /// The form exactly as typed, for showing it again after an error: never throws (a
    /// security value the form does not offer falls back to implicit TLS, the default).
    public static func typed(_ fields: [String: String]) -> AccountForm {
        var form = AccountForm()
        func text(_ name: String) -> String { (fields[name] ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }
        func security(_ name: String) -> TransportSecurity { TransportSecurity(rawValue: text(name).lowercased()) ?? .implicitTLS }
        form.email = text("email"); form.displayName = text("name"); form.password = fields["password"] ?? ""
        form.imapHost = text("host"); form.imapPort = text("port"); form.imapSecurity = security("security")
        form.smtpHost = text("smtp"); form.smtpPort = text("smtpPort"); form.smtpSecurity = security("smtpSecurity")
        form.caFile = text("caFile"); form.serverName = text("serverName")
        return form
    }

    /// The names a web form posts the fields under (see `init(fields:)`).
    public static let fieldNames = ["email", "name", "password", "host", "port", "security", "smtp", "smtpPort", "smtpSecurity", "caFile", "serverName"]
}
