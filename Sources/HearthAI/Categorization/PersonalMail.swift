import Foundation

/// Traits of mail a person typed, as today's mail programs leave them: the signature a phone's
/// or a mail app's own composer adds, and the consumer mailbox providers people write from.
/// Neither is ever added by a newsletter, a shop's mailing or a notification system.
enum PersonalMail {
    /// The default signatures of mobile and desktop mail apps, in the languages the client meets
    /// most ("Sent from my iPhone", "Get Outlook for Android", "Von meinem iPhone gesendet"…).
    static let mailAppSignatures: [String] = [
        "sent from my iphone", "sent from my ipad", "sent from my android", "sent from my samsung", "sent from my galaxy",
        "sent from my pixel", "sent from my mobile", "sent from my phone", "sent from my smartphone", "sent from my blackberry",
        "sent from outlook for", "get outlook for ios", "get outlook for android", "sent from mail for windows",
        "sent from yahoo mail", "sent with proton mail", "sent from proton mail", "sent from my huawei", "sent from fastmail",
        "sent from the all-new aol app", "sent via the samsung", "sent from gmail mobile",
        "von meinem iphone gesendet", "von meinem ipad gesendet", "gesendet von meinem", "envoyé de mon iphone",
        "envoyé de mon ipad", "envoyé depuis mon", "enviado desde mi iphone", "enviado desde mi", "enviado do meu",
        "inviato da iphone", "inviato dal mio", "verzonden vanaf mijn", "verstuurd vanaf mijn",
    ]

    static func hasMailAppSignature(_ text: String) -> Bool {
        let lower = text.lowercased()
        return mailAppSignatures.contains { lower.contains($0) }
    }

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
