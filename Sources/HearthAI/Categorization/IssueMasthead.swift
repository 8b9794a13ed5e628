import Foundation

/// The masthead a periodical opens with: its number and its date ("WORLD WIDE WORDS ISSUE 301
/// Saturday 3 August 2002", "Vol. 15, No. 35 November 8, 2002", "Issue #35, November 2002").
/// A publication numbers and dates what it sends; a person posting to a list does not open that
/// way (issue 15, session 13: a newsletter its editor sent through an announcement list was taken
/// for a discussion post, then for a personal letter). A bug's number alone ("Issue 4521
/// crashes on ARM") is no masthead, and only first messages are read this way: a reply about
/// "issue 123" is a discussion.
enum IssueMasthead {
    static func opens(_ text: String) -> Bool {
        let opening = text.prefix(100).lowercased()
        let volumeAndNumber = opening.range(of: #"\b(vol\.?|volume)\s*\d+\s*,?\s*(no\.?|number|issue)\s*#?\s*\d+"#, options: .regularExpression) != nil
        let numbered = opening.range(of: #"\b(issue|edition|no\.)\s*#?\s*\d+"#, options: .regularExpression) != nil
        // A date's shape, not a month-like word: "Issue 4521 may crash", "issue 12 may crash" are
        // bug reports. A year, a month before a day's number ("November 8"), or a day's number
        // before a month that is no verb ("3 August"; "12 may", "12 march" read as verbs).
        let month = #"(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t(ember)?)?|oct(ober)?|nov(ember)?|dec(ember)?)"#
        let monthNoVerb = #"(jan(uary)?|feb(ruary)?|mar|apr(il)?|june?|july?|aug(ust)?|sep(t(ember)?)?|oct(ober)?|nov(ember)?|dec(ember)?)"#
        let dated = opening.range(of: #"\b(19|20)\d\d\b|\b"# + month + #"\.?\s+\d{1,2}\b|\b\d{1,2}(st|nd|rd|th)?\s+"# + monthNoVerb + #"\b"#,
                                  options: .regularExpression) != nil
        return volumeAndNumber || (numbered && dated)
    }
}
