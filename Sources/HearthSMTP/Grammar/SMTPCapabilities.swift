/// What the server offers in its EHLO reply (RFC 5321 §4.1.1.1). Keywords are kept
/// upper-cased with their parameters; the client only uses what is listed here.
public struct SMTPCapabilities: Hashable, Sendable, CustomStringConvertible {
    /// Keyword → parameters, e.g. "SIZE" → ["36700160"], "AUTH" → ["PLAIN", "XOAUTH2"].
    public private(set) var keywords: [String: [String]]
    /// The first line of the reply: the server's name for itself.
    public var serverDomain: String

    public init(keywords: [String: [String]] = [:], serverDomain: String = "") {
        self.keywords = keywords; self.serverDomain = serverDomain
    }

    /// Reads an EHLO reply: the first line is the domain, each further line a keyword.
    public init(ehloReply reply: SMTPReply) {
        var keywords: [String: [String]] = [:]
        for line in reply.lines.dropFirst() {
            let words = line.split(separator: " ").map(String.init)
            guard let keyword = words.first?.uppercased() else { continue }
            // "AUTH=PLAIN LOGIN" is an old form of "AUTH PLAIN LOGIN" still sent by some servers.
            if keyword.hasPrefix("AUTH=") {
                keywords["AUTH", default: []] += [String(keyword.dropFirst(5))] + words.dropFirst().map { $0.uppercased() }
                continue
            }
            keywords[keyword, default: []] += words.dropFirst().map { keyword == "AUTH" ? $0.uppercased() : $0 }
        }
        self.init(keywords: keywords, serverDomain: reply.lines.first.map { String($0.split(separator: " ").first ?? "") } ?? "")
    }

    public func contains(_ keyword: String) -> Bool { keywords[keyword.uppercased()] != nil }

    public var startTLS: Bool { contains("STARTTLS") }
    public var pipelining: Bool { contains("PIPELINING") }
    public var eightBitMIME: Bool { contains("8BITMIME") }
    public var smtpUTF8: Bool { contains("SMTPUTF8") }
    public var enhancedStatusCodes: Bool { contains("ENHANCEDSTATUSCODES") }
    public var authMechanisms: Set<String> { Set(keywords["AUTH"] ?? []) }
    public func supportsAuth(_ mechanism: String) -> Bool { authMechanisms.contains(mechanism.uppercased()) }

    /// The SIZE limit in bytes; nil when SIZE is not offered or has no (or a zero) limit.
    public var sizeLimit: Int? {
        guard let value = keywords["SIZE"]?.first, let limit = Int(value), limit > 0 else { return nil }
        return limit
    }
    public var offersSize: Bool { contains("SIZE") }

    public var isEmpty: Bool { keywords.isEmpty }

    public var description: String {
        keywords.keys.sorted().map { key in ([key] + (keywords[key] ?? [])).joined(separator: " ") }.joined(separator: " | ")
    }
}
