import Foundation
import HearthCore

/// A message a visitor left on a website's contact form, passed on by the site: WordPress's
/// PHPMailer from the owner's own domain ("New enquiry: …" from wordpress@), or a site builder's
/// form service ("Form Submission - Contact - …" from forms@). A machine sends it, but the words
/// are the visitor's and Reply-To is theirs: the owner answers it as a letter, so it is primary
/// (sessions 25 and 26's probes: a photographer's and a bookkeeper's prospective clients went
/// to promotions). A form's notice to many, or answered by a role mailbox, is no such letter.
enum WebFormMail {
    /// What form relays put in the subject: a submission, an enquiry, a contact.
    static let subjectPattern = try? NSRegularExpression(pattern:
        #"\b(form submission|new (form )?submission|contact form|contact us form|new (website |web |online )?(enquiry|inquiry|lead|message)|(website|web|online) (enquiry|inquiry)|(enquiry|inquiry) (from|via) (your )?(website|site|the website)|message (from|via) (your )?(website|site|contact form))\b"#)

    /// The visitor who filled in the form, when the message is such a relay.
    static func visitor(_ input: CategorizationInput, evidence: BulkMailEvidence) -> EmailAddress? {
        guard !input.isReply, !evidence.namesAList, !evidence.undisclosedRecipients, (1...2).contains(input.recipients.count),
              input.replyTo.count == 1, let visitor = input.replyTo.first,
              SocialNetworkMail.matches(subjectPattern, input.subject.lowercased()) else { return nil }
        let parts = visitor.address.lowercased().split(separator: "@").map(String.init)
        guard parts.count == 2, visitor.address.lowercased() != input.from?.address.lowercased(),
              !BulkMailEvidence.isNoReplyAddress(parts[0]) else { return nil }
        // A person's mailbox: any at a consumer provider (where "jpark.builds" is a person's
        // choice, no role), or a named one that is no role or machine address.
        if PersonalMail.isConsumerMailbox(parts[1]) { return visitor }
        let named = !(visitor.name?.trimmingCharacters(in: .whitespaces).isEmpty ?? true)
        return named && !BulkMailEvidence.isMachineAddress(parts[0]) ? visitor : nil
    }
}
