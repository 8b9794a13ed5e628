import Foundation

/// Mail sent to addresses its sender bought or harvested, which gives itself away: the "ADV:"
/// label some laws required on unsolicited adverts, a subject padded with spaces and a random
/// tag that fools duplicate filters ("Lowest Rates Available.          gjannsxrwg"), or a footer
/// that speaks of the list it bought, the law it claims to obey or the "remove" reply that takes
/// you off it. Newsletters people subscribed to say "unsubscribe"; none of these (0 of the 4,150
/// ham messages of the SpamAssassin corpus carry the footer phrases outside quotes and replies).
///
/// Such mail sells whatever its shape (session 20's probe of 300 unlabelled adverts of the spam
/// folders: 118 went elsewhere — a list's copy to forums, a person-shaped one to primary, the
/// rest to updates by the centroids).
enum UnsolicitedAdvert {
    /// Why the mail is an unsolicited advert, or nil. A reply's text may discuss such mail ("it
    /// said 'this is not spam'", "Re: remove"), so only its subject counts, and a reply on a list
    /// may answer the advert under its subject ("RE: FREE STAR WARS CARDS Adv:"), so nothing does.
    static func mark(_ input: CategorizationInput, reply: Bool, onList: Bool) -> String? {
        guard !(reply && onList) else { return nil }
        if let label = subjectMark(input.subject) { return label }
        guard !reply else { return nil }
        return footerPhrases.first { input.footer.contains($0) }.map { "an unsolicited advert's footer (\"\($0)\")" }
    }

    /// A first post to a discussion list that is an advert (session 20: 7 of 24 adverts of a blind
    /// sample of the spam folders came through a list — spammers mail any address that takes
    /// mail): one a mass-mail program built (HTML alone: people's mail programs add a plain-text
    /// part), that shouts, that opens to whoever owns the address ("Dear Sir or Madam", "Dear
    /// ilug@linux.ie"), or whose subject and text both sell hard — and that informs no more than
    /// it sells and does not read as a publication's issue (a group's newsletter is no advert).
    static func postedToAList(_ input: CategorizationInput, evidence: BulkMailEvidence, vocabulary: CategoryVocabulary.Scores) -> Bool {
        guard !NewsletterContent.read(input.text).isEditorial else { return false }
        if AdvertSalutation.opens(input.text) { return true }
        guard vocabulary.updates <= vocabulary.promotions else { return false }
        return evidence.htmlOnly || CategorySignals.isShouting(input.subject)
            || (vocabulary.promotions >= 4 && vocabulary.promotions >= vocabulary.updates + 3)
    }

    /// The subject's own marks: an "ADV:" label, or a tag after a run of spaces.
    static func subjectMark(_ subject: String) -> String? {
        if subject.range(of: #"(^|\s|\[|\()adv\s*[:\]\)]"#, options: [.regularExpression, .caseInsensitive]) != nil {
            return "labelled an advert (ADV:) in the subject"
        }
        if let label = legalAdvertLabel(subject) { return "labelled an advert (\(label)) in the subject" }
        // Five or more spaces, then one short token (or nothing) to the end, or a number glued on
        // after dots ("…Low 4.75% ...12304"), or a run of dots: a mass mailer's padding and
        // per-copy tag. (In the SpamAssassin corpus: 270 spam subjects, no ham one.)
        // A bank's alert masks an account by its last four digits ("posted to Operating ...4471"):
        // three dots or an ellipsis, then four digits, is that mask and no tag.
        if subject.range(of: #"\S {5,}([#-]?[A-Za-z0-9-]{2,20})?\s*$|\.{2,}\s*\d{4,}\s*$|\.{6,}\s*$"#, options: .regularExpression) != nil,
           subject.range(of: #"\s(\.{3}|…)\d{4}\s*$"#, options: .regularExpression) == nil {
            return "a mass mailer's tag padded onto the subject"
        }
        return nil
    }

    /// The label a country's law puts at the head of an advert's subject: South Korea's "(광고)",
    /// Vietnam's "[QC]" (quảng cáo), Japan's "未承諾広告※", China's "(广告)", in the brackets
    /// senders use. Wherever the advert came from, a bank or a shop the user knows, it says itself
    /// that it is one. "[QC]" counts only before Vietnamese words (an English "[QC] Batch 42
    /// results" is quality control's); China's bare "AD" is an English tag too often to count.
    static func legalAdvertLabel(_ subject: String) -> String? {
        let opening = subject.trimmingCharacters(in: .whitespaces)
        let labels = ["(광고)", "[광고]", "<광고>", "【광고】", "[Quảng cáo]", "[QUẢNG CÁO]", "未承諾広告",
                      "(广告)", "（广告）", "[广告]", "【广告】", "(廣告)", "（廣告）", "【廣告】"]
        if let label = labels.first(where: { opening.hasPrefix($0) }) { return label }
        let vietnamese = opening.unicodeScalars.contains { (0x1EA0...0x1EF9).contains($0.value) || "ăâđêôơưĂÂĐÊÔƠƯ".unicodeScalars.contains($0) }
        return ["[QC]", "(QC)"].first { opening.hasPrefix($0) && vietnamese }
    }

    /// What a mailer to bought or harvested addresses writes about itself.
    static let footerPhrases: [String] = [
        "purchased list", "opt-in list", "email address was obtained", "e-mail address was obtained",
        "address was obtained from", "this is not spam", "this is not a spam", "not unsolicited",
        "s.1618", "s. 1618", "section 301", "one-time mailing", "one time mailing",
        "remove in the subject", "reply with remove", "with the word remove",
        "to be removed from our", "removal instructions", "to be taken off our", "to be taken off this",
    ]
}
