import Foundation
import HearthCore

/// The composer as a screen binds it (web form, SwiftUI sheet): the fields as typed, what is
/// wrong with them, and the send's phase with its undo countdown. A value type changed only by
/// `reduce`, so every rule is a unit test: a countdown ends when ITS send completes — a stale
/// completion (from a send that was undone and sent again) changes nothing, and a finished
/// send never keeps counting down.
public struct ComposerState: Sendable, Equatable {
    public var account: AccountID?
    public var to = "", cc = "", bcc = ""
    public var subject = ""
    public var body = ""
    public var markup = false
    /// The draft this composer edits (nil until first saved).
    public var draft: EmailID?
    public var phase: Phase = .editing
    /// What the user must fix before sending, by field ("to", "cc", "bcc", "account").
    public var problems: [String: String] = [:]

    public enum Phase: Sendable, Equatable {
        case editing
        /// Sent, inside its undo window until `deadline`.
        case countingDown(EmailID, deadline: Date)
        case sent(EmailID)
        /// The server will retry later.
        case queued(EmailID, reason: String)
        case failed(EmailID, reason: String)
    }

    public enum Action: Sendable, Equatable {
        case edit(Field, String)
        case chooseAccount(AccountID)
        /// The send use case accepted the message: the window runs until `deadline`.
        case sendStarted(EmailID, deadline: Date)
        /// Undo inside the window: editing again.
        case undone(EmailID)
        /// A send's countdown task finished (nil outcome: undone or replaced).
        case sendFinished(EmailID, deadline: Date, Outcome?)
        case saved(EmailID)
    }

    public enum Field: String, Sendable { case to, cc, bcc, subject, body }

    public enum Outcome: Sendable, Equatable { case sent, queued(String), failed(String) }

    public init(account: AccountID? = nil) { self.account = account }

    /// Seconds left in the undo window at `now` (nil when not counting down).
    public func secondsLeft(at now: Date) -> Int? {
        guard case .countingDown(_, let deadline) = phase else { return nil }
        return max(0, Int(deadline.timeIntervalSince(now).rounded(.up)))
    }

    public mutating func reduce(_ action: Action) {
        switch action {
        case .edit(let field, let value):
            switch field {
            case .to: to = value
            case .cc: cc = value
            case .bcc: bcc = value
            case .subject: subject = value
            case .body: body = value
            }
            problems[field.rawValue] = nil
        case .chooseAccount(let id):
            account = id; problems["account"] = nil
        case .sendStarted(let id, let deadline):
            draft = id; phase = .countingDown(id, deadline: deadline)
        case .undone(let id):
            if case .countingDown(id, _) = phase { phase = .editing }
        case .sendFinished(let id, let deadline, let outcome):
            // Only the countdown this completion belongs to ends; an older one is stale.
            guard case .countingDown(id, deadline) = phase, let outcome else { return }
            switch outcome {
            case .sent: phase = .sent(id)
            case .queued(let reason): phase = .queued(id, reason: reason)
            case .failed(let reason): phase = .failed(id, reason: reason)
            }
        case .saved(let id):
            draft = id
        }
    }

    /// The message to save or send, from the fields; `problems` says what is wrong.
    public mutating func message(from sender: Account) -> ComposedMessage? {
        problems = [:]
        var lists: [Field: [EmailAddress]] = [:]
        for field in [Field.to, .cc, .bcc] {
            let text = field == .to ? to : field == .cc ? cc : bcc
            do { lists[field] = try AddressInput.parse(text, field: field.rawValue.capitalized) }
            catch { problems[field.rawValue] = error.message }
        }
        if sender.id == nil { problems["account"] = "choose the account to send from" }
        guard problems.isEmpty else { return nil }
        let me = EmailAddress(name: sender.displayName == sender.email ? nil : sender.displayName, address: sender.email)
        return ComposedMessage(from: me, to: lists[.to] ?? [], cc: lists[.cc] ?? [], bcc: lists[.bcc] ?? [],
                               subject: subject, body: body, bodyFormat: markup ? .markup : .plain)
    }
}
