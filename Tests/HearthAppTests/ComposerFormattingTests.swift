import Foundation
import HearthApp
import HearthCore
import Testing

/// The application layer's side of the composer's formatting: what an editor sends becomes the
/// message's body (formatted, or text/plain when nothing is formatted), and a stored message
/// becomes what an editor shows, whichever way it was written.
@Suite("Composer formatting (application layer)")
struct ComposerFormattingTests {
    let me = EmailAddress(address: "me@example.org")

    @Test("the editor's HTML: formatted → .rich with its plain text; unformatted → text/plain only")
    func apply() throws {
        var message = ComposedMessage(from: me)
        try ComposerFormatting.apply(editorHTML: "<div>See <b>this</b><img src=\"https://t.example/p.gif\"></div>", to: &message)
        #expect(message.bodyFormat == .rich && message.body == "See this")
        #expect(message.richBody?.html == "<div>See <b>this</b></div>")
        try ComposerFormatting.apply(editorHTML: "<div>Just text</div>", to: &message)
        #expect(message.bodyFormat == .plain && message.richBody == nil && message.body == "Just text")
        #expect(throws: AppError.self) { try ComposerFormatting.apply(editorHTML: String(repeating: "<i>x</i>", count: 700_000), to: &message) }
    }

    @Test("what an editor shows: the rich body, a --markup draft rendered, plain lines")
    func richTextOfStored() {
        let markup = ComposedMessage(from: me, body: "A *bold* word\nand [a link](https://x.example/)", bodyFormat: .markup)
        #expect(ComposerFormatting.richText(of: markup).blocks == [
            .line([.init("A "), .init("bold", bold: true), .init(" word")]),
            .line([.init("and "), .init("a link", link: RichText.Link("https://x.example/"))]),
        ])
        let plain = ComposedMessage(from: me, body: "one\n\n> <quoted>")
        #expect(ComposerFormatting.richText(of: plain).html == "<div>one</div><div><br></div><div>&gt; &lt;quoted&gt;</div>")
        var rich = ComposedMessage(from: me)
        rich.setBody(RichText(blocks: [.line([.init("x", italic: true)])]))
        #expect(ComposerFormatting.richText(of: rich) == rich.richBody)
    }
}
