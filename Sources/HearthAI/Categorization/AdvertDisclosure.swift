import Foundation

/// The line with which an advert says, as laws on financial and consumer marketing ask, that it
/// is one: "Dies ist Werbung", "This is a marketing communication", "Messaggio pubblicitario con
/// finalità promozionale". A bank's or an insurer's mailing about a savings plan reads like an
/// account's news; this line tells it apart (session 24's probe: a Swiss bank's pension-plan
/// advert went to updates). Only whole declarations count: "you will no longer receive
/// advertising" in an unsubscribe confirmation names no advert.
enum AdvertDisclosure {
    static let declarations: [String] = [
        "dies ist werbung", "dies ist eine werbung", "dies ist eine werbemitteilung", "dies ist eine marketingmitteilung",
        "dies ist eine marketing-anzeige", "this is a marketing communication", "this is an advertisement",
        "this email is an advertisement", "this message is an advertisement", "ceci est une publicité",
        "ceci est une communication publicitaire", "communication à caractère publicitaire",
        "messaggio pubblicitario con finalità promozionale", "questa è una comunicazione di marketing",
        "esta es una comunicación publicitaria", "este mensaje es publicidad", "dit is een marketingcommunicatie",
        "esta é uma comunicação de marketing", "esta é uma comunicação publicitária", "to jest materiał marketingowy",
        "to jest materiał reklamowy", "detta är marknadsföring",
    ]

    /// The declaration the text makes, or nil.
    static func declaration(in text: String) -> String? {
        let lowered = text.lowercased()
        return declarations.first { lowered.contains($0) }
    }
}
