import HearthMailTransport
/// Why TLS could not be established (the same as IMAP's; defined in HearthMailTransport).
public typealias SMTPTLSFailure = HearthMailTransport.TLSFailure

/// The stage of a submission a reply answered, so an error says what was refused.
public enum SMTPStage: String, Hashable, Sendable {
    case greeting, ehlo, startTLS = "starttls", auth, mailFrom = "mail-from", rcptTo = "rcpt-to", data, message, quit
}

/// One recipient the server refused, with its reply.
public struct RecipientRejection: Hashable, Sendable, CustomStringConvertible {
    public var address: String
    public var reply: SMTPReply
    public init(address: String, reply: SMTPReply) { self.address = address; self.reply = reply }
    public var description: String { "\(address): \(reply)" }
}

/// Everything that can go wrong while submitting, typed so the outbox can decide: retry later
/// (`isTransient`), refresh credentials (`isAuthenticationFailure`), or fail now and tell the
/// user. Never contains credentials or message content; server texts are kept because they
/// are what a user (or their admin) needs.
public enum SMTPError: Error, Hashable, Sendable, CustomStringConvertible {
    case connectionFailed(host: String, port: Int, reason: String)
    case tlsFailure(SMTPTLSFailure)
    /// STARTTLS was required but not offered or refused: we never continue in plaintext.
    case startTLSUnavailable(String)
    /// Credentials would have gone over an unencrypted connection; refused locally.
    case credentialsRequireTLS
    case mechanismUnavailable(String)
    /// The server refused the credentials. `details` is the decoded SASL error challenge.
    case authenticationFailed(reply: SMTPReply, details: String?)
    case timeout(stage: SMTPStage, seconds: Double)
    case protocolViolation(String)
    case connectionClosed(String)
    /// The message is larger than the server's SIZE limit (checked before sending it).
    case messageTooLarge(size: Int, limit: Int)
    /// The message or an address needs SMTPUTF8 / 8BITMIME and the server lacks it.
    case extensionRequired(String)
    /// An address we were asked to put on the envelope cannot be written safely.
    case invalidAddress(String)
    /// Some recipients were refused: nothing was sent (all or none, so a retry never
    /// duplicates the message for the others).
    case recipientsRejected([RecipientRejection])
    /// The server refused a command of the transaction.
    case rejected(stage: SMTPStage, reply: SMTPReply)

    public var description: String {
        switch self {
        case .connectionFailed(let h, let p, let r): "cannot connect to \(h):\(p): \(r)"
        case .tlsFailure(let f): f.description
        case .startTLSUnavailable(let r): "STARTTLS unavailable, refusing to continue without encryption: \(r)"
        case .credentialsRequireTLS: "refusing to send credentials over an unencrypted connection"
        case .mechanismUnavailable(let d): "no usable authentication mechanism: \(d)"
        case .authenticationFailed(let reply, let details): "authentication failed: \(reply)" + (details.map { " (\($0))" } ?? "")
        case .timeout(let stage, let s): "no answer to \(stage.rawValue) within \(s) s"
        case .protocolViolation(let d): "SMTP protocol violation: \(d)"
        case .connectionClosed(let r): "connection closed: \(r)"
        case .messageTooLarge(let size, let limit): "the message (\(size) bytes) is larger than the server accepts (\(limit) bytes)"
        case .extensionRequired(let d): d
        case .invalidAddress(let a): "cannot submit to \"\(a)\": not a valid address"
        case .recipientsRejected(let list): "recipient refused: " + list.map(\.description).joined(separator: "; ")
        case .rejected(let stage, let reply): "the server refused \(stage.rawValue): \(reply)"
        }
    }

    /// Worth trying again later: network trouble, timeouts, 4xx replies.
    public var isTransient: Bool {
        switch self {
        case .connectionFailed, .timeout, .connectionClosed: true
        case .rejected(_, let reply): reply.kind == .transientNegative
        case .recipientsRejected(let list): list.allSatisfy { $0.reply.kind == .transientNegative }
        case .authenticationFailed(let reply, _): reply.kind == .transientNegative
        default: false
        }
    }

    /// The credentials were refused (535 5.7.8 and friends): an OAuth token may need a refresh.
    public var isAuthenticationFailure: Bool {
        if case .authenticationFailed(let reply, _) = self { return reply.kind == .permanentNegative }
        return false
    }

    /// A recipient address is wrong (5xx on RCPT, or 5.1.x anywhere): retrying cannot help.
    public var isBadRecipient: Bool {
        switch self {
        case .recipientsRejected(let list): list.contains { $0.reply.kind == .permanentNegative }
        case .invalidAddress: true
        case .rejected(_, let reply): reply.kind == .permanentNegative && reply.enhanced?.isAddressingProblem == true
        default: false
        }
    }
}
