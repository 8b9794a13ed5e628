import Foundation

/// The signatures mail apps add by themselves ("Sent from my iPhone", "Get Outlook for Android",
/// "Von meinem iPhone gesendet"…). Two readers need them: the categoriser (a person typed this
/// mail; no newsletter or notification carries one) and the embedding text (the sender's prose
/// ends there). One list, so both know the same apps and languages.
public enum MailAppSignature {
    /// The signatures, lower-case, in the languages the client meets most.
    public static let phrases: [String] = [
        "sent from my iphone", "sent from my ipad", "sent from my android", "sent from my samsung", "sent from my galaxy",
        "sent from my pixel", "sent from my mobile", "sent from my phone", "sent from my smartphone", "sent from my blackberry",
        "sent from outlook for", "get outlook for ios", "get outlook for android", "sent from mail for windows",
        "sent from yahoo mail", "sent with proton mail", "sent from proton mail", "sent from my huawei", "sent from fastmail",
        "sent from the all-new aol app", "sent via the samsung", "sent from gmail mobile",
        "von meinem iphone gesendet", "von meinem ipad gesendet", "gesendet von meinem", "envoyé de mon iphone",
        "envoyé de mon ipad", "envoyé depuis mon", "enviado desde mi iphone", "enviado desde mi", "enviado do meu",
        "inviato da iphone", "inviato dal mio", "verzonden vanaf mijn", "verstuurd vanaf mijn",
    ]

    /// As a line of its own, "Sent from my <any device>" is a signature; inside prose the same
    /// words are not ("the file I sent from my laptop"), so text is searched for `phrases` only.
    static let lineOpenings = ["sent from my ", "get outlook for "]

    /// Whether `text` carries one of the signatures anywhere.
    public static func appears(in text: String) -> Bool {
        let lower = text.lowercased()
        return phrases.contains { lower.contains($0) }
    }

    /// Whether a line (lower-cased, trimmed) is a mail app's signature.
    public static func isSignatureLine(_ lowerLine: String) -> Bool {
        lineOpenings.contains { lowerLine.hasPrefix($0) } || phrases.contains { lowerLine.hasPrefix($0) }
    }
}
