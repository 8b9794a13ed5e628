import Foundation
import HearthCore

/// Web forums mailing their members (Discourse, XenForo, phpBB, vBulletin, MyBB, Invision,
/// Flarum, NodeBB, Simple Machines, Moodle's course forums): a reply in a watched thread, a new topic, a digest of the
/// board. Gmail files these under Forums; they come from the forum's no-reply address through a
/// bulk-mail service, so the list rules never see a list (session 21's blind probes: a XenForo
/// "new reply" notice and a Discourse summary went to updates).
enum ForumSoftware {
    /// Names forum engines put in X-Mailer (lower-cased).
    static let mailerNames = ["xenforo", "phpbb", "vbulletin", "mybb", "invision community", "invision power",
                              "flarum", "nodebb", "simple machines", "discourse", "vanilla forums"]

    /// The engine that sent it, by its own header fields (Discourse's `X-Discourse-…`) or its
    /// X-Mailer; nil for anything else.
    static func engine(_ input: CategorizationInput) -> String? {
        if input.headers.contains(where: { field in CategorizationHeaders.forumPrefixes.contains { field.name.lowercased().hasPrefix($0) } }) {
            return "Discourse"
        }
        // Moodle names each course forum's list "moodleforum<id>@<site>" (session 22's probe: a
        // language course's forum posts, sent by PHPMailer with Precedence: bulk, went to updates).
        if let list = input.listID?.lowercased(), list.range(of: #"<?moodleforum\d+@"#, options: .regularExpression) != nil {
            return "Moodle"
        }
        // Whole words, a version glued on dropped ("phpBB3" is phpBB): "GovBulletin" (a
        // government's newsletter service) is no vBulletin.
        let mailer = (input.header("X-Mailer") ?? "").lowercased()
            .replacingOccurrences(of: #"(?<=[a-z])\d+"#, with: "", options: .regularExpression)
        let words = " " + String(mailer.map { $0.isLetter || $0.isNumber ? $0 : " " }) + " "
        return mailerNames.first { words.contains(" " + $0 + " ") }
    }

    /// A question-and-answer board passing on a member's answer ("New answer to \"How do I…\"",
    /// "Someone answered your question"), a forum its reply notice ("Topic reply notification",
    /// "New reply: …") or a class board its digest of posts and replies ("… digest (4 new posts, 7
    /// replies)"; a newsletter's "digest: 5 new topics in design" counts no replies): sessions
    /// 21–22's blind probes (and one of session 20) labelled these forums; the centroids read one
    /// as an advert and a topic's words as a receipt. The same in Thai, Vietnamese and Indonesian
    /// ("มีความคิดเห็นใหม่ในกระทู้ที่คุณติดตาม", a new comment in a thread you follow) and a Korean
    /// portal cafe's boards ("구독 게시판 새 글", "내 글에 새 댓글이 달렸습니다"), a Turkish fan
    /// forum's "konuya yeni cevap" and a Hebrew board's "תגובה חדשה בשרשור" (session 23); a Polish
    /// board's "Odpowiedź w wątku" and a Japanese Q&A site's "質問に回答がつきました" (session 24); a
    /// class board's numbered post answered ("Priya Venkataraman (Instructor) answered @398: …",
    /// session 25) and a league's "5 new message board posts".
    static let answerNotice = #"^(\d+ )?new answers? (to|on)\b|\banswered your question\b|\bnew answer (was )?posted\b|^new repl(y|ies)\s*[:–-]|^(topic|thread|forum post) (reply )?notification\b|\bnew repl(y|ies) (in|to) (the )?(thread|topic|discussion)\b|^(new )?repl(y|ies) to (a )?watched (thread|topic)\b|^(new )?repl(y|ies) to (topic|thread|post)\s*([:–-]|['"“‘])|\bforums? - (daily|weekly) digest\b|\bdigest\b.*\b\d+ new (posts?|questions?|threads?)\b.*\b\d+ (repl(y|ies)|discussions?|threads?)\b|게시판 새 글|תגובה חדשה בשרשור|תגובה חדשה לנושא|konuya yeni (cevap|yanıt|mesaj)|내 글에 새 댓글|공지사항 새 글|카페 새 글|ความคิดเห็นใหม่ในกระทู้|กระทู้ที่คุณติดตาม|bình luận mới trong (chủ đề|bài viết) bạn theo dõi|balasan baru (di|pada|untuk) (topik|thread|utas)|^odpowiedź w wątku\b|^nowa odpowiedź w wątku\b|\bnowy post w obserwowanym wątku\b|質問に回答がつきました|質問に回答が届きました|\bnew posts? in \d+ threads? you('re| are) watching\b|\banswered @\d+\b|\bnew (post|question|note|followup|follow-up) @\d+\b|\b\d+ new (message board|forum|board) posts?\b"#

    /// `answerNotice` compiled once; it is asked of every machine-sent subject twice (is it a
    /// network's notice, is it a forum's).
    private static let answerNoticeRegex = try? NSRegularExpression(pattern: answerNotice)

    /// Whether a lower-cased subject is a forum's reply or thread notice (`answerNotice`).
    static func isAnswerNotice(_ lowercasedSubject: String) -> Bool {
        SocialNetworkMail.matches(answerNoticeRegex, lowercasedSubject)
    }

    /// A forum's notice about its discussions: sent by forum software (or a Q&A board's
    /// automated sender), and not about the member's account (a password reset, a sign-up
    /// confirmation, a welcome), which is a notice.
    static func discussionNotice(_ input: CategorizationInput, automated: Bool) -> String? {
        // The subject names the thread the notice is about; a topic's own words ("Gifted deposit
        // …") may sound like a receipt's, so this is asked before the account-mail guard.
        if automated, isAnswerNotice(input.subject.lowercased()) {
            return "a forum's or Q&A board's reply notice"
        }
        guard !CategoryVocabulary.isTransactional(subject: input.subject) else { return nil }
        if automated, isBoardDigest(input) { return "a board's digest of its posts" }
        return engine(input)
    }

    /// A board's digest: "digest" in the subject and its posts listed by number, each on its own
    /// line ("@412 Project 3: can we use …?"), as course discussion boards number them (session
    /// 25's probe: "CS 220 daily digest: 6 new posts" went to updates), or its topics listed with
    /// their replies counted ("* M won't stay in 4th gear - shifter rails?  (14 replies)", a
    /// tractor forum's weekly digest in session 27's probe).
    static func isBoardDigest(_ input: CategorizationInput) -> Bool {
        guard input.subject.lowercased().contains("digest") else { return false }
        let lines = input.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let numbered = lines.filter { $0.range(of: #"^@\d{1,6}\s+\S"#, options: .regularExpression) != nil }
        let topicsWithReplies = lines.filter { $0.range(of: #"\S.*\(\d{1,5} repl(y|ies)\)$"#, options: .regularExpression) != nil }
        return numbered.count >= 2 || topicsWithReplies.count >= 3
    }
}
