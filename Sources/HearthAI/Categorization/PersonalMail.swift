import Foundation
import HearthCore

/// Traits of mail a person typed, as today's mail programs leave them: the signature a phone's
/// or a mail app's own composer adds (HearthCore's `MailAppSignature`), and the consumer mailbox
/// providers people write from. Neither is ever added by a newsletter, a shop's mailing or a
/// notification system.
enum PersonalMail {
    /// Consumer mailbox providers: people write from these; notification systems and bulk
    /// senders mail from their own domains (`hasSuffix` also covers country domains listed).
    static let consumerDomains: Set<String> = [
        "gmail.com", "googlemail.com", "outlook.com", "hotmail.com", "hotmail.co.uk", "hotmail.fr", "hotmail.de",
        "hotmail.it", "hotmail.es", "live.com", "live.co.uk", "live.fr", "msn.com", "icloud.com", "me.com", "mac.com",
        "yahoo.com", "yahoo.co.uk", "yahoo.fr", "yahoo.de", "yahoo.it", "yahoo.es", "ymail.com", "aol.com",
        "proton.me", "protonmail.com", "pm.me", "fastmail.com", "fastmail.fm", "hey.com", "zoho.com", "gmx.de", "gmx.net",
        "gmx.com", "web.de", "t-online.de", "freenet.de", "orange.fr", "free.fr", "laposte.net", "libero.it", "virgilio.it",
        "yandex.ru", "yandex.com", "mail.ru", "seznam.cz", "wp.pl", "o2.pl", "tutanota.com", "tuta.io", "posteo.de",
        "mailbox.org", "qq.com", "163.com", "naver.com",
        // …and further afield (session 21's probes: mobile carriers' mail in Japan, QQ numbers,
        // Korean, Russian, Czech, Polish, Italian, Brazilian and American ISPs' mailboxes).
        "126.com", "yeah.net", "sina.com", "foxmail.com", "yahoo.com.tw", "yahoo.co.jp", "hotmail.co.jp", "outlook.jp",
        "docomo.ne.jp", "ezweb.ne.jp", "au.com", "softbank.ne.jp", "i.softbank.jp", "hanmail.net", "daum.net", "nate.com",
        "rambler.ru", "inbox.ru", "bk.ru", "list.ru", "ukr.net", "centrum.cz", "interia.pl", "onet.pl", "alice.it", "tiscali.it",
        "sapo.pt", "uol.com.br", "bol.com.br", "terra.com.br", "yahoo.com.br", "yahoo.com.ar", "outlook.es", "outlook.fr",
        "outlook.de", "comcast.net", "att.net", "verizon.net", "sbcglobal.net", "btinternet.com", "sky.com", "virginmedia.com",
        "bigpond.com", "rediffmail.com", "mail.com", "gmx.at", "gmx.ch", "bluewin.ch", "online.no", "telia.com", "kpnmail.nl",
        "ziggo.nl", "telenet.be", "skynet.be",
    ]

    static func isConsumerMailbox(_ domain: String) -> Bool {
        consumerDomains.contains(domain.lowercased())
    }

    /// The message opens by calling one of its recipients by their first name ("Hi Alex,",
    /// "Alex,", "Dear Alex"), the name their address or display name carries: a person writing
    /// to someone they know. Mass mail personalises its greeting too, but carries the list and
    /// bulk markers the categoriser reads first; this is asked only of mail without them
    /// (session 19's probe: a realtor's "Alex, great news: the sellers accepted your offer …"
    /// with a company signature went to updates on its wording).
    static func greetsARecipientByName(_ input: CategorizationInput) -> Bool {
        guard let line = input.text.split(separator: "\n", omittingEmptySubsequences: true).first?.trimmingCharacters(in: .whitespaces),
              let match = line.range(of: #"^(?:(?:Hi|Hello|Hey|Dear|Morning|Good morning)\s+)?[A-Z][a-z]{2,}(?=\s*[,!:—–-]|$)"#, options: .regularExpression) else { return false }
        let name = String(line[match].split(separator: " ").last ?? "").lowercased()
        guard !["hi", "hello", "hey", "dear", "morning", "all", "team", "everyone", "folks", "friends", "sir", "madam", "customer", "member"].contains(name) else { return false }
        return input.recipients.contains { recipient in
            recipient.name?.split(separator: " ").first.map { $0.lowercased() } == name || firstNameToken(of: recipient.address) == name
        }
    }

    /// The first part of an address's local part ("alex.morgan@…" → "alex"), lower-cased: where
    /// a person's address carries their given name.
    static func firstNameToken(of address: String) -> String? {
        guard let local = address.split(separator: "@").first?.lowercased() else { return nil }
        return local.split(whereSeparator: { ".-_+".contains($0) }).first.map(String.init)
    }
}
