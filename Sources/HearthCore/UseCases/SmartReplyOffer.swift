import Foundation

/// Whether a conversation's suggested replies are computed as soon as it opens, or only when the
/// user asks (spec §5.6.3). Gmail and Apple Mail offer quick replies to mail a person wrote, not
/// to newsletters, receipts or notifications: a "Sounds good, thanks!" to a no-reply address is
/// noise, and each suggestion set costs seconds of the machine's cores on the local model. So
/// replies are prepared unasked only for mail someone may answer; everything else keeps a
/// "Suggest replies" button.
public enum SmartReplyOffer {
    /// Categories whose mail is written for many readers or by machines.
    private static let broadcastCategories: Set<AICategory> = [.promotions, .updates, .social]

    /// True when the newest message invites an answer: it was not written by the user
    /// (`ownAddress`, compared without case), not sorted as promotions, updates or social, and not
    /// sent from a no-reply or system address. Primary, forums and not-yet-sorted mail qualify.
    public static func suggestsUnasked(newest: Email, ownAddress: String?) -> Bool {
        guard let sender = newest.from?.address.lowercased() else { return false }
        if isOwn(newest, ownAddress: ownAddress) { return false }
        if broadcastCategories.contains(newest.aiCategory) { return false }
        return !AutomatedMail.isMachineSender(sender)
    }

    /// The user wrote `email` (its sender is `ownAddress`, compared without case): there is
    /// nothing in it for the user to answer.
    public static func isOwn(_ email: Email, ownAddress: String?) -> Bool {
        guard let own = ownAddress, let sender = email.from?.address else { return false }
        return sender.caseInsensitiveCompare(own) == .orderedSame
    }
}
