import Foundation

/// Mail a government's automated services send — a tax office's reminder, a council's bill, an
/// immigration portal's "new message in your account" — from the state's own domains: GOV.UK
/// Notify's `notifications.service.gov.uk`, a `.gov` or `.gouv.fr` host. A state sells nothing to
/// its citizens, so its bulk mail is a notice, whatever its wording reads like (session 22's
/// probes: Making Tax Digital's "you need to act before 6 April" and a council tax account went to
/// promotions on their centroids). A candidate's campaign never mails from these domains.
enum GovernmentMail {
    /// Top-level and second-level domains only governments are given.
    static let governmentSuffixes = [
        ".gov", ".mil", ".gov.uk", ".gov.au", ".govt.nz", ".gc.ca", ".gouv.fr", ".gouv.qc.ca", ".gob.mx", ".gob.es",
        ".gob.ar", ".gov.br", ".gov.in", ".go.jp", ".go.kr", ".gov.cn", ".gov.it", ".bund.de", ".admin.ch", ".gv.at",
        ".gov.pl", ".gov.pt", ".gov.ie", ".gov.za", ".gov.sg", ".gov.ph", ".gov.ae", ".europa.eu", ".belgium.be",
        ".overheid.nl", ".gov.ua", ".gov.ro", ".gov.gr", ".gov.tr", ".gov.il", ".gov.ma", ".gov.ng", ".go.ke",
    ]

    /// Whether the sender's domain is a government's.
    static func isGovernment(_ domain: String) -> Bool {
        let domain = domain.lowercased()
        return governmentSuffixes.contains { domain.hasSuffix($0) || domain == String($0.dropFirst()) }
    }
}
