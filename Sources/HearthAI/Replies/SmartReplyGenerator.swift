import Foundation

/// The reply intents: spec §5.6.3's yes, no and question, and a thanks for a message that asks
/// nothing (a note, a report, a photo), where a no would be nonsense (session 18).
public enum ReplyIntent: String, Sendable, Codable, CaseIterable {
    case accept, decline, question, thanks
}

public struct SmartReply: Sendable, Hashable, Codable {
    public var intent: ReplyIntent
    public var text: String
    /// Always true: every suggestion is the model's (the fixed templates of issue 7 are gone —
    /// fewer suggestions rather than a canned one). Kept for the JSON the front ends read.
    public var fromModel: Bool
}

/// Up to three short replies (yes / no / a question) generated on demand in the user's voice,
/// addressed to the sender, never cached. Each intent is its own short generation: the message
/// and an instruction for that one reply, with the reply's first words written for the model
/// ("Hi Ana, sorry, …") so it only has to continue one sentence — a 0.5B model given one
/// prompt for all three, with a worked example, copied the example into most threads (issue 15).
/// The three prompts share their beginning (the message), which the KV cache keeps; the system
/// prompt's state is kept on disk (`stablePrefixMessages`), so a process's first set starts
/// after it (session 9). Each reply
/// must pass `SmartReplyValidator` — a complete sentence or two, short, the intent it was asked
/// for, not repeating the sender's words, no invented names, distinct from the others. Replies
/// that fail are dropped: the composer shows fewer suggestions rather than a bad one, and none
/// without a model.
public struct SmartReplyGenerator: Sendable {
    public var generator: any TextGenerator
    public var timeoutSeconds: Double

    public init(generator: any TextGenerator, timeoutSeconds: Double = 20) {   // a ceiling for a loaded box; idle: ~2 s
        self.generator = generator; self.timeoutSeconds = timeoutSeconds
    }

    /// `reader`: the user's address, so a request named for them (or for someone else) is told
    /// (`RequestOfReader`); nil when unknown.
    public func replies(to message: ThreadMessageText, subject: String, reader: String? = nil) async throws -> (replies: [SmartReply], output: GenerationOutput) {
        let text = MailTextTrimmer.trim(message.text, maxCharacters: 700, namedQuotes: true)
        let request = RequestOfReader.find(in: text, recipients: message.recipients, reader: reader)
        let sender = SalientSentences.speakerName(message.sender)
        let greeted = Self.addressName(of: message)
        let validator = SmartReplyValidator(original: text, subject: subject, sender: sender,
                                            instructions: Self.instructionTexts(sender: sender),
                                            echoSources: [message.sender, message.text, subject])
        var kept: [SmartReply] = []
        var total = GenerationOutput(text: "")
        let started = Date()
        // One second try per set: a yes or a no the validator dropped is asked again with the
        // verb it opened with taken out of the choices, so the next-likeliest action is written
        // ("…won't be able to check your message." → "…to test the patch before Friday."). One,
        // not one per intent: each try is a generation, and the set must stay under 3 s.
        var secondTries = 1
        // A thanks has its own second try: its likeliest object is often "the email" (session
        // 18: a second shared try also re-asked yeses and noes, whose second words were worse —
        // "…I'll let you know when I'm back", said to a colleague going on leave).
        var thanksSecondTries = 1
        for intent in Self.intents(for: text, subject: subject) {
            var opening = Self.opening(intent, sender: greeted)
            var choices = Self.openingChoices(intent)
            // A yes to a request of the reader takes up what was asked ("…thanks! I'll update
            // it"), the model writing the rest; refused, the yes is asked as any other.
            var takingUp = intent == .accept ? request : nil
            if let takingUp {
                opening += " " + takingUp.commitment
                choices = []
            }
            while true {
                let left = timeoutSeconds - Date().timeIntervalSince(started)
                guard left > 0.5 else { break }
                let output = try await generator.generate(Self.prompt(sender: sender, subject: subject, text: text),
                                                          options: GenerationOptions(maxTokens: 40, timeoutSeconds: left,
                                                                                     stopSequences: ["\n", "<|im_end|>"],
                                                                                     stopAfterSentences: 1, answerPrefix: opening,
                                                                                     openingChoices: choices,
                                                                                     stablePrefixMessages: 1))
                total.text += (total.text.isEmpty ? "" : "\n") + opening + output.text
                total.addCosts(of: output)
                // A take-up the model restarts ("I'll send them send the slides …") is no sentence.
                let restarted = takingUp.map { output.text.lowercased().trimmingCharacters(in: .whitespaces).hasPrefix($0.verb + " ") } ?? false
                if !restarted, let reply = Self.finished(output.text, opening: opening, intent: intent, message: text, subject: subject)
                    .flatMap({ validator.reply($0, intent: intent, after: kept.map(\.text)) }) {
                    kept.append(reply)
                    break
                }
                if takingUp != nil {
                    takingUp = nil
                    opening = Self.opening(intent, sender: greeted)
                    choices = Self.openingChoices(intent)
                    continue
                }
                guard (intent == .thanks ? thanksSecondTries : secondTries) > 0,
                      let verb = Self.openingVerb(of: output.text, among: choices) else { break }
                if intent == .thanks { thanksSecondTries -= 1 } else { secondTries -= 1 }
                choices.removeAll { $0 == verb }
            }
        }
        return (kept, total)
    }

    /// The reply the model's words make after `opening`: up to its last finished sentence (the
    /// stop can leave the start of another); nil when no sentence was finished.
    static func finished(_ generated: String, opening: String, intent: ReplyIntent, message: String, subject: String) -> String? {
        guard let end = generated.lastIndex(where: { ".!?".contains($0) }) else { return nil }
        var words = String(generated[...end])
        // "quick question: What's …" goes on one sentence: no capital after the colon.
        if intent == .question, let first = words.first(where: { !$0.isWhitespace }), first.isUppercase, first != "I",
           let at = words.firstIndex(of: first) {
            words.replaceSubrange(at...at, with: first.lowercased())
        }
        return hostsSwapped(opening + words, message: message, subject: subject)
    }

    /// Which of `choices` the model's words open with (" check" of " check the logs."), or nil
    /// for an intent that opens freely.
    static func openingVerb(of generated: String, among choices: [String]) -> String? {
        guard let word = generated.split(separator: " ").first.map({ " " + $0 }) else { return nil }
        return choices.contains(word) ? word : nil
    }

    static let systemPrompt = """
        You write a short e-mail reply for the user, in the first person, to the person who wrote the \
        message. One or two short sentences in your own words; never copy the message.
        """

    /// The same for every intent: the opening written for the model ("…thanks! I'll", "…but
    /// unfortunately I won't be able to", "…quick question:") is what steers a 0.5B model to an
    /// intent, so the three prompts are identical up to the assistant's turn and only the
    /// opening's differing words are evaluated per intent (session 8: 52 → ~16 tokens per warm
    /// set; session 7's per-intent instructions, "Reply to Alice: say yes.", cost ~17 each).
    static func instruction(sender: String) -> String { "Reply to \(sender)." }

    /// The reply's first words: the greeting, and for a refusal the word that makes it one. No
    /// trailing space: the model's next word brings its own (a prompt ending in a space makes
    /// BPE models write odd tokens).
    /// A sender without a given name to greet ("That Goddess Chick", "The Butterfly": session
    /// 16, "Hi That Goddess Chick,") is greeted without one, as "Someone" is…
    static func opening(_ intent: ReplyIntent, sender: String) -> String {
        let first = SalientSentences.callName(sender)
        // …nor is a handle ("uncle_slacky", "jm2"): "Hi Uncle_slacky," (session 16).
        let greetable = first != "Someone" && !first.isEmpty && !first.contains(" ")
            && first.allSatisfy { $0.isLetter || "-'’.".contains($0) }
        let name = greetable ? " " + first.prefix(1).uppercased() + first.dropFirst() : ""
        switch intent {
        case .accept: return "Hi\(name), thanks! I'll"
        case .decline: return "Hi\(name), thanks, but unfortunately I won't be able to"
        case .question: return "Hi\(name), quick question:"
        case .thanks: return "Hi\(name), thanks for"
        }
    }

    /// What the user does on saying yes: the accept reply's first word after "I'll" is the
    /// likeliest of these (`GenerationOptions.openingChoices`, one token's logits, no extra
    /// decoding). Left free, the model opened 7 of the 10 yes-replies it wrote for the 12
    /// judged messages with "I'll be happy to help (you out)" — an assistant's phrase, the
    /// same line for every thread (session 11).
    static let acceptVerbs = [" check", " look", " send", " fix", " test", " update", " ask", " review", " read",
                              " bring", " join", " call", " write", " meet", " keep", " sort", " give", " share",
                              " forward", " follow", " plan", " book", " move", " add", " change", " get", " let", " see"]

    /// What the model may write first after the intent's opening: an action for a yes
    /// (`acceptVerbs`) or for a no (`declineVerbs`); a question opens freely.
    static func openingChoices(_ intent: ReplyIntent) -> [String] {
        switch intent {
        case .accept: acceptVerbs
        case .decline: declineVerbs
        case .thanks: thanksObjects
        case .question: []
        }
    }

    /// What a thanks is for: the thing the message brought or the sender's act. Left free, the
    /// model thanked for "your email" or "your kind words" in 9 of the 12 judged messages
    /// (session 18): " your" is not among them, nor " writing" and " this" ("…for writing this
    /// email."): a thanks for the message itself says nothing.
    static let thanksObjects = [" the", " sharing", " letting", " sending", " explaining", " pointing", " reporting", " flagging",
                                " testing", " looking", " checking", " digging", " posting", " clarifying", " confirming",
                                " mentioning", " catching", " tracking"]

    /// What the user will not be able to do, for a refusal: the likeliest of these after "…but
    /// unfortunately I won't be able to". Left free, the model went on with its own refusal,
    /// "assist with that", for 2 of the 3 requests of the judged set that were asked one
    /// (session 12) — dropped as the assistant's voice, so those messages got no refusal at all.
    /// Neither "assist" nor "help" is listed: a person declines to do, attend or answer something.
    /// Nor "reply": declining to reply, in a reply, was the model's way back to "…won't be able
    /// to reply to your message" (session 13).
    static let declineVerbs = [" make", " attend", " join", " come", " do", " look", " check", " test", " review", " send",
                               " finish", " get", " meet", " fix", " update", " answer", " move", " change",
                               " give", " commit", " write", " call", " accommodate", " manage", " confirm", " upgrade",
                               " run", " find", " work", " take", " go", " approve", " sign", " ship"]

    /// The intents worth offering for this message. A refusal only answers a request — "can
    /// you…", "could we…", "please…", an invitation; to a note, a photo or a report (session 11:
    /// "unfortunately I won't be able to see the photo", "…to reply to your message") it is
    /// nonsense, so a thanks for what the message brought is asked for instead ("Hi John,
    /// thanks for the update on the nameservers."; session 18: 7 of the 12 judged messages
    /// ask nothing and got at most two suggestions).
    static func intents(for text: String, subject: String = "") -> [ReplyIntent] {
        asksOrInvites(text, subject: subject) ? [.accept, .decline, .question] : [.accept, .thanks, .question]
    }

    /// A yes or a no answers this message: it asks for something or invites. The one reading
    /// both the intents offered and the validator's on-topic rule use.
    static func asksOrInvites(_ text: String, subject: String) -> Bool {
        asksSomething(text) || isInvitation(subject: subject, text: text)
    }

    /// An invitation, which a refusal answers as well as a yes: "Dinner at ours next Friday"
    /// with "7pm, bring nothing but yourself" asks nothing in so many words (session 11, the
    /// demo: no "can't make it" was offered). Read from the subject and the text.
    static func isInvitation(subject: String, text: String) -> Bool {
        let lower = " " + (subject + " " + text).lowercased().replacingOccurrences(of: "’", with: "'") + " "
        return lower.range(of: #"\b(dinner|lunch|brunch|drinks|party|invitation|invite|invited|game night|bbq|barbecue|save the date|rsvp|come over|at ours|at our place|get-together|housewarming|potluck)\b"#,
                           options: .regularExpression) != nil
    }

    /// The message asks the reader to do, attend or agree to something: a request phrase, or
    /// an imperative opening a clause ("Looks fine to me, ship it.", "Please review …").
    static func asksSomething(_ text: String) -> Bool {
        let lower = " " + text.lowercased().replacingOccurrences(of: "’", with: "'") + " "
        return requestPhrases.contains { lower.contains($0) }
            || lower.range(of: #"(^\s*|[.!?,;:]\s+|\n\s*)(\w+,\s+)?(ship|send|review|check|approve|sign|call|book|merge|deploy|push|fix|join|bring|forward|confirm|schedule|submit|pay|order|decide|vote|reply|answer|meet)\s+(it|this|that|them|the|me|us|a|an|your|our|by|on|before|today|tomorrow)\b"#,
                           options: .regularExpression) != nil
    }

    static let requestPhrases = [
        "can you", "could you", "would you", "will you", "can we", "could we", "shall we", "should we", "would it be possible",
        "please", "let me know", "are you free", "are you available", "do you want", "would you like", "do you have time",
        "join us", "invite you", "how about", "what about", "can i ", "could i ", "may i ", "would anyone", "anyone else",
        "are you able", "i need you", "we need you", "need your", "rsvp", "i'd like you", "do you mind", "would you mind",
    ]

    /// The name a reply greets the sender by: their display name; for a bare address, the
    /// first part of a "first.last" local part ("hannah.ito@…" → "hannah"), else none — "Hi
    /// Anonymous," and "Hi Info," (session 11, from anonymous@… and info@…) are worse than "Hi,".
    /// A display name written family name first is greeted by the given name when the address
    /// says which it is: "Wang Li" <li.wang@…> names both, given name first. "Starovoitov Igor"
    /// <igor@…> (the judged set's "Hi Starovoitov,") is left as written: "John Smith" <smith@…>
    /// has the same shape, and "Hi Smith," would be the worse mistake.
    /// The name a reply to `message` greets, read from its sender's name and address together:
    /// a system's mailbox is greeted by no name, and a name written family name first is turned
    /// by the address's order. The generator and the judged set's rubric both ask this.
    public static func addressName(of message: ThreadMessageText) -> String {
        addressName(message.senderAddress.map { message.sender.contains("@") ? message.sender : "\(message.sender) <\($0)>" } ?? message.sender)
    }

    public static func addressName(_ sender: String) -> String {
        let name = SalientSentences.speakerName(sender)
        // A feed's, a tracker's or a shop's system is greeted by no name ("Hi Bugzilla,", "Hi
        // Scripting," to an RSS item: session 18, 6 of 30 random messages); a person writing
        // from a role mailbox ("Rosa Bianchi" <orders@…>) still is.
        if let local = Self.localPart(of: sender), BulkMailEvidence.isRoleAddress(local) || BulkMailEvidence.hasMachineToken(local),
           !sender.contains("<") || !Self.isPersonsFullName(name) { return "Someone" }
        if sender.contains("@") && (name.contains("@") || !sender.contains("<") || name == "Someone") { return nameFromAddress(sender) }
        return givenNameFirst(name, sender: sender)
    }

    /// The local part of the sender's address ("orders" of "Rosa <orders@bakery.example>").
    static func localPart(of sender: String) -> String? {
        guard let at = sender.lastIndex(of: "@") else { return nil }
        let beforeAt = sender[..<at]
        let start = beforeAt.lastIndex { $0 == "<" || $0 == " " }.map { beforeAt.index(after: $0) } ?? beforeAt.startIndex
        let local = beforeAt[start...].lowercased()
        return local.isEmpty ? nil : local
    }

    /// Two or three capitalised words that are no organisation's name: how people sign.
    static func isPersonsFullName(_ name: String) -> Bool {
        let words = name.split(separator: " ")
        return (2...3).contains(words.count) && words.allSatisfy { $0.first?.isUppercase == true }
            && !BulkMailEvidence.isOrganisationName(name, domain: "")
    }

    static func givenNameFirst(_ name: String, sender: String) -> String {
        let words = name.split(separator: " ").map(String.init)
        guard words.count >= 2, let local = localPart(of: sender) else { return name }
        let pieces = local.split(whereSeparator: { ".-_+".contains($0) }).map(String.init)
        guard pieces.count >= 2, let head = pieces.first, head != words[0].lowercased(), pieces.contains(words[0].lowercased()),
              let given = words.dropFirst().firstIndex(where: { $0.lowercased() == head }) else { return name }
        return ([words[given]] + words.enumerated().filter { $0.offset != given }.map(\.element)).joined(separator: " ")
    }

    /// The sender's home in the user's words: a reply repeating "dinner at ours" (the
    /// sender's place, session 11's demo invitation: "I'll bring … dessert for dinner at
    /// ours") says "at yours". Only phrases the message or its subject uses are turned.
    static func hostsSwapped(_ reply: String, message: String, subject: String) -> String {
        let said = (subject + " " + message).lowercased()
        var result = reply
        for (ours, yours) in [("at ours", "at yours"), ("to ours", "to yours"), ("round ours", "round yours"),
                              ("at our place", "at your place"), ("to our place", "to your place"), ("at our house", "at your house")]
        where said.contains(ours) {
            result = result.replacingOccurrences(of: "\\b" + ours + "\\b", with: yours, options: [.regularExpression, .caseInsensitive])
        }
        return result
    }

    static func nameFromAddress(_ sender: String) -> String {
        var address = sender
        if let open = address.firstIndex(of: "<"), let close = address.lastIndex(of: ">"), open < close {
            address = String(address[address.index(after: open)..<close])
        }
        // The digest's rule for a mailbox that is a name ("hannah.ito" is "Hannah Ito"), then its given name.
        let local = address.split(separator: "@").first.map(String.init) ?? ""
        let words = SalientSentences.nameOfMailbox(local).split(separator: " ")
        guard words.count >= 2, let first = words.first, first.count >= 3, !roleAddresses.contains(first.lowercased()) else { return "Someone" }
        return String(first)
    }

    static let roleAddresses: Set<String> = ["info", "support", "admin", "noreply", "no", "anonymous", "sales", "contact", "office",
                                             "team", "hello", "mail", "webmaster", "postmaster", "help", "service", "billing", "news"]

    /// The instructions the model must not repeat. Phrases like "fully booked this week" are
    /// fine in a reply of the user's own.
    static func instructionTexts(sender: String) -> [String] {
        [systemPrompt, instruction(sender: sender)]
    }

    static func prompt(sender: String, subject: String, text: String) -> [ChatMessage] {
        [ChatMessage(.system, systemPrompt),
         ChatMessage(.user, "From: \(sender)\nSubject: \(subject)\n\n\(text)\n\n\(instruction(sender: sender))")]
    }
}

/// Turns the model's lines into acceptable replies (issue 15): each a complete sentence (or
/// two) of 3–30 words, no placeholder ("[Your Name]"), no line of the original and no run of
/// six of its words, no name or number the message does not contain, no prompt text, and
/// distinct from the replies kept before it. The intent is read from the reply itself (a
/// question, a refusal, else an acceptance) and each intent is kept once.
struct SmartReplyValidator {
    let original: String
    let grounding: Grounding
    let instructions: Grounding
    let sender: String
    /// The sender's sentences of four words or more, lowercased: a reply holding one is an echo.
    let originalSentences: [String]
    /// What a reply must not copy six words of: the message as received (its sender line and
    /// whole text, before trimming) and the subject.
    let echoSource: Grounding
    /// Stems of the message's and subject's words: a reply must name one (`isOnTopic`).
    let topicStems: Set<String>
    /// Stems of the subject's words: a question made of them alone asks the thread's own subject.
    let subjectStems: Set<String>
    /// The message asks the reader for something, so a plain yes or no answers it.
    let answersARequest: Bool

    /// `echoSources`: the texts a reply may not copy a run of `echoRun` words from; by default
    /// the trimmed message, its subject and sender (the generator passes the untrimmed message).
    init(original: String, subject: String, sender: String, instructions: [String], echoSources: [String]? = nil) {
        self.original = original
        self.sender = sender
        echoSource = Grounding(sources: echoSources ?? [sender, original, subject])
        originalSentences = ThreadSummarizer.sentences(original)
            .map { $0.lowercased().trimmingCharacters(in: .punctuationCharacters.union(.whitespaces)) }
            .filter { Grounding.words($0).count >= 4 }
        grounding = Grounding(sources: [original, subject, sender])
        // Topics from the message as received, quoted lines included: "I'll ship it soon" answers
        // a "Sounds good." under the quoted plan to ship.
        topicStems = Set(((echoSources ?? []) + [original, subject]).flatMap(Grounding.words).filter { $0.count >= 3 }.map(Self.stem))
        subjectStems = Set(Grounding.words(subject).filter { $0.count >= 3 }.map(Self.stem))
        answersARequest = SmartReplyGenerator.asksOrInvites(original, subject: subject)
        self.instructions = Grounding(sources: instructions)
    }

    func replies(from raw: String) -> [SmartReply] {
        var kept: [SmartReply] = []
        for line in raw.split(whereSeparator: \.isNewline) {
            let text = Self.clean(line)
            guard acceptable(text, after: kept.map(\.text)) else { continue }
            let intent = Self.intent(of: text)
            guard !kept.contains(where: { $0.intent == intent }) else { continue }
            kept.append(SmartReply(intent: intent, text: text, fromModel: true))
            if kept.count == 3 { break }
        }
        return ReplyIntent.allCases.compactMap { intent in kept.first { $0.intent == intent } }
    }

    /// One generated reply for `intent`, or nil when it is not acceptable or reads as another
    /// intent (a "yes" that refuses, a question without a question mark).
    func reply(_ raw: String, intent: ReplyIntent, after used: [String]) -> SmartReply? {
        let text = Self.clean(Substring(raw))
        guard acceptable(text, after: used), Self.intent(of: text) == intent else { return nil }
        // A yes or a no to a request answers it ("I'll be there.", "I can't make it this week.");
        // a question, or a yes to a note or a photo, must say what it is about (session 11).
        if intent == .question || !answersARequest, !isOnTopic(Grounding.words(text)) { return nil }
        // A question made of the subject's words alone asks the sender the thread's own question
        // ("Hi Chad, quick question: how do I turn off checksums per MIME part?" to Chad's answer
        // in "turning off checksums per MIME part"; session 17, 5 of 40 random list posts).
        if intent == .question, asksTheSubject(Grounding.words(text)) { return nil }
        // A yes that only promises the reply it is ("I'll write a reply to you soon.", "I'll
        // follow up on this email.": session 16, three of 15 random messages) says as little.
        if intent != .question, Self.isAboutTheMessageItself(text) { return nil }
        // To a message that asks nothing, "I'll keep you updated on the Razor servers." promises
        // news nobody asked for (session 17: 4 of 40 random list posts got one, "…on Microsoft's
        // efforts to spread FUD" among them), and "I'll look forward to your holiday." nothing.
        if intent == .accept, !answersARequest, Self.promisesNothing(text) { return nil }
        if intent == .thanks, !thanksForWhatWasSent(text) { return nil }
        return SmartReply(intent: intent, text: text, fromModel: true)
    }

    /// A thanks for something the message did not bring: "thanks for the request for a second
    /// vacation" to a leave notice that asks nothing (session 18), "…for the invitation" with no
    /// invitation, "…for the question" with no question; and "…for the reply" or "…for the
    /// feedback", which thank for the message itself.
    func thanksForWhatWasSent(_ text: String) -> Bool {
        let lower = text.lowercased()
        guard let match = lower.range(of: #"thanks for (sharing |sending |forwarding )?(the|your|this|that) ([a-z]+)"#,
                                      options: .regularExpression) else { return true }
        let object = lower[match].split(separator: " ").last.map(String.init) ?? ""
        switch object {
        case "request", "requests": return answersARequest
        case "invitation", "invite": return SmartReplyGenerator.isInvitation(subject: "", text: original)
        case "question", "questions": return original.contains("?")
        case "offer": return original.lowercased().contains("offer")
        case "reply", "response", "answer", "feedback", "input", "interest", "words", "kind", "note", "message", "email", "mail":
            return false
        default: return true
        }
    }

    /// A yes whose whole action is to keep the sender informed, to look forward, to watch, or to
    /// "share some thoughts" it does not share (session 17's second sample: 4 of 40 list posts got
    /// "I'll share some thoughts on …", 3 "I'll keep an eye on …").
    static func promisesNothing(_ text: String) -> Bool {
        text.lowercased().range(of: #"\bi'll (keep you (updated|posted|informed|in the loop)|look forward to|keep an eye on|share (some|my) (thoughts|tips|information|ideas|insights|experiences?))\b"#,
                                options: .regularExpression) != nil
    }

    /// A yes or a no whose object is the message being answered ("…I won't be able to reply to
    /// your message.", "…to check your message.", "I'll write a reply to you."): the user is
    /// replying to it, so it says nothing.
    /// The model falls back on it when it finds nothing in the message to decline (session 12,
    /// judged set: 2 of the 3 refusals once "assist with that" was no longer its way out).
    /// "the letter", "the note" stay: "…to sign the letter by Friday" declines something real.
    /// Declining to answer the person one is answering is the same nonsense ("…to send you an
    /// e-mail reply.", "…to reply to you."; session 13, once a dropped refusal is asked again);
    /// "…to reply to the customer" declines something real.
    static func isAboutTheMessageItself(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered.range(of: #"\b(your|this|that) (message|e-?mail|mail)\b"#, options: .regularExpression) != nil
            // "…won't be able to send you an email." (session 17)
            || lowered.range(of: #"\bsend you an? (e-?mail|message|reply|response|note)\b"#, options: .regularExpression) != nil
            || lowered.range(of: #"\b(e-?mail|mail) (reply|response|answer)\b|\b(reply|respond|write back) to (you|your)\b"#,
                             options: .regularExpression) != nil
    }

    func acceptable(_ text: String, after used: [String]) -> Bool {
        let words = Grounding.words(text)
        guard (3...30).contains(words.count), text.count <= 220 else { return false }
        // A complete sentence: starts with a capital (or a name) and ends with . ! or ?
        guard let first = text.first, first.isUppercase || first.isNumber, let last = text.last, ".!?".contains(last) else { return false }
        let lower = text.lowercased()
        if ["[", "]", "<", ">", "{", "}", "your name", "subject:", "from:", "line 1", "line 2", "line 3", "reply 1"]
            .contains(where: { lower.contains($0) }) { return false }
        // A chat model's own voice, not the user's: its refusal and its small talk about the
        // conversation with it (instruct models fall back on these when unsure).
        if ["assist with that", "assist you with", "help with that request", "as an ai", "language model", "kind words",
            "happy to help", "glad to help", "help you with", "help you out", "anything else", "feel free", "how can i help",
            "hope this helps", "let me know if you", "anything specific", "you'd like to know", "you would like to know",
            "you'd like to discuss", "if you have any questions", "look forward to hearing", "hearing from you"]
            .contains(where: { lower.contains($0) }) { return false }
        if echoes(text) { return false }
        if Self.repeatsItself(words) { return false }                                        // "agree to agree to …"
        if !grounding.unsupportedClaims(in: text, lenientSentenceStarts: true).isEmpty { return false }                   // invented name or figure
        if SummaryValidator.sharedRuns(text, instructions: instructions, source: grounding, length: 5) != nil { return false }
        let set = Set(words)
        for other in used {
            let otherSet = Set(Grounding.words(other))
            let overlap = Double(set.intersection(otherSet).count) / Double(max(1, set.union(otherSet).count))
            if overlap > 0.6 { return false }
        }
        return true
    }

    /// An echo of the sender: one of their sentences whole, or any run of `echoRun` consecutive
    /// words of the message, case and punctuation aside — the rule the judged set's rubric
    /// applies (session 9; before, a run had to be 75 % of the reply, and two questions that
    /// repeated 6–8 words of the message were offered). A reply names what was asked in words
    /// of its own ("thanks! I'll move the demo to Tuesday"), not in the sender's.
    func echoes(_ text: String) -> Bool {
        let lower = text.lowercased()
        if originalSentences.contains(where: { lower.contains($0) }) { return true }
        return echoSource.longestCopiedRun(in: text) >= Self.echoRun
    }

    /// The reply names something the message or its subject is about: one of its content words
    /// (three letters or more — "CVS", "bug" —, not a function word or mail small talk), compared by stem. "Hi
    /// Tim, thanks! I'll be checking it." and "…quick question: is there anything else?" say
    /// nothing about the message; the judges counted such replies as irrelevant (issue 15).
    func isOnTopic(_ words: [String]) -> Bool {
        contentStems(words).contains(where: topicStems.contains)
    }

    /// Stems of the reply's words that carry a topic: three letters or more, not small talk,
    /// not the sender's name. What `isOnTopic` and `asksTheSubject` compare.
    func contentStems(_ words: [String]) -> [String] {
        let senderWords = Set(Grounding.words(sender))
        return words.filter { $0.count >= 3 && !senderWords.contains($0) && !Self.smallTalk.contains($0) }.map(Self.stem)
    }

    /// Every content word of the reply (not small talk, not the sender's name) is the subject's.
    func asksTheSubject(_ words: [String]) -> Bool {
        let content = contentStems(words)
        return !content.isEmpty && content.allSatisfy(subjectStems.contains)
    }

    /// A crude stem: the word's first five letters ("problems" and "problem", "checked" and
    /// "checking" meet; short words stay whole).
    static func stem(_ word: String) -> String { String(word.lowercased().prefix(5)) }

    /// Words that carry no topic of their own: function words, greetings, the openings' words,
    /// and what any reply to anything can say.
    static let smallTalk: Set<String> = [
        "that", "this", "these", "those", "with", "from", "have", "has", "having", "will", "would", "could", "should",
        "there", "their", "they", "them", "then", "than", "what", "when", "where", "which", "while", "about", "been",
        "were", "your", "yours", "just", "also", "into", "onto", "some", "more", "most", "only", "very", "much", "many",
        "like", "want", "need", "know", "think", "make", "does", "done", "doing", "here", "thanks", "thank", "please",
        "hello", "dear", "regards", "best", "cheers", "sure", "okay", "really", "still", "again", "time", "good", "great",
        "well", "help", "able", "question", "quick", "unfortunately", "anything", "something", "everything", "nothing",
        "other", "because", "maybe", "might", "must", "shall", "being", "over", "after", "before", "even", "ever", "every",
        "each", "such", "back", "take", "look", "looking", "send", "check", "checking", "sorry", "happy", "glad", "let's",
        "i'll", "i'm", "i've", "i'd", "won't", "can't", "don't", "didn't", "isn't", "it's", "that's", "you're", "we're",
        "there's", "what's", "today", "tomorrow", "soon", "later", "now", "right", "away", "asap", "message", "email",
        "e-mail", "mail", "reply", "note", "hear", "read", "said", "says", "tell", "told", "give", "going", "come",
        "coming", "work", "works", "working", "sounds", "definitely", "certainly", "absolutely", "love", "nice", "cool",
        "interesting", "fine", "ready", "first", "next", "last", "same", "thing", "things", "someone", "anyone", "everyone",
        "people", "made", "sent", "update", "info", "information", "details", "detail", "further", "idea", "ideas", "plan",
        "point", "part", "the", "and", "for", "you", "are", "was", "but", "not", "can", "all", "any", "had", "her", "his",
        "him", "its", "our", "out", "who", "how", "why", "way", "get", "got", "let", "see", "say", "use", "new", "one",
        "two", "yes", "hey", "too", "did", "may", "own", "put", "set", "off", "try", "ask", "day", "bit", "lot", "via",
        "per", "etc", "she", "ago", "yet", "far", "big", "old", "few", "end", "top", "won", "don", "isn",
    ]

    /// Consecutive words of the message a reply may not repeat.
    static let echoRun = 6

    /// A small model stuck in a loop: the same two words twice in a row somewhere.
    static func repeatsItself(_ words: [String]) -> Bool {
        guard words.count >= 4 else { return false }
        for i in 0...(words.count - 4) where words[i] == words[i + 2] && words[i + 1] == words[i + 3] { return true }
        return false
    }

    static func intent(of text: String) -> ReplyIntent {
        if text.contains("?") { return .question }
        let lower = text.lowercased()
        let refusals = ["can't", "cannot", "can not", "won't", "unable", "not able", "unfortunately", "sorry", "no,", "no.",
                        "decline", "pass on", "not possible", "not be able", "afraid", "i don't think", "won’t", "can’t"]
        if refusals.contains(where: { lower.contains($0) }) { return .decline }
        // A thanks promises nothing: "thanks for the photo." is one, "thanks! I'll print it." a yes.
        let promises = lower.range(of: #"\b(i'll|i will|i'm going to|i can|we'll)\b"#, options: .regularExpression) != nil
        return (lower.contains("thanks for") || lower.contains("thank you for")) && !promises ? .thanks : .accept
    }

    static func clean(_ line: Substring) -> String {
        var text = line.trimmingCharacters(in: .whitespaces)
        text = text.replacingOccurrences(of: #"^(\d+[.):]|[-*•]|(reply|option|line) \d+:?)\s*"#, with: "",
                                         options: [.regularExpression, .caseInsensitive])
        text = text.replacingOccurrences(of: #"^(yes|no|question|accept|decline|agree)\s*[:–-]\s*"#, with: "",
                                         options: [.regularExpression, .caseInsensitive])
        text = text.replacingOccurrences(of: #"\s{2,}"#, with: " ", options: .regularExpression)

        return text.trimmingCharacters(in: CharacterSet(charactersIn: "\"“”' ")).replacingOccurrences(of: "**", with: "")
    }
}
