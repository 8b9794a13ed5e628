import Foundation
import HearthCore
import Testing
@testable import HearthAI

/// Mail with a calendar part (issue 15, session 12): the categoriser did not see text/calendar
/// parts, so a colleague's invitation built by a calendar service (the organiser in From, the
/// service's footer below) was read as a notification. Hand-written in the shapes Google
/// Calendar, Outlook and booking systems send.
@Suite struct CalendarMailTests {
    static let me = [EmailAddress(name: "Alex Morgan", address: "alex@home.example")]
    static let calendarPart = HeaderField(name: CategorizationHeaders.calendarPartField, value: "text/calendar")

    /// A calendar service's invitation under the organiser's name: its footer is bulk wording.
    static func serviceBuilt(from: EmailAddress, subject: String, calendar: Bool) -> CategorizationInput {
        CategorizationInput(from: from, recipients: me, subject: subject, text: """
            You have been invited to the following event.
            Project sync
            When: Wed 2 Dec 2026 10:00 – 11:00 (CET)
            Joining info: meet.example.com/abc-defg-hij
            Invitation from the calendar service
            You are receiving this email because you are an attendee of the event. To stop receiving future updates \
            for this event, decline this event.
            """, headers: [HeaderField(name: "Sender", value: "Calendar <calendar-notification@calendar.example>")] + (calendar ? [calendarPart] : []))
    }

    @Test func aPersonsInvitationBuiltByACalendarServiceIsPrimary() {
        let jane = EmailAddress(name: "Jane Doe", address: "jane.doe@northwind.example")
        let invitation = Self.serviceBuilt(from: jane, subject: "Invitation: Project sync @ Wed 2 Dec 2026 10:00 - 11:00 (CET) (alex@home.example)", calendar: true)
        let verdict = CategorySignals.evaluate(invitation)
        #expect(verdict.category == .primary)
        #expect(verdict.reasons.contains { $0.contains("invitation") })
        // An answer from an attendee and a cancellation by the organiser are a person's too.
        for subject in ["Accepted: Project sync @ Wed 2 Dec 2026", "Canceled event: Project sync @ Wed 2 Dec 2026"] {
            #expect(CategorySignals.evaluate(Self.serviceBuilt(from: jane, subject: subject, calendar: true)).category == .primary, "\(subject)")
        }
        // Without the calendar part the same text and subject read as a service's notice.
        #expect(CategorySignals.evaluate(Self.serviceBuilt(from: jane, subject: invitation.subject, calendar: false)).category != .primary)
    }

    @Test func aBookingSystemsInvitationIsUpdates() {
        for sender in [EmailAddress(name: "Riverside Dental", address: "noreply@bookings.riverside-dental.example"),
                       EmailAddress(name: "Acme Events Team", address: "events@acme.example")] {
            let booking = Self.serviceBuilt(from: sender, subject: "Your appointment on 2 Dec 2026 at 10:00", calendar: true)
            #expect(CategorySignals.evaluate(booking).category == .updates, "\(sender.address)")
        }
    }

    /// A webinar's invitation sent to many through a bulk-mail service is not decided by its
    /// calendar part: the other rules read it as before.
    @Test func aCalendarPartInBulkMailDoesNotMakeItAPersons() {
        var webinar = Self.serviceBuilt(from: EmailAddress(name: "Sarah Lee", address: "sarah@vendor.example"),
                                        subject: "Join our live webinar on Thursday", calendar: true)
        webinar.headers.append(HeaderField(name: "X-Mailer", value: "Mailchimp Mailer - **CID1234**"))
        #expect(CategorySignals.evaluate(webinar).category != .primary)
    }

    /// Ingestion notes the calendar part among the stored signal fields (synced mail keeps no raw
    /// source); a field of that name written into the message itself is never kept.
    @Test func ingestionNotesACalendarPartAndDropsAForgedNote() {
        let headers = [HeaderField(name: "Subject", value: "Project sync"), HeaderField(name: "Precedence", value: "bulk")]
        let invite = ParsedAttachment(filename: "invite.ics", mimeType: "application/ics", sizeBytes: 900, partPath: "2")
        let alternative = ParsedAttachment(filename: "part-1.3.ics", mimeType: "text/calendar", sizeBytes: 900, partPath: "1.3")
        #expect(CategorizationHeaders.pick(headers, attachments: [invite]).map(\.name) == ["Precedence", CategorizationHeaders.calendarPartField])
        #expect(CategorizationHeaders.pick([], attachments: [alternative]) == [HeaderField(name: CategorizationHeaders.calendarPartField, value: "text/calendar")])
        let photo = ParsedAttachment(filename: "photo.jpg", mimeType: "image/jpeg", sizeBytes: 90_000, partPath: "2")
        #expect(CategorizationHeaders.pick(headers, attachments: [photo]).map(\.name) == ["Precedence"])
        let forged = [HeaderField(name: CategorizationHeaders.calendarPartField, value: "text/calendar")]
        #expect(CategorizationHeaders.pick(forged).isEmpty)
    }
}
