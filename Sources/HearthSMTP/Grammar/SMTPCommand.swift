import HearthMailTransport
import Foundation

/// An ESMTP parameter of MAIL FROM (RFC 1870 SIZE, RFC 6152 BODY=8BITMIME, RFC 6531 SMTPUTF8).
public enum MailParameter: Hashable, Sendable {
    case size(Int)
    case body8BitMIME
    case smtpUTF8

    var wire: String {
        switch self {
        case .size(let n): "SIZE=\(n)"
        case .body8BitMIME: "BODY=8BITMIME"
        case .smtpUTF8: "SMTPUTF8"
        }
    }
}

/// A SASL message (shared with IMAP's other half in HearthMailTransport), never shown in a log.
public typealias SASLResponse = SASLMessage

/// The commands of SMTP submission (RFC 5321, 6409) and the extensions we use.
public enum SMTPCommand: Hashable, Sendable {
    case ehlo(String)
    case helo(String)
    case startTLS
    /// `AUTH mech [initial-response]` (RFC 4954); the initial response is `=` when empty.
    case auth(mechanism: String, initialResponse: SASLResponse?)
    /// A line answering a 334 challenge during AUTH.
    case authResponse(SASLResponse)
    case mail(from: String, parameters: [MailParameter])
    case rcpt(to: String)
    case data
    case rset
    case noop
    case quit

    /// The verb, for logs and errors: never carries arguments.
    public var verb: String {
        switch self {
        case .ehlo: "EHLO"
        case .helo: "HELO"
        case .startTLS: "STARTTLS"
        case .auth(let mechanism, _): "AUTH \(mechanism)"
        case .authResponse: "AUTH response"
        case .mail: "MAIL FROM"
        case .rcpt: "RCPT TO"
        case .data: "DATA"
        case .rset: "RSET"
        case .noop: "NOOP"
        case .quit: "QUIT"
        }
    }
}
