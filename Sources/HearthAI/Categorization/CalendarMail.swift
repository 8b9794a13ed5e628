import Foundation
import HearthCore

extension CategorySignals {
    /// Mail with a calendar part (an invitation, an answer to one, a cancellation): the
    /// organiser or attendee in From tells whose it is. A person's is primary even when a
    /// calendar service built it with its footer ("You are receiving this email because you are
    /// an attendee…", Google Calendar's invitations sent under the organiser's name); a booking
    /// system's or a shop's is updates. Mail sent through a bulk-mail service or a list (a
    /// webinar's invitation to many) is left to the other rules.
    static func calendarMail(_ input: CategorizationInput, evidence: BulkMailEvidence) -> SignalVerdict? {
        guard let part = input.header(CategorizationHeaders.calendarPartField), evidence.espFingerprint == nil, !evidence.listHeaders,
              evidence.precedence.map(AutomatedMail.isBulkPrecedence) != true, input.from != nil else { return nil }
        if evidence.machineSender || evidence.organisationSender {
            return SignalVerdict(category: .updates, confidence: 0.88, candidates: [.updates],
                                 reasons: ["a calendar system's invitation or notice (\(part))"])
        }
        return SignalVerdict(category: .primary, confidence: 0.9, candidates: [.primary],
                             reasons: ["a person's invitation or answer to one (\(part))"])
    }
}
