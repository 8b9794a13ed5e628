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
    ]

    static func isConsumerMailbox(_ domain: String) -> Bool {
        consumerDomains.contains(domain.lowercased())
    }
}
