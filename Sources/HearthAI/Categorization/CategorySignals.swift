import Foundation
import HearthCore

/// What the header and sender signals say about an email before any model runs.
public struct SignalVerdict: Sendable, Hashable {
    /// A decision, when the signals alone are strong enough.
    public var category: AICategory?
    public var confidence: Double
    /// Categories still possible; the embedding classifier chooses among these.
    public var candidates: [AICategory]
    /// Human-readable reasons ("List-Post header", "social network sender"), for `--explain`.
    public var reasons: [String]
    /// A category the signals favour without deciding: its embedding score counts double.
    public var lean: AICategory?
    /// A category the signals speak against without ruling it out: its embedding score counts half.
    public var unlikely: AICategory?
    /// Whether the lean comes from what the message says (its selling or informing words, how its
    /// text is built) rather than from a default, the sender's history or the message's shape:
    /// only such a lean can stand in for embeddings that cannot read the language.
    public var leanFromWords: Bool

    public init(category: AICategory?, confidence: Double, candidates: [AICategory], reasons: [String], lean: AICategory? = nil,
                unlikely: AICategory? = nil, leanFromWords: Bool = false) {
        self.category = category; self.confidence = confidence; self.candidates = candidates
        self.reasons = reasons; self.lean = lean; self.unlikely = unlikely; self.leanFromWords = leanFromWords
    }
}

/// Strong, cheap signals first (issue 7: LLM categorisation is slow and weak on 2 cores), in the
/// order Gmail-like sorting weighs them (issue 15): the user's own history with the sender (a
/// sender you write to is primary), social-network senders, automation headers, discussion
/// lists (List-Post, replies on a list, a list tag with a person behind it), then bulk mail
/// (list/bulk headers, ESP fingerprints, machine senders, newsletter boilerplate) split into
/// promotions and updates by what it talks about, and finally mail a person wrote to the user.
public enum CategorySignals {
    public static let allCategories: [AICategory] = [.primary, .social, .promotions, .updates, .forums]
    /// What mail from an unknown sender can be: social is decided by the sender's network
    /// domain alone, never by what a message says (the embeddings confused chatty mail with it).
    static let withoutSocial: [AICategory] = [.primary, .promotions, .updates, .forums]
    /// What mail no list carried can be: no list header, no list software's delivery fields, no
    /// list address among the recipients, no list tag with a person behind it. It is no group's
    /// post (session 26's probe: a recruiter's letter with a tracking pixel went to forums on
    /// the centroids; in the SpamAssassin corpus only spam ever did).
    static let unlisted: [AICategory] = [.primary, .promotions, .updates]

    public static func evaluate(_ input: CategorizationInput) -> SignalVerdict {
        let subject = input.subject.lowercased()
        let local = input.senderLocalPart ?? ""
        let domain = input.senderDomain ?? ""
        let evidence = BulkMailEvidence(input)
        let history = input.senderHistory

        // Social networks: decided by the sender's domain, or by a notification's shape.
        if let network = SocialNetworkMail.network(domain: domain) {
            return SignalVerdict(category: .social, confidence: 0.95, candidates: [.social], reasons: ["social network sender (\(network))"])
        }
        // A network's notice may come from an address that reads like a person's ("mentions@"),
        // but it carries a bulk-mail service's marks, and no list carried it.
        // So may a site that signs with its brand ("SnapShelf" <share@…>, session 26's probe of a
        // 2002 inbox), which no person does.
        // A site relaying under a person's name ("Katie Brennan via SnapLoft") is a machine too,
        // and so is a site's desk signing with its brand ("Wordhaven Games" <turns@wordhaven.com>),
        // and a site's script (X-Mailer: PHP/4.2.3), and a site passing answers to the friend who
        // sent the card or to nobody (Reply-To: "Gran" <jessie.murray@btinternet.com>).
        let networkLikeSender = evidence.machineSender
            || ((evidence.organisationSender || ListRelay.author(of: input.from?.name) != nil || SocialNetworkMail.speaksOfItsSender(input)
                 || signsWithItsBrand(input) || ScriptMailer.built(input) || evidence.repliesGoElsewhere)
                && !evidence.cameThroughList)
            || (evidence.isBulk && !evidence.listPost && evidence.listDelivery == nil && !evidence.sentToList)
        if SocialNetworkMail.isNotification(subject: input.subject, text: input.text, domain: domain, machineSender: networkLikeSender) {
            return SignalVerdict(category: .social, confidence: 0.88, candidates: [.social],
                                 reasons: ["a social notification (someone did something to you) from \(local)@\(domain)"])
        }
        // A person's invitation sent by their calendar (Google Calendar stamps Auto-Submitted on
        // it) is theirs; a booking system's is a notice (`calendarMail`).
        if let calendar = calendarMail(input, evidence: evidence) { return calendar }
        // Machines talking: delivery reports, cron, auto-replies.
        // A forum that stamps Auto-Submitted on the posts it relays ("Jane Doe via Example Forum")
        // still carries a person's words to a group: the list rules below decide it.
        // So does a forum's summary of its discussions (Discourse stamps it on every mail).
        if let autoSubmitted = input.header("Auto-Submitted"), AutomatedMail.isAutoSubmitted(autoSubmitted),
           !ListRelay.isPersonsPost(input, evidence: evidence), !isGroupDigest(input, evidence: evidence),
           ForumSoftware.discussionNotice(input, automated: evidence.isAutomatedOrBulk) == nil {
            return SignalVerdict(category: .updates, confidence: 0.9, candidates: [.updates], reasons: ["Auto-Submitted: \(autoSubmitted)"])
        }
        if ["mailer-daemon", "postmaster", "root", "cron", "daemon"].contains(local) || subject.hasPrefix("cron <")
            || input.header("X-Autoreply") != nil || input.header("X-Autorespond") != nil {
            return SignalVerdict(category: .updates, confidence: 0.9, candidates: [.updates], reasons: ["system sender or auto-reply (\(local)@)"])
        }
        // An advert to bought or harvested addresses says so in its subject or footer; spammers
        // post to open lists and write like a person too, so this comes before either reading.
        // (An alert the user set up may offer the old "reply with REMOVE in the subject" too: a
        // used-book site's want list, session 27's probe.)
        if !input.answersUser, (history?.messagesWrittenTo ?? 0) == 0, !isForward(input), !CategoryVocabulary.isAlertTheUserSet(input),
           let mark = UnsolicitedAdvert.mark(input, reply: input.isReply || subject.hasPrefix("re:"),
                                              onList: evidence.cameThroughList) {
            return SignalVerdict(category: .promotions, confidence: 0.9, candidates: [.promotions], reasons: [mark])
        }
        // A visitor's message passed on by a website's contact form: theirs, answered as a letter.
        if let visitor = WebFormMail.visitor(input, evidence: evidence) {
            return SignalVerdict(category: .primary, confidence: 0.86, candidates: [.primary],
                                 reasons: ["a website form passing on \(visitor.name ?? visitor.address)'s message (Reply-To)"])
        }
        if let list = discussionList(input, evidence: evidence, subject: subject) { return list }
        // A work tool's notice sent under the name of the person who acted ("Rachel Kim via
        // DocuSign" <dse_na2@docusign.net>, "Ben via Dropbox"): the service wrote it, not Rachel.
        if ServiceMail.isWorkTool(domain), ListRelay.author(of: input.from?.name) != nil, !evidence.listHeaders {
            return SignalVerdict(category: .updates, confidence: 0.88, candidates: [.updates],
                                 reasons: ["a work tool's notice under the name of the person who acted (\(domain))"])
        }
        // A reply in a conversation the user took part in (it answers a message the user sent) is
        // a conversation, whoever answers: a friend, a shop owner writing from info@, a named
        // support agent from the helpdesk's address, a colleague whose server adds a footer.
        // Only a no-reply address cannot be answering, and an automatic answer says so.
        if input.answersUser && !BulkMailEvidence.isNoReplyAddress(local) && !isAutoReply(subject) {
            return SignalVerdict(category: .primary, confidence: 0.93, candidates: [.primary],
                                 reasons: ["answers a message you sent"])
        }
        // A sender the user writes to is a correspondent, whatever the mail looks like.
        if let history, history.messagesWrittenTo > 0, !evidence.machineSender {
            return SignalVerdict(category: .primary, confidence: 0.93, candidates: [.primary],
                                 reasons: ["you wrote to \(input.from?.address ?? "this sender") \(history.messagesWrittenTo) time(s)"])
        }
        // Mail that list software delivered, or that was sent to a list's address, and that is no
        // discussion post (a newsletter's issue sent through an announcement list) went to a
        // group: it is bulk, never a personal letter.
        // (A chain letter forwarded by a friend to friends shouts its subject, "FW: FW: THIS IS SO
        // TRUE"; one "FW: FOCUS ON VALUE" to one address is an advert's disguise.)
        let forwards = subject.components(separatedBy: "fw").count - 1
        let friendsForward = isForward(input) && (forwards >= 2 || input.recipients.count >= 2)
        if (evidence.isAutomatedOrBulk && !isPersonAtASharedMailbox(input, evidence: evidence)) || evidence.organisationSender
            || (isShouting(input.subject) && !friendsForward) || evidence.cameThroughList {
            return bulk(input, evidence: evidence, subject: subject)
        }
        return personal(input, evidence: evidence, subject: subject)
    }

    /// Posts to a discussion list or group: List-Post, a reply on a list, Precedence: list, or a
    /// list tag ("[ilug] …") on mail a person sent to many. nil when it is none of those.
    static func discussionList(_ input: CategorizationInput, evidence: BulkMailEvidence, subject: String) -> SignalVerdict? {
        // "Re:" on a bulk-mail service's mailing that answers nothing (no In-Reply-To or
        // References) is a campaign dressed as a reply (session 21's probe: a fundraiser's "Re: 12
        // days left in Q1" was read as a reply on a list); list software's own posts keep List-Post.
        let fakeReply = !input.isReply && !evidence.listPost && (evidence.espFingerprint != nil || evidence.bounceHandler)
        let reply = input.isReply || (subject.hasPrefix("re:") && !fakeReply)
        // A ticket system's tag ("[Norland #44112] AutoReply: RMA request", RT's "[rt.example #812]")
        // numbers one case, where a list's names the group (session 26's probe of a 2002 inbox).
        let tagged = subject.range(of: #"^((re|fwd?|aw|sv):\s*)*\[[^\]]{2,40}\]"#, options: .regularExpression) != nil
            && !(subject.contains("#") && SocialNetworkMail.matches(ticketTag, subject))
        let vocabulary = CategoryVocabulary.score(subject: input.subject, body: input.text)
        // A first message opening with an issue's number and date is a publication's (`IssueMasthead`).
        let masthead = !reply && IssueMasthead.opens(input.text)
        let newsletterLike = vocabulary.updates >= 3 || vocabulary.promotions >= 4 || masthead
        var reasons: [String] = []
        // "Jane Doe via Rust Users" from the list's or forum's own address: a person's post (`ListRelay`).
        let relayed = ListRelay.isPersonsPost(input, evidence: evidence)
        // A code host's discussion thread ("… (Discussion #77)"): people asking and answering
        // in a project's forum, sent from the host's notification address like its issue mail.
        if evidence.listHeaders && subject.range(of: #"\(discussion #\d+\)\s*$"#, options: .regularExpression) != nil {
            return SignalVerdict(category: .forums, confidence: 0.88, candidates: [.forums], reasons: ["a code host's discussion thread"])
        }
        if isListDigest(input) || isGroupDigest(input, evidence: evidence) {
            // A discussion list's digest is the discussion, bundled: the posts themselves follow.
            return SignalVerdict(category: .forums, confidence: 0.88, candidates: [.forums], reasons: ["a mailing list's digest of posts"])
        }
        // (A board's script building the notice, "Microsoft CDO for Windows 2000" from boards@,
        // is as automated as a no-reply address; session 27's probe of a genealogy board.)
        if let engine = ForumSoftware.discussionNotice(input, automated: evidence.isAutomatedOrBulk || ScriptMailer.built(input)) {
            return SignalVerdict(category: .forums, confidence: 0.88, candidates: [.forums], reasons: ["a web forum's notice of its discussions (\(engine))"])
        }
        if evidence.listPost {
            reasons.append("List-Post header")
        } else if evidence.namesAList && reply {
            reasons.append("reply on a mailing list")
        } else if relayed && !newsletterSubject(input.subject) {
            reasons.append("a person's post relayed by a list or forum (\(input.from?.name ?? ""))")
        } else if evidence.precedence == "list" && (tagged || reply) && !newsletterLike && !evidence.machineSender && !evidence.organisationSender {
            // Precedence: list alone is stamped on announcements and reports too (feedback loops,
            // headline mailings); a list tag or a reply says people talk there.
            reasons.append("Precedence: list")
        } else if evidence.sentToList && !evidence.machineSender && !evidence.organisationSender && !newsletterLike {
            reasons.append("sent to a list address")
        } else if tagged && !evidence.machineSender && evidence.espFingerprint == nil && (evidence.isBulk || evidence.undisclosedRecipients) && (reply || !newsletterLike) {
            // (A bulk-mail service's mailing tags its subject with its own name, "[Hoa Binh
            // School] Fees for February", as lists do; lists do not send through one.)
            reasons.append("list tag in the subject of group mail")
        } else if let delivery = evidence.listDelivery, isPersonPosting(input, evidence: evidence),
                  reply || !(newsletterSubject(input.subject) || masthead) || (repliesToTheList(input) && !masthead && !numbersAnIssue(input.subject)) {
            // A person's post that list software delivered, its List-* fields stripped or never
            // added (older managers, many archives): only the subject, or an issue's masthead
            // opening the text, can make it a newsletter (body words alone cannot).
            reasons.append("delivered by a mailing list (\(delivery))")
        } else if evidence.precedence.map(AutomatedMail.isBulkPrecedence) == true, evidence.precedence != "junk", reply,
                  isPersonPosting(input, evidence: evidence), !isAutoReply(subject) {
            // People's mail programs never write Precedence: a person's reply carrying it went
            // through a list (auto-replies, which also set it, are told by their subject).
            reasons.append("a person's reply delivered with Precedence: \(evidence.precedence ?? "")")
        } else {
            return nil
        }
        // Notifications a service sends through a list (bug trackers, commits, CI, code hosting)
        // are updates; a token address that replies is usually a person behind a dated or
        // tagged address (TMDA), so that stays open.
        let roleSender = BulkMailEvidence.isRoleAddress(input.senderLocalPart ?? "") || BulkMailEvidence.isMailingDomain(input.senderDomain ?? "")
        let serviceNotice = SignalVerdict(category: .updates, confidence: 0.86, candidates: [.updates], reasons: reasons + ["a service's notification on a list"])
        if isServiceNotification(subject) || ServiceMail.isWorkTool(input.senderDomain ?? "") { return serviceNotice }
        // An advert posted to an open list, from a person's, a shop's or a generated address: asked
        // before a machine-looking sender's post is taken for a service's notice.
        if !reply && !relayed && UnsolicitedAdvert.postedToAList(input, evidence: evidence, vocabulary: vocabulary) {
            return SignalVerdict(category: .promotions, confidence: 0.86, candidates: [.promotions], reasons: reasons + ["an advert posted to the list"])
        }
        let machinePost = evidence.machineSender && !relayed && !ListRelay.isRewrittenByList(input)
        if machinePost && (!reply || roleSender) { return serviceNotice }
        if machinePost {
            return SignalVerdict(category: nil, confidence: 0.5, candidates: [.forums, .updates], reasons: reasons + ["automated-looking sender replying on a list"], lean: .forums)
        }
        // Body words alone do not make a newsletter of a person's post that list software
        // delivered: technical discussion is full of "build", "report", "update".
        if !reply && newsletterLike && !evidence.listPost && !relayed && !(evidence.listDelivery != nil && isPersonPosting(input, evidence: evidence)) {
            return SignalVerdict(category: nil, confidence: 0.5, candidates: [.forums, .updates, .promotions], reasons: reasons + ["reads like a newsletter"])
        }
        return SignalVerdict(category: .forums, confidence: 0.92, candidates: [.forums], reasons: reasons)
    }

    /// A discussion list's digest (Mailman "dev Digest, Vol 12, Issue 3", Majordomo/Ecartis
    /// "dev Digest V1 #33", LISTSERV): "digest" in the subject and the bundled posts' own
    /// "From:" and "Subject:" lines in the text, or a table of contents ("Today's Topics:", "In
    /// this issue:") listing replies ("Re: …") or sent by the list software itself (`majordomo@`,
    /// `ecartis@`, `x-request@`). A newsletter calling itself a digest has none of these.
    static func isListDigest(_ input: CategorizationInput) -> Bool {
        // Mailman names its digest in the list's language: German "Sammelnachricht, Band 38,
        // Eintrag 3", Dutch "Verzamelbericht", Spanish "Resumen de …" (session 24's probe).
        guard input.subject.lowercased().range(of: #"\bdigest\b|\bsammelnachricht\b|\bverzamelbericht\b|^resumen de\b"#, options: .regularExpression) != nil else { return false }
        let text = input.text.lowercased()
        func occurrences(_ field: String) -> Int { text.components(separatedBy: field).count - 1 }
        let contents = digestContents.contains { text.contains($0) }
        let local = input.senderLocalPart ?? ""
        let listSoftware = ["majordomo", "listserv", "ecartis", "mailman", "sympa"].contains(local)
            || ["-request", "-owner", "-digest", "-help"].contains { local.hasSuffix($0) }
        // "Re:" as a word: "more:", "here:", "are:" end in the same three characters.
        let replies = text.range(of: #"(^|[^a-z])re:"#, options: .regularExpression) != nil
        return (occurrences("from:") >= 2 && occurrences("subject:") >= 2)
            || (contents && (replies || occurrences("from:") >= 1 && occurrences("subject:") >= 1))
            || (listSoftware && contents)
    }

    /// How list software heads a digest's table of contents, in the languages Mailman speaks
    /// (session 22's probes: Dutch and Spanish lists' digests went to updates), and the
    /// "Re: Contents of <list> digest…" its preamble asks repliers to edit; ezmlm's "Topics
    /// (messages 5211 through 5215):", sent from the list's -help@ address (session 26's probe).
    static let digestContents = ["today's topics", "in this issue", "topics:", "topics (messages", "messages in this digest", "contents of",
                                 "onderwerpen van vandaag", "temas del día", "themen des tages", "heutige themen",
                                 "thèmes du jour", "sujets du jour", "argomenti del giorno", "tópicos de hoje",
                                 "assuntos de hoje", "dagens ämnen", "inhoud van", "inhalt von"]

    /// A group's or forum's digest of its own discussions as today's group software sends it:
    /// Google Groups' "Digest for x@googlegroups.com - 3 updates in 2 topics", Discourse's
    /// "[Forum] Summary" of popular topics, groups.io's "[group] Digest Number 123" (session 19's
    /// probe: both went to updates). It came through the group's list (Precedence: list, a
    /// Mailing-list field, or list software's delivery fields) and no bulk-mail service sent
    /// it, and its subject counts updates in topics or its text lists topics.
    static func isGroupDigest(_ input: CategorizationInput, evidence: BulkMailEvidence) -> Bool {
        let subject = input.subject.lowercased()
        // A board's summary under the board's own tag ("[Comunidade DevBR] Resumo") or stamped
        // as automatic names its popular and new topics in the forum's language, whichever
        // service delivered it (session 21's probe: a Portuguese Discourse "Resumo" sent through
        // Postmark went to updates); a newsletter's "weekly digest: popular topics" is neither.
        let boardTagged = subject.range(of: #"^\[[^\]]{2,60}\]\s*"# + summaryWord, options: .regularExpression) != nil
        if boardTagged || (input.header("Auto-Submitted") != nil && subject.range(of: #"\b"# + summaryWord, options: .regularExpression) != nil) {
            let opening = input.text.lowercased().prefix(1_500)
            if boardDigestMarkers.contains(where: { opening.contains($0) }) { return true }
        }
        let group = evidence.precedence == "list" || input.header("Mailing-List") != nil || evidence.listDelivery != nil
        guard group, evidence.espFingerprint == nil else { return false }
        if subject.range(of: #"\b\d+ (new )?(updates?|messages?|posts?|replies|topics?) in \d+ (topics?|threads?|conversations?)\b"#,
                         options: .regularExpression) != nil { return true }
        guard subject.range(of: #"\b(digest|summary)\b"#, options: .regularExpression) != nil else { return false }
        let text = input.text.lowercased()
        return ["topic digest", "view all topics", "popular topics", "new topics", "popular posts", "active topics", "topics in this digest",
                "messages in this digest"]
            .contains { text.contains($0) }
    }

    /// "Digest" or "summary" in the languages the client meets, as a whole word (a regex group).
    static let summaryWord = #"(digest|summary|resumo|resumen|zusammenfassung|résumé|riepilogo|podsumowanie|samenvatting)\b"#

    /// How a forum's summary heads its lists of discussions, in the languages the client meets.
    static let boardDigestMarkers: [String] = [
        "popular topics", "tópicos populares", "temas populares", "beliebte themen", "sujets populaires", "argomenti popolari",
        "popularne tematy", "populaire onderwerpen", "novos tópicos", "nuevos temas", "neue themen", "nouveaux sujets",
        "nuovi argomenti", "nowe tematy", "nieuwe onderwerpen",
    ]

    /// A person, not a service, wrote it: no machine address, no organisation's name, no
    /// bulk-mail service's fingerprint.
    static func isPersonPosting(_ input: CategorizationInput, evidence: BulkMailEvidence) -> Bool {
        input.from != nil && !evidence.machineSender && !evidence.organisationSender && evidence.espFingerprint == nil
    }

    /// The sender's name holds its domain's brand beside other words ("Quillon Software" at
    /// quillon.com; "EOF 2002 Registration" at eof2002.org, the brand spelt in two of the name's
    /// words), or spells it with initials, as an organisation's desk signs; a person at a domain
    /// of their own name ("Wes Calloway" <wes@wescalloway.com>) spells the brand with all their
    /// name's words instead.
    static func signsWithItsBrand(_ input: CategorizationInput) -> Bool {
        guard let domain = input.senderDomain, !PersonalMail.isConsumerMailbox(domain),
              let brand = EmailCategorizer.organisation(of: domain).split(separator: ".").first.map(String.init), brand.count >= 3 else { return false }
        let words = (input.from?.name ?? "").lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
        guard words.count >= 2 else { return false }
        // The brand spelt by neighbouring words: some in full, then the initials of the rest
        // ("Summit Peak Credit Union" at summitpeakcu.org, "Lakeshore Federal Savings" at
        // lfs.com). With no initials, a word of the name must be left over; initials alone need
        // three words (a person's two initials may be their domain too).
        for start in words.indices {
            for end in (start + 1)...min(start + 4, words.count) {
                for split in start...end {
                    let initials = end - split
                    let spelt = words[start..<split].joined() + words[split..<end].compactMap(\.first).map(String.init).joined()
                    guard spelt == brand else { continue }
                    let leftOver = end - start < words.count
                    if split == start ? initials >= 3 : (leftOver || initials >= 2) { return true }
                }
            }
        }
        return false
    }

    /// A ticket system's tag at the head of a subject ("[Norland #44112] …").
    private static let ticketTag = try? NSRegularExpression(pattern: #"^((re|fwd?|aw|sv):\s*)*\[[^\]]{0,30}#\d+\]"#)

    /// Reply-To is the list the message was sent to (Majordomo's and Mailman's "replies go to the
    /// list"): a discussion list's setting, whatever the post announces ("Meeting Wed 5 Sept:
    /// regexp golf, DBI tips, lightning talks", session 26's probe of a 2001 user group).
    static func repliesToTheList(_ input: CategorizationInput) -> Bool {
        let recipients = Set(input.recipients.map { $0.address.lowercased() })
        return !input.replyTo.isEmpty && input.replyTo.allSatisfy { recipients.contains($0.address.lowercased()) }
    }

    /// A subject that calls the mail a newsletter, in the languages the client meets.
    static func namesItselfANewsletter(_ subject: String) -> Bool {
        subject.contains("news") || subject.contains("brief") || subject.contains("bolet") || subject.contains("bulletin")
            ? subject.range(of: #"\b(e-?)?(newsletter|nieuwsbrief|nuusbrief|rundbrief|bolet[ií]n|bulletin|infolettre|lettre d'information)\b"#,
                            options: .regularExpression) != nil
            : false
    }

    /// A subject that numbers an issue ("CAUCE NEWS, Vol 6, No 2, June 2002", "Issue #49").
    static func numbersAnIssue(_ subject: String) -> Bool {
        subject.lowercased().range(of: #"\b(vol\.?|volume|issue|no\.?)\s*#?\d+"#, options: .regularExpression) != nil
    }

    /// A subject that announces an issue of something ("Weekly digest", "Headlines for…",
    /// "Sale ends tonight"), not a topic people discuss.
    static func newsletterSubject(_ subject: String) -> Bool {
        let scores = CategoryVocabulary.score(subject: subject, body: "")
        return scores.updates >= 3 || scores.promotions >= 4
    }

    /// The text opens with a salutation to a role or to anyone ("Dear Homeowner", "Dear
    /// Sir/Madam", "Dear Customer", "Hello Friend"), as mass mail does; people name the person.
    /// "Hi friends" and "Dear colleagues" are a person writing to a group they know: not here.
    static func addressesNobodyInParticular(_ text: String) -> Bool {
        let opening = text.lowercased().prefix(120)
        return opening.range(of: #"^\W*((dear|hello|hi|greetings),?\s+)?(home\s?owners?|sirs?|madam|friend|customers?|valued|member|user|subscribers?|business owner|internet user|computer user|webmaster|registrant|beneficiary)\b"#,
                             options: .regularExpression) != nil
            || opening.hasPrefix("attention")
    }

    /// Out-of-office and other automatic answers, in the languages of the mail the client meets.
    static func isAutoReply(_ subject: String) -> Bool {
        ["out of office", "automatic reply", "auto:", "autoreply", "auto-reply", "abwesend",
         "réponse automatique", "risposta automatica", "respuesta automática", "automatische antwort"].contains { subject.contains($0) }
    }

    /// Subjects of commit, bug-tracker and CI mail, which reach lists under a person's name.
    /// Also an issue or pull-request number closing the subject ("… (#42)"), as code hosts write it.
    static func isServiceNotification(_ subject: String) -> Bool {
        subject.range(of: #"\b(cvs|svn|git) (commit|update)|\bcvs:|\bcommit(ted)?:|\[(jira|bugzilla|bug \d+|jenkins|ci)\]|\bbug #?\d+\b|\bbuild (failed|succeeded|fixed|broken)|\b(abuse|feedback) report\b|\(#\d+\)\s*$"#,
                      options: .regularExpression) != nil
    }

    /// Bulk or automated mail that is not a discussion: receipts and notifications (updates)
    /// or selling (promotions), told apart by vocabulary; unclear cases go to the embeddings.
    static func bulk(_ input: CategorizationInput, evidence: BulkMailEvidence, subject: String) -> SignalVerdict {
        var reasons: [String] = []
        if let esp = evidence.espFingerprint { reasons.append("bulk-mail service (\(esp))") }
        if evidence.listHeaders { reasons.append("list headers without List-Post") }
        if let precedence = evidence.precedence, AutomatedMail.isBulkPrecedence(precedence) { reasons.append("Precedence: \(precedence)") }
        if evidence.machineSender { reasons.append("automated sender \(input.senderLocalPart ?? "")@\(input.senderDomain ?? "")") }
        if evidence.organisationSender { reasons.append("an organisation's name (\(input.from?.name ?? ""))") }
        if let phrase = evidence.boilerplate.first { reasons.append("bulk-mail wording (\"\(phrase)\")") }
        if CategoryVocabulary.isAccountNotice(subject: subject) || CategoryVocabulary.isAlertTheUserSet(input)
            || CategoryVocabulary.confirmsWithoutSelling(subject: subject) {
            return SignalVerdict(category: .updates, confidence: 0.88, candidates: [.updates], reasons: reasons + ["transactional subject"])
        }
        if GovernmentMail.isGovernment(input.senderDomain ?? "") {
            return SignalVerdict(category: .updates, confidence: 0.88, candidates: [.updates], reasons: reasons + ["a government's service"])
        }
        // An appeal for money (a campaign's deadline, a charity's doubled gift) asks the reader to
        // give, whatever news it tells on the way; a gift's receipt says so in its subject.
        if CategoryVocabulary.appealsForMoney(input.text) && !CategoryVocabulary.isTransactional(subject: subject) {
            return SignalVerdict(category: .promotions, confidence: 0.86, candidates: [.promotions], reasons: reasons + ["appeals for donations"])
        }
        // An advert that says it is one, as financial and consumer law asks (`AdvertDisclosure`).
        if let declaration = AdvertDisclosure.declaration(in: input.text) {
            return SignalVerdict(category: .promotions, confidence: 0.86, candidates: [.promotions],
                                 reasons: reasons + ["declares itself an advert (\"\(declaration)\")"])
        }
        // A feed delivered by mail (RSS-to-email: a blog's or a news site's items) informs,
        // whatever its item is about: what sells is the feed's own shop, not its headlines.
        if isFeedItem(input) {
            return SignalVerdict(category: .updates, confidence: 0.86, candidates: [.updates], reasons: reasons + ["a feed item delivered by mail"])
        }
        let scores = CategoryVocabulary.score(subject: input.subject, body: input.text)
        let subjectOnly = CategoryVocabulary.score(subject: input.subject, body: "")
        let margin = scores.promotions - scores.updates
        reasons.append(String(format: "vocabulary: selling %.1f, informing %.1f", scores.promotions, scores.updates))
        // Decided only when the subject itself says so; body words alone only lean.
        if margin >= 4 && subjectOnly.promotions >= 2 {
            return SignalVerdict(category: .promotions, confidence: 0.86, candidates: [.promotions], reasons: reasons)
        }
        // Selling in the subject and in the text's own calls ("Introducing Notion Mail" … "Try it
        // free"; "Recommended for you" … "Enroll for free"): a product launch or a recommendation
        // sells, though the centroids read a service's wording as a notice (session 18's probe).
        let content = NewsletterContent.read(input.text)
        if margin >= 2 && subjectOnly.promotions >= 2 && content.lean == .promotions {
            return SignalVerdict(category: .promotions, confidence: 0.86, candidates: [.promotions],
                                 reasons: reasons + ["sells in its subject and its text"])
        }
        // A receipt (a total paid, a card charged, an order summary) under a subject that sells
        // nothing: its prices account for money spent (session 18's probe: a ride's and a
        // delivery's receipts went to promotions on their prices).
        if content.accountsForPayment && subjectOnly.promotions == 0 {
            return SignalVerdict(category: .updates, confidence: 0.86, candidates: [.updates],
                                 reasons: reasons + ["accounts for a payment (a receipt)"])
        }
        if margin <= -3 && subjectOnly.updates >= 1.5 {
            return SignalVerdict(category: .updates, confidence: 0.86, candidates: [.updates], reasons: reasons)
        }
        // A brand's story, guide or lookbook ("Our farm visit", "5 ways to style a scarf") sells
        // through its pictures and buttons, which lead to products, collections and the cart, or
        // came from a marketing platform made for shops; its words read like a publication's
        // (session 19's probe: 7 of 10 such mailings went to updates).
        if let shop = shopsMarketing(input, evidence: evidence, content: content), subjectOnly.updates < 1.5 {
            return SignalVerdict(category: .promotions, confidence: 0.86, candidates: [.promotions], reasons: reasons + [shop])
        }
        // A newsletter whose subject does not say: how its text is built tells a publication's
        // issue (headlines, bylines, "read more": updates) from a shop's mailing (prices, "% off",
        // "shop now": promotions).
        if content.editorial + content.commerce > 0 {
            reasons.append("content: editorial \(content.editorial), selling \(content.commerce)" + (content.accountsForPayment ? ", a payment" : ""))
        }
        if content.isEditorial && subjectOnly.promotions < 2 {
            return SignalVerdict(category: .updates, confidence: 0.86, candidates: [.updates], reasons: reasons + ["reads as a publication's issue"])
        }
        if content.isCommercial && subjectOnly.updates < 1.5 {
            return SignalVerdict(category: .promotions, confidence: 0.86, candidates: [.promotions], reasons: reasons + ["reads as a shop's mailing"])
        }
        var lean: AICategory? = content.lean ?? (margin >= 1.5 ? .promotions : (margin <= -1 ? .updates : nil))
        let leanFromWords = lean != nil
        lean = lean ?? input.senderHistory?.usualCategory()
        // Bulk mail that sells nothing in its subject and hardly anything in its text informs:
        // a service notifying, a newsletter, a feed item.
        // Mail opening "Dear Sir/Madam", "Dear Computer User", "Attention: Registrant" was sent to
        // an address, not to a customer or a member: an advert, even with no shop wording.
        if lean == nil && AdvertSalutation.opens(input.text) {
            return SignalVerdict(category: .promotions, confidence: 0.86, candidates: [.promotions], reasons: reasons + ["opens to whoever owns the address"])
        }
        if lean == nil && subjectOnly.promotions == 0 && scores.promotions < 1.5 { lean = .updates }
        // Only mail that came through a list can be a discussion; a machine never posts to one,
        // and a bulk-mail service's List-Unsubscribe (on every modern newsletter and receipt) or
        // Precedence: bulk says nothing about a discussion.
        let discussionMarkers = input.listID != nil || evidence.precedence == "list" || evidence.sentToList
            || input.header("List-Help") != nil || input.header("Mailing-List") != nil || input.header("X-Mailing-List") != nil
        let listLike = discussionMarkers && evidence.espFingerprint == nil && !evidence.machineSender
        let candidates: [AICategory] = listLike ? [.promotions, .updates, .forums] : [.promotions, .updates]
        return SignalVerdict(category: nil, confidence: 0.5, candidates: candidates, reasons: reasons, lean: lean, leanFromWords: leanFromWords)
    }

    /// Why a mailing that is no receipt is a shop's marketing, if it is: links to at least two of
    /// the sender's own shop pages, or one and a shop's marketing platform, or that platform
    /// alone. Not when the text reads as a publication's issue: a tech magazine's reviews link
    /// to product pages too, and only a shop's own platform outweighs that.
    static func shopsMarketing(_ input: CategorizationInput, evidence: BulkMailEvidence, content: NewsletterContent.Reading) -> String? {
        guard !content.accountsForPayment, !content.isEditorial else { return nil }
        // A survey about a trip or an order asks; it sells nothing (session 21's probe: a tour
        // operator's "How was your trip? (2-minute survey)" through HubSpot).
        if input.subject.lowercased().range(of: #"\bsurvey\b|\bhow was\b|\brate your\b|\bfeedback\b"#, options: .regularExpression) != nil { return nil }
        let pages = ShopLinks.ownPages(input.htmlBuild.shopPages.union(ShopLinks.inText(input.text)), senderDomain: input.senderDomain)
        let platform = evidence.commercePlatform
        if pages >= 2 || (pages >= 1 && platform != nil) {
            return "links to \(pages) of its shop's pages (products, collections, cart)" + (platform.map { ", sent by \($0)" } ?? "")
        }
        if let platform { return "sent by a marketing platform (\(platform))" }
        return nil
    }

    /// Mail of an RSS/Atom-to-email service: a feed sender (rss@, feeds@, feedburner, blogtrottr)
    /// or the feed fields such services stamp (X-RSS-Feed, X-RSS-Item, X-Feed-Url).
    static func isFeedItem(_ input: CategorizationInput) -> Bool {
        let local = input.senderLocalPart ?? "", domain = input.senderDomain ?? ""
        let feedSender = ["rss", "rssfeeds", "rss-feeds", "feeds", "feed", "feedburner", "feedproxy"].contains { local == $0 || local.hasPrefix($0 + "+") || local.hasPrefix($0 + "-") }
            || ["feedburner.com", "blogtrottr.com", "feedblitz.com", "follow.it"].contains { domain == $0 || domain.hasSuffix("." + $0) }
        return feedSender || input.headers.contains { ["x-rss-feed", "x-rss-item", "x-rss-id", "x-feed-url"].contains($0.name.lowercased()) }
    }

    /// A person's forward ("Fwd:", "Fw:", "WG:", "TR:", "RV:", "ENC:" or a forwarded message's
    /// marker line in the text): what the subject and text say is the forwarded mail's, not the
    /// forwarder's, so a forwarded receipt or newsletter from a friend is still the friend's mail.
    static func isForward(_ input: CategorizationInput) -> Bool {
        if input.subject.lowercased().range(of: #"^\s*(fwd?|fw|wg|tr|rv|enc)\s*:"#, options: .regularExpression) != nil { return true }
        let text = input.text.lowercased()
        return BulkMailEvidence.beforeForwardedMessage(text).endIndex != text.endIndex
    }

    /// A person writing from a small business's shared mailbox ("Jane Doe" <hello@janedoe.design>,
    /// "Marco Rossi" <info@rossi-plumbing.example>): the address is a role, but nothing else about
    /// the mail is bulk — no list, ESP, boilerplate or token — and the name is two or three words
    /// of a person's, not an organisation's.
    static func isPersonAtASharedMailbox(_ input: CategorizationInput, evidence: BulkMailEvidence) -> Bool {
        let local = input.senderLocalPart ?? "", domain = input.senderDomain ?? ""
        // A reply under a person's name from a business's role mailbox ("Rosa Bianchi"
        // <orders@smallbakery.example> answering "Re: cake for Saturday"): the owner answering,
        // even when the user's own message is not in the store (sent from a phone). Session 17's probe.
        let answeringFromARole = input.isReply && BulkMailEvidence.isRoleAddress(local) && !BulkMailEvidence.isNoReplyAddress(local)
            && !BulkMailEvidence.hasMachineToken(local) && !ServiceMail.isWorkTool(domain)
        guard !evidence.isBulk, !evidence.organisationSender,
              ["info", "hello", "contact", "office", "mail", "enquiries", "studio"].contains(local) || answeringFromARole,
              !BulkMailEvidence.isMailingDomain(domain), let name = input.from?.name,
              // A booking, an invoice or an account notice from a shared mailbox is the business's system talking.
              input.isReply || !CategoryVocabulary.isTransactional(subject: input.subject) else { return false }
        let words = name.split(separator: " ").filter { !$0.isEmpty }
        return (2...3).contains(words.count) && words.allSatisfy { word in
            word.first?.isUppercase == true && word.allSatisfy { $0.isLetter || $0 == "-" || $0 == "." }
        }
    }

    /// A mailbox of letters no one would pick or pronounce, sharing nothing with the name: seven
    /// or more letters only, four consonants in a row, no three letters of any name word in it
    /// (a name in Latin letters with at least one word of three or more).
    static func isGeneratedMailbox(_ local: String, name: String) -> Bool {
        guard local.count >= 7, local.allSatisfy({ $0.isLetter && $0.isASCII }) else { return false }
        var run = 0, longest = 0
        for character in local { run = "aeiouy".contains(character) ? 0 : run + 1; longest = max(longest, run) }
        guard longest >= 4 else { return false }
        let words = name.lowercased().split { !$0.isLetter }.map(String.init).filter { $0.count >= 3 }
        // Only a name in Latin letters can be compared with the mailbox: "Сергей Щербаков" writes
        // from a transliteration ("shcherbakov") that shares no letter with it, and a name of
        // short words ("Li Wu") gives nothing to compare; neither is judged.
        guard !words.isEmpty, words.allSatisfy({ $0.allSatisfy(\.isASCII) }) else { return false }
        return !words.contains { word in
            (0...(word.count - 3)).contains { offset in
                let start = word.index(word.startIndex, offsetBy: offset)
                return local.contains(word[start..<word.index(start, offsetBy: 3)])
            }
        }
    }

    /// An all-capitals subject of several words: headlines and alerts, not a person's mail.
    static func isShouting(_ subject: String) -> Bool {
        let letters = subject.filter(\.isLetter)
        return letters.count >= 12 && letters.allSatisfy(\.isUppercase) && subject.split(separator: " ").count >= 3
    }

    /// Mail with no bulk marker from what looks like a person.
    static func personal(_ input: CategorizationInput, evidence: BulkMailEvidence, subject: String) -> SignalVerdict {
        guard input.from != nil else {
            return SignalVerdict(category: nil, confidence: 0.3, candidates: unlisted, reasons: ["no sender"])
        }
        var reasons = ["looks personal: no list, bulk or automation markers, \(input.recipients.count) recipient(s)"]
        // Commit mail from a script (svnmailer, a CVS loginfo hook) carries the committer's bare
        // address but is no conversation: "/svn/project revision 214", "svn commit: r1234 - …".
        // A person's mail program adds their name, so "Revision 2 of the plan" from Tim Baker
        // stays a person's mail.
        let bareAddress = input.from?.name.map { $0.trimmingCharacters(in: .whitespaces).isEmpty || $0.contains("@") } ?? true
        if bareAddress && !input.isReply && !subject.hasPrefix("re:")
            && subject.range(of: #"\b(cvs|svn|git) commit|\bcommit(ted)?:|\brevision \d+\b|^\[?svn\]? r\d+\b"#, options: .regularExpression) != nil {
            return SignalVerdict(category: .updates, confidence: 0.86, candidates: [.updates], reasons: reasons + ["a commit notification"])
        }
        // A reply is a conversation between people. A "Re:" that answers nothing (no In-Reply-To
        // or References) on mail a mass-mail program built (HTML alone, a template, answers sent
        // elsewhere, nobody named in To) is a mailing dressed as a reply.
        let fakeReply = !input.isReply && (evidence.htmlOnly || evidence.templateHTML || evidence.repliesGoElsewhere || evidence.undisclosedRecipients)
        if input.isReply || (subject.hasPrefix("re:") && !fakeReply) {
            return SignalVerdict(category: .primary, confidence: 0.9, candidates: [.primary], reasons: reasons + ["a reply"])
        }
        if let usual = input.senderHistory?.usualCategory(), usual != .primary {
            reasons.append("earlier mail from this sender was \(usual.rawValue)")
            return SignalVerdict(category: nil, confidence: 0.55, candidates: unlisted, reasons: reasons, lean: usual)
        }
        // A buyer's request for a quote ("RFQ: Year-end staff gift sets (60 units)", session 27's
        // probe) names what it wants to buy in a seller's words: nothing is sold to the reader.
        let asksForAQuote = (subject.contains("rfq") || subject.contains("rfp") || subject.contains("request for"))
            && subject.range(of: #"^((re|fwd?):\s*)*(rfq|rfp|request for (a )?(quote|quotation|proposal))\b"#, options: .regularExpression) != nil
        var scores = CategoryVocabulary.score(subject: input.subject, body: "")
        if asksForAQuote { scores.promotions = 0 }
        // People's mail programs put their name on what they send; a bare address (or the
        // address repeated as the name) is how scripts and notification systems send.
        let named = input.from?.name.map { !$0.trimmingCharacters(in: .whitespaces).isEmpty && !$0.contains("@") } ?? false
        if !named { reasons.append("no sender name") }
        // A person's mailbox at a consumer provider, writing in a mail program that names itself
        // (`MailComposer`), to a few people named in To or Cc, with none of a mass-mail program's
        // marks: theirs, whatever prices or shop links it passes on. (HTML alone is no mark here:
        // the program is known, and some web mail sends nothing else.)
        if named, let program = MailComposer.program(input), PersonalMail.isConsumerMailbox(input.senderDomain ?? ""),
           !evidence.undisclosedRecipients, (1...10).contains(input.recipients.count), !evidence.templateHTML,
           !evidence.repliesGoElsewhere, !ScriptMailer.built(input),
           !Self.isGeneratedMailbox(input.senderLocalPart ?? "", name: input.from?.name ?? "") {
            return SignalVerdict(category: .primary, confidence: 0.88, candidates: [.primary],
                                 reasons: reasons + ["written in a person's mail program (\(program))"])
        }
        // A phone's or a mail app's own signature ("Sent from my iPhone", "Get Outlook for
        // Android") is added by the program a person typed the message in; no script or
        // newsletter carries it. Such a message to a few named people is theirs, whatever its
        // subject says ("Weekly update on the flat", "Daily report from the site"); so is a
        // person's forward ("Fwd: Your order has shipped"), whose subject is the forwarded mail's.
        // A forward from someone named goes round a circle of friends and family wider than a
        // letter does (session 24's probe: a chain warning forwarded to eleven friends went to
        // updates); an unnamed sender's "Fw:" to many is a mass mailer's disguise.
        let forwarded = isForward(input)
        let typedByAPerson = MailAppSignature.appears(in: input.text) || forwarded
        let circle = forwarded && named ? 25 : 10
        if typedByAPerson && !evidence.undisclosedRecipients && input.recipients.count <= circle && scores.promotions < 2
            && !addressesNobodyInParticular(input.text) {
            return SignalVerdict(category: .primary, confidence: 0.88, candidates: [.primary],
                                 reasons: reasons + [forwarded ? "forwarded by a person" : "a mail app's signature (sent from a person's phone or mail program)"])
        }
        // An organisation's desk signing with its brand ("Quillon Software" <register@quillon.com>,
        // "EOF 2002 Registration" <registration@eof2002.org>) under a subject that confirms
        // something done: its notice, whatever greeting it opens with (session 26's probes: a
        // product registration and a conference's registration confirmation went to primary).
        // So is a named role mailbox's ("St. Brendan Human Resources" <hr-benefits@…>: "REMINDER:
        // 2003 Open Enrollment ends Friday", session 27's probe).
        let brandDesk = named && !input.isReply && !forwarded && Self.signsWithItsBrand(input)
        if named && !input.isReply && !forwarded && CategoryVocabulary.confirmsWithoutSelling(subject: subject)
            && (brandDesk || BulkMailEvidence.isRoleAddress(input.senderLocalPart ?? "")) {
            return SignalVerdict(category: .updates, confidence: 0.86, candidates: [.updates],
                                 reasons: reasons + ["an organisation's desk signing with its brand, a transactional subject"])
        }
        // …or numbering an issue ("Staff Bulletin - Vol. 4 No. 17" from "LHDSB Communications",
        // session 26's probe of a 2002 teacher): a publication, no letter; its words tell a
        // bulletin from a catalogue.
        // So is its newsletter by name ("Vlakteberg Nuusbrief / Newsletter - Lente / Spring 2002",
        // session 27's probe of a wine estate).
        if brandDesk && (numbersAnIssue(subject) || Self.namesItselfANewsletter(subject)) {
            return SignalVerdict(category: nil, confidence: 0.6, candidates: [.promotions, .updates],
                                 reasons: reasons + ["an organisation's numbered issue, signed with its brand"], lean: .updates)
        }
        // Opening by the recipient's own first name, with no mark of a mass-mail program: a
        // person writing to someone they know, whatever the subject's words ("Offer accepted!").
        if named && !evidence.undisclosedRecipients && input.recipients.count <= 10 && PersonalMail.greetsARecipientByName(input)
            && !evidence.htmlOnly && !evidence.templateHTML && !evidence.repliesGoElsewhere && !ScriptMailer.built(input)
            && !Self.isGeneratedMailbox(input.senderLocalPart ?? "", name: input.from?.name ?? "") {
            return SignalVerdict(category: .primary, confidence: 0.86, candidates: [.primary],
                                 reasons: reasons + ["writes to the recipient by their first name"])
        }
        // "Dear Homeowner", "Dear Sir/Madam", "Friend," then an offer: mail to nobody in
        // particular that sells is not a correspondent's, whatever name it carries.
        let body = CategoryVocabulary.score(subject: "", body: input.text)
        if addressesNobodyInParticular(input.text) && (body.promotions >= 1 || NewsletterContent.read(input.text).commerce >= 1) {
            reasons.append("a generic salutation and an offer")
            return SignalVerdict(category: nil, confidence: 0.5, candidates: unlisted, reasons: reasons, lean: .promotions)
        }
        // A stranger's name on a random-looking mailbox ("Wilmer Capps" <fyouizjnp@…>): mass
        // mail forges a person's name over a generated address; people's addresses echo their
        // names or are words. Not decided as a person's; the embeddings choose without a lean.
        let forgedName = named && Self.isGeneratedMailbox(input.senderLocalPart ?? "", name: input.from?.name ?? "")
        if forgedName { reasons.append("a person's name on a generated-looking address") }
        // HTML alone is how templates and mass-mail programs build a message, not how a
        // person's mail program sends one: such a first message is not decided as a person's.
        if evidence.htmlOnly { reasons.append("HTML only, no plain-text part") }
        // A template's HTML (an open-tracking pixel, a body of remote images) or answers sent to
        // another organisation (Reply-To) is how mass-mail programs and web forms build a
        // message; a person's mail program does neither.
        if evidence.templateHTML { reasons.append(input.htmlBuild.trackingPixel ? "an open-tracking pixel" : "HTML built of \(input.htmlBuild.remoteImages) remote images") }
        if evidence.repliesGoElsewhere { reasons.append("replies go to another organisation or to nobody (Reply-To)") }
        // A programming library's X-Mailer (PHP, MIME-tools, CDO…): a script built the message.
        let scripted = ScriptMailer.built(input)
        if scripted { reasons.append("built by a script (X-Mailer: \(input.header("X-Mailer") ?? ""))") }
        // A script's message whose subject is a site's tagged notice or a transaction's
        // ("[FragLeague] Challenge received: …", "Pacific Velo Backorder Status - Acct 10447",
        // session 26's probes): a site's or a shop's system wrote it, not a person.
        if scripted && !forwarded && (subject.range(of: #"^\[[^\]]{2,40}\]"#, options: .regularExpression) != nil
                                      || CategoryVocabulary.confirmsWithoutSelling(subject: subject)) {
            return SignalVerdict(category: .updates, confidence: 0.8, candidates: [.updates], reasons: reasons + ["a site's or a shop's system's notice"])
        }
        let massMailBuild = evidence.templateHTML || evidence.repliesGoElsewhere || scripted
        if named && !evidence.undisclosedRecipients && input.recipients.count <= 10 && scores.promotions < 2 && scores.updates < 3
            && evidence.links < 5 && !evidence.htmlOnly && !forgedName && !massMailBuild {
            return SignalVerdict(category: .primary, confidence: 0.86, candidates: [.primary], reasons: reasons)
        }
        // A first message to many, or with a newsletter-like subject: the embeddings decide,
        // leaning primary unless nobody is named as recipient (a circular sent Bcc) or the
        // message is HTML alone.
        if evidence.undisclosedRecipients { reasons.append("no recipient named") }
        // A bare address whose subject is a notice ("Bollettino meteorologico del 29/11",
        // "Daily report"): how scripts and notification systems write, so it leans updates —
        // unless the address is a person's mailbox at a consumer provider (Gmail, Outlook,
        // iCloud…), where no notification system sends from.
        // A bare address whose subject is a booking's, a payment's or an account's confirms
        // something done (session 21's probe: a railway's "Booking Confirmation on …, Train
        // 12658" from ticketadmin@ went to primary): decided.
        if !named && !evidence.undisclosedRecipients && input.recipients.count <= 2 && !PersonalMail.isConsumerMailbox(input.senderDomain ?? "")
            && CategoryVocabulary.confirmsWithoutSelling(subject: subject) {
            return SignalVerdict(category: .updates, confidence: 0.86, candidates: [.updates], reasons: reasons + ["a transactional subject from a bare address"])
        }
        if !named && scores.updates >= 1.5 && !PersonalMail.isConsumerMailbox(input.senderDomain ?? "") {
            reasons.append("a notice's subject")
            return SignalVerdict(category: nil, confidence: 0.6, candidates: unlisted, reasons: reasons, lean: .updates)
        }
        // Two marks of a mass-mail program together (nobody named in To, HTML alone, a forged
        // name, a template's HTML, answers sent elsewhere, fifty or more visible recipients: a
        // list of addresses, a script's X-Mailer, session 13): no person's mail program leaves two,
        // so it is not a person's mail at all; and with no list marker it is no post to a list either.
        let massMailMarks = [evidence.undisclosedRecipients, evidence.htmlOnly, forgedName, evidence.templateHTML,
                             evidence.repliesGoElsewhere, input.recipients.count >= 50, scripted].filter { $0 }.count
        // Mass mail under a person's name sells (session 13: 23 of the 27 dev rows of that shape were
        // adverts, all 6 with two marks); notices and newsletters go out under an organisation's or
        // a publication's name, which the bulk rules read, and scripts' reports from a bare address
        // lean updates above. One mark leans promotions, two decide it.
        if massMailMarks >= 2 {
            reasons.append("\(massMailMarks) marks of a mass-mail program")
            if named { return SignalVerdict(category: .promotions, confidence: 0.86, candidates: [.promotions], reasons: reasons + ["mass mail under a person's name"]) }
            return SignalVerdict(category: nil, confidence: 0.55, candidates: [.promotions, .updates], reasons: reasons)
        }
        // With a mass-mail program's mark, an opening to an address's owner ("Dear Sir/Madam") is an advert's.
        let advert = massMailMarks > 0 && AdvertSalutation.opens(input.text)
        if advert { reasons.append("opens to whoever owns the address") }
        // A stranger's first message whose subject sells in words ("FREE Health Insurance Quotes",
        // "Cash in on your home equity") is no letter to lean on as a person's; a price alone is
        // not enough ("Tickets for Saturday, $40 each" from a friend), and a forward's subject is
        // the forwarded mail's.
        let sellingSubject = scores.promotions > scores.updates && !forwarded
            && CategoryVocabulary.marketing.contains { CategoryVocabulary.mentions($0, in: subject) }
        if sellingSubject { reasons.append("a subject that sells") }
        return SignalVerdict(category: nil, confidence: 0.6, candidates: unlisted, reasons: reasons,
                             lean: massMailMarks > 0 ? (advert || named ? .promotions : nil) : (sellingSubject ? .promotions : .primary),
                             unlikely: massMailMarks > 0 ? .primary : nil)
    }
}
