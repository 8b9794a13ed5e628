import Foundation

/// The opening of mail sent to a harvested list: a salutation to whoever owns the address
/// ("Dear Sir/Madam", "Dear Friend", "Dear Homeowner", "Dear Computer User", "Attention: Domain
/// Registrant", "Dear Webmaster"). A sender who has the user as a customer, member or
/// subscriber says so ("Dear Customer", "Dear Member": a bank's, a club's or a service's notice,
/// which inform) or uses the name; one who only has the address cannot, and what such mail
/// offers is an advert (issue 15, session 13: bulk mail that sells nothing in its subject
/// leaned updates by default, so adverts for services and events with no shop wording went
/// there).
enum AdvertSalutation {
    /// The text opens by addressing an address's owner, not a customer, a member or a person.
    static func opens(_ text: String) -> Bool {
        let opening = text.lowercased().prefix(120)
        return opening.range(of: #"^\W*((dear|hello|hi|greetings),?\s+)?(sirs?\b|sir\s*/\s*madam|madam\b|friend\b|home\s?owners?\b|business owners?\b|(internet|computer|web|email|e-mail) users?\b|webmasters?\b|(domain |internet domain )?registrants?\b|beneficiar(y|ies)\b)"#,
                               options: .regularExpression) != nil
            // "Attention" alone also opens a provider's notice ("ATTENTION: offices closed on Monday"):
            // only with an address owner after it.
            // A mass mailer that merges the address where a name would go ("Dear ilug@linux.ie").
            || opening.range(of: #"^\W*(dear|hello|hi|greetings),?\s+[^\s@,:]+@[a-z0-9.-]+\.[a-z]{2,}"#, options: .regularExpression) != nil
            || opening.range(of: #"^\W*attention\W+((internet|domain|business|home|computer|web|e-?mail)\s+)*(registrants?|owners?|users?|webmasters?|homeowners?)\b"#,
                             options: .regularExpression) != nil
    }
}
