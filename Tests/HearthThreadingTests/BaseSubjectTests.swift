import HearthThreading
import Testing

/// RFC 5256 §2.1 base-subject extraction, step by step.
@Suite("BaseSubject (RFC 5256 §2.1)")
struct BaseSubjectTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var subject: String
        var base: String
        var isReplyOrForward: Bool
        var testDescription: String { "'\(subject)'" }
    }

    static let cases: [Case] = [
        Case(subject: "foo", base: "foo", isReplyOrForward: false),
        Case(subject: "Re: foo", base: "foo", isReplyOrForward: true),
        Case(subject: "RE: Re: re:foo", base: "foo", isReplyOrForward: true),
        Case(subject: "Fwd: foo", base: "foo", isReplyOrForward: true),
        Case(subject: "FW: foo", base: "foo", isReplyOrForward: true),
        Case(subject: "Re [2]: foo", base: "foo", isReplyOrForward: true),        // subj-refwd with a blob
        Case(subject: "Re : foo", base: "foo", isReplyOrForward: true),           // *WSP before ":"
        Case(subject: "[list] foo", base: "foo", isReplyOrForward: false),        // step 4
        Case(subject: "[list] Re: foo", base: "foo", isReplyOrForward: true),     // blob then refwd
        Case(subject: "[xyz]", base: "[xyz]", isReplyOrForward: false),           // blob kept: nothing after it
        Case(subject: "[a] [b]", base: "[b]", isReplyOrForward: false),           // last blob is the base
        Case(subject: "foo (fwd)", base: "foo", isReplyOrForward: true),          // step 2
        Case(subject: "foo (FWD)  (fwd) ", base: "foo", isReplyOrForward: true),
        Case(subject: "[Fwd: foo]", base: "foo", isReplyOrForward: true),         // step 6
        Case(subject: "Re: [FWD: c]", base: "c", isReplyOrForward: true),
        Case(subject: "re: [fwd: [fwd: re: [fwd: babylon]]]", base: "babylon", isReplyOrForward: true),
        Case(subject: "[foo] Fwd: [bar] Re: fw: b (fWd)  (fwd)", base: "b", isReplyOrForward: true),
        Case(subject: "Ad: Re: Ad: Re: Ad: x", base: "Ad: Re: Ad: Re: Ad: x", isReplyOrForward: false),
        Case(subject: "Report: foo", base: "Report: foo", isReplyOrForward: false), // "re" must end at ":"
        Case(subject: "Fwdx: foo", base: "Fwdx: foo", isReplyOrForward: false),
        Case(subject: "b (a)", base: "b (a)", isReplyOrForward: false),
        Case(subject: "  a \t\r\n  b  ", base: "a b", isReplyOrForward: false),   // step 1 white space
        Case(subject: " ", base: "", isReplyOrForward: false),
        Case(subject: "Re:", base: "", isReplyOrForward: true),
        Case(subject: "", base: "", isReplyOrForward: false),
        Case(subject: "[café] Re: naïve", base: "naïve", isReplyOrForward: true), // non-ASCII blob
    ]

    @Test(arguments: cases)
    func extraction(_ example: Case) {
        let base = BaseSubject.extract(example.subject)
        #expect(base.text == example.base)
        #expect(base.isReplyOrForward == example.isReplyOrForward)
    }

    @Test func keyFoldsASCIICaseOnly() {
        #expect(BaseSubject.extract("Re: Ça va").key == "ÇA VA")
        #expect(BaseSubject.extract("RE: C").key == BaseSubject.extract("Re: c").key)
    }
}
