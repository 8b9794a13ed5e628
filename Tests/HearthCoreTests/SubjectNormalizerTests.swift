import HearthCore
import Testing

@Suite struct SubjectNormalizerTests {
    @Test(arguments: [
        ("Re: Budget", "budget"),
        ("RE: re: Fwd: FW: Budget", "budget"),
        ("Re[2]: Budget", "budget"),
        ("AW: WG: Budget", "budget"),
        ("[linux-mips] Re: [PATCH] fix", "fix"),  // every leading tag goes, as RFC 5256 base subjects do
        ("  Budget   for   Q2 ", "budget for q2"),
        ("Reply all: please", "reply all: please"),
        ("", ""),
        ("Re:", ""),
        ("[only-a-tag]", "[only-a-tag]"),
    ])
    func normalizes(_ input: String, _ expected: String) {
        #expect(SubjectNormalizer.normalize(input) == expected)
    }

    @Test func isIdempotent() {
        for s in ["Re: [x] Fwd: y", "Fw: Re: z", "plain"] {
            let once = SubjectNormalizer.normalize(s)
            #expect(SubjectNormalizer.normalize(once) == once)
        }
    }
}
