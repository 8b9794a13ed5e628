/// The "base subject" of RFC 5256 §2.1: the subject with the artifacts mail software adds removed
/// (`Re:`, `Fwd:`, `[list]` tags, a trailing `(fwd)`, a `[fwd: …]` wrapper), so that a reply and its
/// original compare equal. Both `REFERENCES` (root-level subject grouping) and `ORDEREDSUBJECT` use it.
///
/// RFC 2047 decoding is the caller's job (step 1 begins with it); this type does everything after.
/// The RFC grammar is in octets and lists `BLOBCHAR` as ASCII only; here a blob may hold any
/// character except the brackets, so a non-ASCII list tag like `[café]` is a blob too, as it is for
/// deployed servers that work on UTF-8 bytes.
public struct BaseSubject: Sendable, Hashable {
    /// The base subject, original case kept.
    public var text: String
    /// True when extraction removed a `re:`/`fw:`/`fwd:` leader, a `(fwd)` trailer or a `[fwd: …]`
    /// wrapper — what RFC 5256 calls a reply or forward; the subject grouping prefers originals.
    public var isReplyOrForward: Bool

    public init(text: String, isReplyOrForward: Bool) {
        self.text = text; self.isReplyOrForward = isReplyOrForward
    }

    /// The text base subjects are compared by: ASCII letters upper-cased (the `i;ascii-casemap`
    /// comparator IMAP uses by default), so "Re: c" and "RE: C" share a thread.
    public var key: String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            ("a"..."z").contains(scalar) ? Unicode.Scalar(scalar.value - 32) ?? scalar : scalar
        }))
    }

    /// Extracts the base subject of an already decoded subject, following RFC 5256 §2.1 steps 1–7.
    public static func extract(_ subject: String) -> BaseSubject {
        var text = SubjectText(normalizingWhitespaceOf: subject)
        var isReply = false
        while true {
            // (2) Trailing "(fwd)" and white space, repeatedly.
            if text.removeTrailers() { isReply = true }
            // (3)–(5) Leaders ("[blob] Re:" or a space) and, when something remains, leading blobs.
            var removed = true
            while removed {
                removed = false
                while let leader = text.leader() {
                    if leader.isReplyOrForward { isReply = true }
                    text.dropFirst(leader.length)
                    removed = true
                }
                if let blob = text.blob(at: 0), blob < text.count {
                    text.dropFirst(blob)
                    removed = true
                }
            }
            // (6) A "[fwd: …]" wrapper: unwrap and start again from (2).
            guard text.removeForwardWrapper() else { break }
            isReply = true
        }
        return BaseSubject(text: text.string, isReplyOrForward: isReply)
    }
}

/// The subject as Unicode scalars, with the matchers for the RFC 5256 §5 grammar
/// (`subj-leader`, `subj-refwd`, `subj-blob`, `subj-trailer`, `subj-fwd`).
private struct SubjectText {
    private(set) var scalars: [Unicode.Scalar]
    private static let space: Unicode.Scalar = " "

    /// Step 1 after decoding: tabs, line breaks and continuations become spaces, runs of spaces
    /// collapse to one.
    init(normalizingWhitespaceOf subject: String) {
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(subject.unicodeScalars.count)
        for scalar in subject.unicodeScalars {
            let mapped: Unicode.Scalar = (scalar == "\t" || scalar == "\r" || scalar == "\n") ? Self.space : scalar
            if mapped == Self.space && out.last == Self.space { continue }
            out.append(mapped)
        }
        scalars = out
    }

    var count: Int { scalars.count }
    var string: String { String(String.UnicodeScalarView(scalars)) }

    mutating func dropFirst(_ n: Int) { scalars.removeFirst(n) }

    /// Removes `subj-trailer`s (`"(fwd)"` / WSP) from the end; true when a "(fwd)" went.
    mutating func removeTrailers() -> Bool {
        var removedForward = false
        while let last = scalars.last {
            if last == Self.space {
                scalars.removeLast()
            } else if hasSuffixIgnoringCase("(fwd)") {
                scalars.removeLast(5)
                removedForward = true
            } else {
                break
            }
        }
        return removedForward
    }

    /// `subj-leader = (*subj-blob subj-refwd) / WSP` at the start: its length, and whether it was
    /// a reply/forward marker rather than a space.
    func leader() -> (length: Int, isReplyOrForward: Bool)? {
        if scalars.first == Self.space { return (1, false) }
        var position = 0
        while let blob = blob(at: position) { position += blob }
        guard let refwd = refwd(at: position) else { return nil }
        return (position + refwd, true)
    }

    /// `subj-blob = "[" *BLOBCHAR "]" *WSP` at `position`: its length.
    func blob(at position: Int) -> Int? {
        guard position < scalars.count, scalars[position] == "[" else { return nil }
        var end = position + 1
        while end < scalars.count, scalars[end] != "]" {
            if scalars[end] == "[" || scalars[end] == "\0" { return nil }
            end += 1
        }
        guard end < scalars.count else { return nil }
        end += 1
        while end < scalars.count, scalars[end] == Self.space { end += 1 }
        return end - position
    }

    /// `subj-refwd = ("re" / ("fw" ["d"])) *WSP [subj-blob] ":"` at `position`: its length.
    func refwd(at position: Int) -> Int? {
        var end: Int
        if matchesIgnoringCase("re", at: position) {
            end = position + 2
        } else if matchesIgnoringCase("fw", at: position) {
            end = position + 2
            if matchesIgnoringCase("d", at: end) { end += 1 }
        } else {
            return nil
        }
        while end < scalars.count, scalars[end] == Self.space { end += 1 }
        if let blob = blob(at: end) { end += blob }
        guard end < scalars.count, scalars[end] == ":" else { return nil }
        return end + 1 - position
    }

    /// Step 6: `"[fwd:" subject "]"` around the whole text is unwrapped.
    mutating func removeForwardWrapper() -> Bool {
        guard scalars.count >= 6, matchesIgnoringCase("[fwd:", at: 0), scalars.last == "]" else { return false }
        scalars.removeLast()
        scalars.removeFirst(5)
        return true
    }

    private func matchesIgnoringCase(_ ascii: String, at position: Int) -> Bool {
        let pattern = Array(ascii.unicodeScalars)
        guard position >= 0, position + pattern.count <= scalars.count else { return false }
        for (offset, expected) in pattern.enumerated()
        where Self.asciiLower(scalars[position + offset]) != expected {
            return false
        }
        return true
    }

    private func hasSuffixIgnoringCase(_ ascii: String) -> Bool {
        matchesIgnoringCase(ascii, at: scalars.count - ascii.unicodeScalars.count)
    }

    private static func asciiLower(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32) ?? scalar : scalar
    }
}
