/// An RFC 3463 enhanced status code, `class.subject.detail` (e.g. 5.1.1 "bad destination
/// mailbox address"). Servers that advertise ENHANCEDSTATUSCODES put one at the start of
/// every reply text after the greeting.
public struct EnhancedStatusCode: Hashable, Sendable, CustomStringConvertible {
    /// 2 success, 4 persistent transient failure, 5 permanent failure.
    public var statusClass: Int
    public var subject: Int
    public var detail: Int

    public init(_ statusClass: Int, _ subject: Int, _ detail: Int) {
        self.statusClass = statusClass; self.subject = subject; self.detail = detail
    }

    /// Parses "5.1.1" (each part 1–3 digits, class 2, 4 or 5).
    public init?(_ text: Substring) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ (1...3).contains($0.count) && $0.allSatisfy(\.isASCII) }),
              let c = Int(parts[0]), let s = Int(parts[1]), let d = Int(parts[2]), [2, 4, 5].contains(c)
        else { return nil }
        self.init(c, s, d)
    }

    public var description: String { "\(statusClass).\(subject).\(detail)" }

    /// What the subject says went wrong (RFC 3463 §3).
    public enum Subject: Int, Sendable {
        case other = 0, addressing = 1, mailbox = 2, mailSystem = 3, network = 4, protocolError = 5,
             content = 6, securityOrPolicy = 7
    }

    public var subjectKind: Subject { Subject(rawValue: subject) ?? .other }

    /// 5.1.x: the address is wrong (unknown user, bad syntax, no such domain).
    public var isAddressingProblem: Bool { subject == 1 }
    /// 5.3.4 / 5.2.3: the message is too big for the system / the mailbox.
    public var isSizeProblem: Bool { (subject == 3 && detail == 4) || (subject == 2 && detail == 3) }
    /// 5.7.8 / 4.7.8 etc.: the credentials were refused.
    public var isAuthenticationProblem: Bool { subject == 7 && [8, 9, 11, 12, 0].contains(detail) }
}

/// One SMTP reply: a three-digit code, the enhanced status code when present, and the text
/// lines (multi-line replies `250-…` / `250 …` are joined into one reply).
public struct SMTPReply: Hashable, Sendable, CustomStringConvertible {
    public var code: Int
    public var enhanced: EnhancedStatusCode?
    /// Text of each line, after the code and the enhanced code.
    public var lines: [String]

    public init(code: Int, enhanced: EnhancedStatusCode? = nil, lines: [String]) {
        self.code = code; self.enhanced = enhanced; self.lines = lines
    }

    public enum Kind: Sendable, Hashable {
        /// 2yz: done.
        case positiveCompletion
        /// 3yz: go on (354 after DATA, 334 during AUTH).
        case positiveIntermediate
        /// 4yz: not now, try again later.
        case transientNegative
        /// 5yz: never like this.
        case permanentNegative
        case invalid
    }

    public var kind: Kind {
        switch code / 100 {
        case 2: .positiveCompletion
        case 3: .positiveIntermediate
        case 4: .transientNegative
        case 5: .permanentNegative
        default: .invalid
        }
    }

    public var isSuccess: Bool { kind == .positiveCompletion }
    public var text: String { lines.joined(separator: " ") }

    /// `550 5.1.1 text…`, for errors and logs (server text, never our secrets).
    public var description: String {
        "\(code)" + (enhanced.map { " \($0)" } ?? "") + (text.isEmpty ? "" : " \(text)")
    }
}
