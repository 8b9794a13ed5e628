import Foundation

/// The mail program a person typed a message in, as its own header fields name it — the
/// counterpart of `ScriptMailer`. Gmail's composer (web and phone apps) gives every message it
/// writes a Message-ID "<CA…@mail.gmail.com>" (a script sending through Gmail keeps its own);
/// Apple's Mail names itself in X-Mailer ("iPhone Mail (22B91)", "Apple Mail (3826.…)"), as
/// Outlook since 2010 does ("Microsoft Outlook 16.0"); Thunderbird, K-9 Mail, Evolution, Mutt
/// and web mail write User-Agent. Old spam forged "Outlook Express", never these.
///
/// Read only of mail with no list, bulk or automation marker from a person's mailbox at a
/// consumer provider (session 25's probe: a bridesmaid's Gmail letter to three friends, with
/// prices and three shop links, went to promotions on its words alone).
enum MailComposer {
    /// Gmail's composer: "CA" and a token of at least twenty characters, at mail.gmail.com.
    static let gmailMessageID = #"^<?CA[A-Za-z0-9+_=.\-]{20,}@mail\.gmail\.com>?$"#

    /// GMX's and WEB.DE's web mail ("<trinity-…-1794514495000@trinity-msg-rest-gmx-…>"), which
    /// sends a person's letter as HTML alone.
    static let gmxMessageID = #"^<?trinity-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-\d+@"#

    private static let gmailRegex = try? NSRegularExpression(pattern: gmailMessageID)
    private static let gmxRegex = try? NSRegularExpression(pattern: gmxMessageID)

    /// X-Mailer values of people's mail programs (lower-cased prefixes).
    static let mailers = ["iphone mail", "ipad mail", "apple mail", "microsoft outlook 14.", "microsoft outlook 15.",
                          "microsoft outlook 16.", "microsoft outlook for mac", "outlook for ios", "outlook for android"]

    /// User-Agent words of people's mail programs (lower-cased, anywhere in the value).
    static let userAgents = ["thunderbird", "k-9 mail", "evolution", "mutt", "roundcube", "squirrelmail", "alpine",
                             "claws mail", "kmail", "fairemail", "betterbird", "seamonkey"]

    /// The program's name, or nil when the header names none of them.
    static func program(_ input: CategorizationInput) -> String? {
        if let id = input.header("Message-ID")?.trimmingCharacters(in: .whitespaces) {
            if SocialNetworkMail.matches(gmailRegex, id) { return "Gmail" }
            if SocialNetworkMail.matches(gmxRegex, id) { return "GMX / WEB.DE web mail" }
        }
        if let mailer = input.header("X-Mailer")?.lowercased().trimmingCharacters(in: .whitespaces),
           let known = mailers.first(where: { mailer.hasPrefix($0) }) {
            return known.hasPrefix("microsoft outlook 1") ? "Microsoft Outlook" : known.capitalized
        }
        if let agent = input.header("User-Agent")?.lowercased(), let known = userAgents.first(where: { agent.contains($0) }) {
            return known.capitalized
        }
        return nil
    }
}
