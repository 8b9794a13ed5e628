import Foundation
@testable import HearthSearch
import Testing

/// What an email's vector is made from (`EmbeddingText`): the sender's own opening prose, not
/// the lines every message shares.
@Suite struct EmbeddingTextTests {
    @Test func keepsSubjectSenderAndTheOpeningProse() {
        let text = EmbeddingText.make(subject: "Kernel hang on Indigo2", sender: "Florian Lohoff",
                                      body: "The memset at the end of alloc_bootmem_core faults.\n\nIt never returns.")
        #expect(text == "Kernel hang on Indigo2\nFlorian Lohoff\nThe memset at the end of alloc_bootmem_core faults. It never returns.")
    }

    @Test func dropsQuotesAttributionsGreetingsAndWhatFollowsASignOff() {
        let body = """
            Hi all,

            On Tue, 3 Mar 2002, Ralf Baechle wrote:
            > the old patch broke the Indy
            : and older newsreaders quote like this
            The new DMA setup works on the Malta board now.
            Thanks,
            Barry
            -- 
            Barry Wu, Example Corp
            """
        #expect(EmbeddingText.opening(of: body, maxCharacters: 400) == "The new DMA setup works on the Malta board now.")
        // The same mail with CRLF line ends ("\r\n" is one Character in Swift).
        let crlf = body.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(EmbeddingText.opening(of: crlf, maxCharacters: 400) == "The new DMA setup works on the Malta board now.")
    }

    @Test func aSentenceThatOpensLikeAGreetingOrASignOffIsKept() {
        let body = """
            Hello world programs fail to link with the new binutils on mipsel.
            Thanks to the fix from yesterday the kernel builds again, but the loader does not.
            """
        #expect(EmbeddingText.opening(of: body, maxCharacters: 400) == """
            Hello world programs fail to link with the new binutils on mipsel. \
            Thanks to the fix from yesterday the kernel builds again, but the loader does not.
            """)
    }

    @Test func mobileSignaturesAndListFootersEndTheText() {
        #expect(EmbeddingText.opening(of: "Running late, start without me.\nSent from my iPhone", maxCharacters: 400)
                 == "Running late, start without me.")
        // The categoriser's list of mail apps (HearthCore's `MailAppSignature`), other languages included.
        #expect(EmbeddingText.opening(of: "Bin gleich da.\nVon meinem iPhone gesendet", maxCharacters: 400) == "Bin gleich da.")
        #expect(EmbeddingText.opening(of: "On my way.\nSent from my Nokia 3310", maxCharacters: 400) == "On my way.")
        #expect(EmbeddingText.opening(of: "Meeting moved to 3pm.\nTo unsubscribe from this group, send email to x@y.org",
                                      maxCharacters: 400) == "Meeting moved to 3pm.")
    }

    @Test func aTopPostedReplyEndsAtTheQuotedMessagesSeparator() {
        let spaced = """
            Yes, the ISA patch is in CVS now.
            ----- Original Message -----
            From: "Jun Sun" <jsun@mvista.com>
            To: "Jim Paris" <jim@jtan.com>
            Sent: Tuesday, January 08, 2002 5:12 PM
            Subject: Re: ISA

            I agree with Geert and think isa_xxx_mem_region is a better approach.
            """
        #expect(EmbeddingText.opening(of: spaced, maxCharacters: 400) == "Yes, the ISA patch is in CVS now.")
        let withoutSeparator = """
            Booked for Thursday.
            From: Anna Berg <anna@example.org>
            Sent: Monday, 3 March 2025 09:14
            To: Team <team@example.org>
            Subject: Offsite
            Can everyone make Thursday?
            """
        #expect(EmbeddingText.opening(of: withoutSeparator, maxCharacters: 400) == "Booked for Thursday.")
        #expect(EmbeddingText.opening(of: "Danke!\n-----Ursprüngliche Nachricht-----\nVon: A\nAn: B\nAlter Text", maxCharacters: 400) == "Danke!")
    }

    @Test func aQuotedMessagesHeaderBlockAtTheTopIsLeftOutAndTheAnswerBelowKept() {
        let body = """
            ----- Original Message -----
            From: "Jun Sun" <jsun@mvista.com>
            To: "Jim Paris" <jim@jtan.com>
            Cc: "Alan Cox" <alan@lxorguk.ukuu.org.uk>
            Sent: Tuesday, January 08, 2002 5:12 PM
            Subject: Re: ISA

            > I agree with Geert and think isa_xxx_mem_region is a better approach.
            The Cobalt boards need the same change.
            """
        #expect(EmbeddingText.opening(of: body, maxCharacters: 400) == "The Cobalt boards need the same change.")
    }

    @Test func aForwardKeepsTheForwardedTextWithoutItsHeaderBlock() {
        let gmail = """
            See below, can you handle it?

            ---------- Forwarded message ---------
            From: Booking <noreply@trains.example>
            Date: Mon, 1 Jan 2024 at 10:00
            Subject: Your e-ticket
            To: Alex <alex@example.org>

            Your train to York leaves at 09:12 from platform 4.
            """
        #expect(EmbeddingText.opening(of: gmail, maxCharacters: 400)
                == "See below, can you handle it? Your train to York leaves at 09:12 from platform 4.")
        let apple = "Begin forwarded message:\n\nFrom: Anna <a@example.org>\nSubject: Keys\n\nThe keys are under the mat."
        #expect(EmbeddingText.opening(of: apple, maxCharacters: 400) == "The keys are under the mat.")
        // A sentence that starts like a field is prose outside such a block.
        #expect(EmbeddingText.opening(of: "To: whoever finds this, the build is green.", maxCharacters: 400)
                == "To: whoever finds this, the build is green.")
    }

    @Test func linksAreCutToTheirHost() {
        let body = "The howto at http://oss.sgi.com/www.linux.sgi.com/mips/mips-howto.html?x=1 explains it; see also www.kernel.org/pub/linux."
        #expect(EmbeddingText.opening(of: body, maxCharacters: 400) == "The howto at oss.sgi.com explains it; see also kernel.org")
        #expect(EmbeddingTextLines.host(ofLink: "<https://user@www.example.org:8080/a>") == "example.org")
        #expect(EmbeddingTextLines.host(ofLink: "http://") == nil)
        #expect(EmbeddingTextLines.host(ofLink: "ratio://") == nil)
        #expect(EmbeddingTextLines.host(ofLink: "word") == nil)
    }

    @Test func theOpeningIsCutAtAWordBoundary() {
        let body = String(repeating: "interrupt handler ", count: 40)
        let opening = EmbeddingText.opening(of: body, maxCharacters: 100)
        #expect(opening.count <= 100)
        #expect(opening.hasSuffix("handler") || opening.hasSuffix("interrupt"))
    }
}
