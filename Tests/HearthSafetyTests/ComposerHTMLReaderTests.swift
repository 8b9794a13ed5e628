import Foundation
import HearthCore
@testable import HearthMIME
import HearthSafety
import Testing

/// The composer's HTML (what the web editor sends, or what was pasted into it) read through the
/// allow-list into a `RichText`: formatting kept, everything else dropped, and what is then sent
/// holds nothing of the hostile input.
@Suite("Composer HTML allow-list")
struct ComposerHTMLReaderTests {
    typealias Span = RichText.Span

    @Test("Chromium's editor markup: a line per <div>, <br> for an empty line, bold, italic, links")
    func editorMarkup() throws {
        let text = try ComposerHTMLReader.read(
            "<div>Hi <b>there</b>, <i>see</i> <a href=\"https://x.example/a?b=1&amp;c=2\">this</a>.</div><div><br></div><div>&gt; quoted&nbsp;&nbsp;text</div>")
        #expect(text.blocks == [
            .line([Span("Hi "), Span("there", bold: true), Span(", "), Span("see", italic: true), Span(" "),
                   Span("this", link: RichText.Link("https://x.example/a?b=1&c=2")), Span(".")]),
            .line([]),
            .line([Span("> quoted  text")]),
        ])
        #expect(text.hasFormatting)
        #expect(text.plainText == "Hi there, see this <https://x.example/a?b=1&c=2>.\n\n> quoted  text")
        #expect(text.html == "<div>Hi <b>there</b>, <i>see</i> <a href=\"https://x.example/a?b=1&amp;c=2\">this</a>.</div><div><br></div><div>&gt; quoted &nbsp;text</div>")
        // A first line typed before any <div>, and <br> inside a line.
        let bare = try ComposerHTMLReader.read("first<div>second<br>third</div>")
        #expect(bare.plainText == "first\nsecond\nthird" && !bare.hasFormatting)
    }

    @Test("pasted hostile HTML: scripts, styles, handlers, javascript: links and remote images are gone")
    func hostile() throws {
        let html = """
            <html><head><title>t</title><style>b{color:red}</style><script>alert('head')</script></head><body>
            <p onclick="alert(1)" style="background:url(https://evil.example/bg)">Click <b onmouseover="x()">me</b></p>
            <script>alert('body')</script><img src="https://tracker.example/p.gif" alt="pixel"><img src=x onerror=alert(1)>
            <a href="javascript:alert(1)">js link</a> <a href=" JaVaScRiPt:alert(2)">js2</a> <a href="data:text/html,<script>">data</a>
            <a href="https://ok.example/" onclick="steal()" target="_blank" style="color:red">ok</a>
            <iframe src="https://evil.example/"></iframe><svg><script>alert(3)</script><a href="https://svg.example/">svg</a></svg>
            <form action="https://evil.example/"><input value="secret"><button>Go</button></form>
            <math><mi>x</mi></math><noscript><img src="https://evil.example/n.gif"></noscript><template><b>t</b></template>
            &lt;script&gt;literal&lt;/script&gt;
            </body></html>
            """
        let text = try ComposerHTMLReader.read(html)
        let links = text.blocks.flatMap { block -> [Span] in if case .line(let s) = block { s } else { [] } }.compactMap(\.link)
        #expect(links.map(\.url) == ["https://ok.example/"])
        let sent = try MessageWriter().render(ComposedMessage(from: EmailAddress(address: "a@example.test"), to: [EmailAddress(address: "b@example.test")],
                                                              subject: "x", body: text.plainText, bodyFormat: .rich, richBody: text), date: Date())
        let raw = String(decoding: sent.data, as: UTF8.self)
        for needle in ["alert", "onclick", "onmouseover", "onerror", "javascript", "data:text", "tracker.example", "evil.example", "<img",
                       "style=", "<iframe", "<svg", "secret", "steal", "target=", "svg.example", "<title>", "<form", "<input"] {
            #expect(!raw.lowercased().contains(needle.lowercased()), "\(needle) must not be sent")
        }
        // The text "<script>literal</script>" is text: escaped in the HTML part, as typed in the plain part.
        #expect(!text.html.contains("<script"))
        #expect(text.plainText.contains("Click me") && text.plainText.contains("<script>literal</script>"), "text stays text: \(text.plainText)")
        #expect(text.html.contains("&lt;script&gt;literal&lt;/script&gt;"))
    }

    @Test("word processors and lists: Google Docs' bold wrapper, styled spans, <ul>/<ol>, nested lists joined")
    func pasteShapes() throws {
        let docs = try ComposerHTMLReader.read(
            "<meta charset=\"utf-8\"><b style=\"font-weight:normal;\" id=\"docs-internal-guid-1\"><p><span style=\"font-weight:700\">Big</span> <span style=\"font-style:italic\">slanted</span> plain</p></b>")
        #expect(docs.blocks == [.line([Span("Big", bold: true), Span(" "), Span("slanted", italic: true), Span(" plain")])])
        let lists = try ComposerHTMLReader.read("<p>Agenda:</p><ol><li>One</li><li><b>Two</b><ul><li>two a</li></ul></li></ol><p>End</p>")
        #expect(lists.blocks == [
            .line([Span("Agenda:")]),
            .list(ordered: true, items: [[Span("One")], [Span("Two", bold: true)], [Span("two a")]]),
            .line([Span("End")]),
        ])
        #expect(lists.plainText == "Agenda:\n1. One\n2. Two\n3. two a\nEnd")
        #expect(lists.html.contains("<ol><li>One</li><li><b>Two</b></li><li>two a</li></ol>"))
        // Source indentation is not text; a link whose text is its address is written once.
        let spaced = try ComposerHTMLReader.read("<div>\n   <a href=\"mailto:ann@example.org\">ann@example.org</a>\n</div>")
        #expect(spaced.plainText == "mailto:ann@example.org")
    }

    @Test("the toolbar's lists: Chromium's <ul>/<ol> shapes read as lists, the plain part as '- ' and '1. ' lines")
    func toolbarLists() throws {
        // What Chromium's insertUnorderedList / insertOrderedList leave in the editor: lists
        // between <div> lines, a list inside a <div>, a trailing <br> in an item, formatting and
        // a link inside items, an empty item left by Enter.
        let html = "<div>Shopping:</div><ul><li>milk</li><li><b>eggs</b> from <a href=\"https://farm.example/\">the farm</a></li><li><br></li></ul>"
            + "<div>Steps:</div><div><ol><li>first<br></li><li><i>second</i></li></ol></div><div>Thanks</div>"
        let text = try ComposerHTMLReader.read(html)
        #expect(text.blocks == [
            .line([Span("Shopping:")]),
            .list(ordered: false, items: [[Span("milk")], [Span("eggs", bold: true), Span(" from "), Span("the farm", link: RichText.Link("https://farm.example/"))]]),
            .line([Span("Steps:")]),
            .list(ordered: true, items: [[Span("first")], [Span("second", italic: true)]]),
            .line([Span("Thanks")]),
        ], "\(text.blocks)")
        #expect(text.hasFormatting)
        #expect(text.plainText == "Shopping:\n- milk\n- eggs from the farm <https://farm.example/>\nSteps:\n1. first\n2. second\nThanks")
        #expect(text.html == "<div>Shopping:</div><ul><li>milk</li><li><b>eggs</b> from <a href=\"https://farm.example/\">the farm</a></li></ul>"
                + "<div>Steps:</div><ol><li>first</li><li><i>second</i></li></ol><div>Thanks</div>")
        // A list alone is formatting too: the message is multipart/alternative with both parts.
        let list = try ComposerHTMLReader.read("<ol><li>one</li><li>two</li></ol>")
        #expect(list.hasFormatting && list.plainText == "1. one\n2. two")
        let sent = try MessageWriter().render(ComposedMessage(from: EmailAddress(address: "a@example.test"), to: [EmailAddress(address: "b@example.test")],
                                                              subject: "x", body: list.plainText, bodyFormat: .rich, richBody: list), date: Date())
        let raw = String(decoding: sent.data, as: UTF8.self)
        #expect(raw.contains("multipart/alternative") && raw.contains("1. one\r\n2. two") && raw.contains("<ol><li>one</li><li>two</li></ol>"), "\(raw)")
    }

    @Test("no formatting: the message stays text/plain only")
    func plainStaysPlain() throws {
        var message = ComposedMessage(from: EmailAddress(address: "a@example.test"), to: [EmailAddress(address: "b@example.test")])
        message.setBody(try ComposerHTMLReader.read("<div>Just text</div><div><br></div><div>&gt; quote</div>"))
        #expect(message.bodyFormat == .plain && message.richBody == nil && message.body == "Just text\n\n> quote")
        let raw = String(decoding: try MessageWriter().render(message, date: Date()).data, as: UTF8.self)
        #expect(raw.contains("Content-Type: text/plain") && !raw.contains("multipart") && !raw.contains("text/html"))
    }

    @Test("a stored draft with a link other than http(s)/mailto does not decode")
    func linkCheckedOnDecode() throws {
        let good = Data(#"{"blocks":[{"line":{"_0":[{"text":"x","bold":false,"italic":false,"link":"https://a.example/"}]}}]}"#.utf8)
        #expect(try JSONDecoder().decode(RichText.self, from: good).hasFormatting)
        let bad = Data(#"{"blocks":[{"line":{"_0":[{"text":"x","bold":false,"italic":false,"link":"javascript:alert(1)"}]}}]}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(RichText.self, from: bad) }
        #expect(RichText.Link("https://a.example/\"onclick=x") == nil && RichText.Link("http://") == nil && RichText.Link("mailto:x@y.z") != nil)
    }

    @Test("a body too large to be a message is refused, not cut")
    func tooLarge() {
        #expect(throws: HTMLParseFailure.self) { try ComposerHTMLReader.read(String(repeating: "<b>x</b>", count: 600_000)) }
    }
}
