import Foundation
import HearthCore
import Testing
@testable import HearthSafety

/// The sanitizer on hand-written vectors, one per rule of the removal list.
@Suite struct SanitizerTests {
    func clean(_ html: String, _ options: SanitizeOptions = .init()) throws -> String {
        try SafetyFixtures.sanitize(html, options).html
    }

    @Test func removesScriptsAndCodeElementsWithTheirContent() throws {
        let out = try clean("<p>hi</p><script>alert(1)</script><noscript><img src=x onerror=alert(1)></noscript><iframe src=//e></iframe><object data=x></object><embed src=x><applet code=x></applet>")
        #expect(out == "<p>hi</p>")
    }

    @Test func removesFormControlsButKeepsText() throws {
        let out = try clean("<form action='http://e/steal'><label>Password</label><input type=password name=p><button formaction='javascript:alert(1)'>Go</button><select><option>a</option></select><textarea>t</textarea></form>")
        #expect(out == "<label>Password</label>")
    }

    @Test func removesMetaRefreshBaseAndExternalStylesheets() throws {
        let out = try clean("<html><head><meta http-equiv=refresh content='0;url=http://e'><base href='http://e/'><link rel=stylesheet href='http://e/x.css'><title>t</title></head><body><p>x</p></body></html>")
        #expect(out == "<p>x</p>")
    }

    @Test func removesEventHandlersAndUnknownAttributes() throws {
        let out = try clean("<div onclick=alert(1) onmouseover='x' data-x=1 class=c>t</div><body onload=alert(1)>")
        #expect(out == "<div class=\"c\">t</div>")
    }

    @Test(arguments: [
        "javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)", "java\nscript:alert(1)",
        "&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)", "&#x6A;avascript&colon;alert(1)",
        "&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)",
        "jav&#x09;ascript:alert(1)", "\u{01}javascript:alert(1)", "vbscript:msgbox(1)", "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
        "livescript:x", "/relative/path", "//evil.example/x",
    ])
    func refusesDangerousAndObfuscatedLinkSchemes(_ href: String) throws {
        let out = try clean("<a href=\"\(href)\">x</a>")
        #expect(out == "<a>x</a>", "href \(href.debugDescription) survived: \(out)")
    }

    @Test func linksOpenOutsideWithoutOpenerOrReferrer() throws {
        let out = try clean("<a href='https://example.org/p?a=1&b=2' target=_self rel=opener>x</a>")
        #expect(out == "<a href=\"https://example.org/p?a=1&amp;b=2\" target=\"_blank\" rel=\"noopener noreferrer\">x</a>")
    }

    @Test func dataURLsOnlyForRasterImages() throws {
        let png = "data:image/png;base64,iVBORw0KGgo="
        #expect(try clean("<img src='\(png)'>") == "<img src=\"\(png)\">")
        #expect(try clean("<img src='data:image/svg+xml;base64,PHN2Zz4='>") == "")
        #expect(try clean("<img src='data:text/html,<script>alert(1)</script>'>") == "")
    }

    @Test func dropsSVGAndMathMLWithTheirScriptVectors() throws {
        let out = try clean("<p>a</p><svg><script>alert(1)</script><a xlink:href='javascript:alert(1)'><text>t</text></a><animate onbegin=alert(1)/></svg><math><mtext><table><mglyph><style><img src=x onerror=alert(1)>")
        #expect(out == "<p>a</p>")
    }

    @Test func dropsURLAttributesTheTableForgets() throws {
        let out = try clean("<img src='https://e/a.png' srcset='https://e/b.png 2x' width=10 height=10><table background='https://e/bg.png'><tr><td background='x'>c</td></tr></table><video poster='https://e/p.png'></video><blockquote cite='https://e'>q</blockquote>",
                            SanitizeOptions(remoteImages: .allow))
        #expect(!out.contains("srcset") && !out.contains("background") && !out.contains("poster") && !out.contains("cite="))
        #expect(out.contains("<img src=\"https://e/a.png\" width=\"10\" height=\"10\" referrerpolicy=\"no-referrer\">"))
    }

    @Test func filtersCSS() throws {
        let out = try clean("""
            <div style="color:red; background:url(https://e/t.gif); width:expression(alert(1)); behavior:url(x.htc); -moz-binding:url(x); position:fixed; font-family:'Arial'">x</div>
            <style>@import url(https://e/x.css); @font-face{font-family:x;src:url(https://e/f.woff)} p{color:blue;background-image:url(https://e/i.png)} @media (max-width:600px){td{width:100%}} a{col\\6fr:red}</style>
            """)
        #expect(out == "<div style=\"color:red;font-family:'Arial';\">x</div>\n<style>p{color:blue;}@media (max-width:600px){td{width:100%;}}</style>")
    }

    @Test func commentsAndCDATATricksDoNotSurvive() throws {
        let out = try clean("<!--<img src=x onerror=alert(1)>--><p>a<!-- --!><img src=x onerror=alert(2)> --></p><![CDATA[<img src=x onerror=alert(3)>]]>")
        #expect(SafetyFixtures.violations(in: out).isEmpty, "\(out)")
        #expect(!out.contains("onerror") && !out.contains("<!--"))
    }

    @Test func remoteImagesAreBlockedByDefaultWithAPlaceholder() throws {
        let result = try SafetyFixtures.sanitize("<img src='https://cdn.example.org/logo.png' alt='Logo' width=120 height=40>")
        #expect(result.html == "<span class=\"hearth-blocked-image\" title=\"Remote image blocked: Logo\" style=\"display:inline-block;border:1px dashed #aaa;color:#777;font-size:12px;width:120px;height:40px;\">Logo</span>")
        #expect(result.remoteImagesBlocked == 1 && result.remoteImagesKept == 0)
        let allowed = try SafetyFixtures.sanitize("<img src='https://cdn.example.org/logo.png' alt='Logo'>", SanitizeOptions(remoteImages: .allow))
        #expect(allowed.html == "<img src=\"https://cdn.example.org/logo.png\" alt=\"Logo\" referrerpolicy=\"no-referrer\">")
        #expect(allowed.remoteImagesKept == 1)
    }

    @Test func inlineImagesPointAtTheLocalRoute() throws {
        let route = InlineImageRoute(emailID: EmailID(42))
        let result = try SafetyFixtures.sanitize("<img src='cid:part1.06090408@example.org'><img src='cid:../../x?y#z'>", SanitizeOptions(inlineImages: route))
        #expect(result.html == "<img src=\"/inline/42/part1.06090408%40example.org\"><img src=\"/inline/42/..%2F..%2Fx%3Fy%23z\">")
        #expect(result.inlineContentIDs == ["part1.06090408@example.org", "../../x?y#z"])
        let parsed = InlineImageRoute.parse(path: "/inline/42/..%2F..%2Fx%3Fy%23z")
        #expect(parsed?.0 == EmailID(42) && parsed?.1 == "../../x?y#z")
    }

    /// mailtrack.io is listed whole by one list, while two others name its tracking path: a real
    /// 600×200 image from it is shown; its pixels and its tracking path are still blocked.
    @Test func aHostThatAlsoServesContentLosesOnlyItsPixels() throws {
        let html = """
            <img src="https://mailtrack.io/static/img/product-shot.png" width="600" height="200">
            <img src="https://mailtrack.io/static/img/logo.png" style="width:120px">
            <img src="https://mailtrack.io/anything/x.png">
            <img src="https://mailtrack.io/anything/y.png" width="1" height="1">
            <img src="https://mailtrack.io/trace/mail/abc.png" width="600" height="200">
            """
        let result = try SafetyFixtures.sanitize(html, SanitizeOptions(remoteImages: .allow))
        #expect(result.html.contains("product-shot.png") && result.html.contains("logo.png"))
        #expect(!result.html.contains("x.png") && !result.html.contains("y.png") && !result.html.contains("/trace/"))
        #expect(result.trackers.map(\.reason) == [.blocklist, .blocklist, .blocklist])
        // A host listed whole with no path rules anywhere stays blocked whole.
        #expect(TrackerBlocklist.bundled.match("https://openrate.aweber.com/a.png")?.onlyWhenPixelShaped == false)
    }

    @Test func trackingPixelsAreStrippedEvenWhenRemoteImagesAreAllowed() throws {
        let html = """
            <img src="https://news.example.org/p.gif" width="1" height="1">
            <img src="https://news.example.org/q.gif" style="width:0px;height:0px">
            <div style="display:none"><img src="https://news.example.org/r.gif" width="300" height="50"></div>
            <span style="opacity:0"><img src="https://news.example.org/s.gif"></span>
            <img src="https://u1234.ct.sendgrid.net/wf/open?upn=abc" width="600" height="10">
            <img src="https://news.example.org/hero.jpg" width="600" height="300">
            """
        let result = try SafetyFixtures.sanitize(html, SanitizeOptions(remoteImages: .allow))
        #expect(result.trackersBlocked == 5)
        #expect(result.trackers.map(\.reason) == [.tinyImage, .tinyImage, .hiddenImage, .hiddenImage, .blocklist])
        #expect(result.remoteImagesKept == 1)
        #expect(!result.html.contains("p.gif") && !result.html.contains("sendgrid") && result.html.contains("hero.jpg"))
    }

    @Test func clickTrackingRedirectsAreUnwrapped() throws {
        let result = try SafetyFixtures.sanitize("""
            <a href="https://www.google.com/url?q=https%3A%2F%2Fexample.org%2Fpage&sa=D">a</a>
            <a href="https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Fexample.net%2F&data=x">b</a>
            <a href="https://www.google.com/url?q=javascript:alert(1)">c</a>
            <a href="https://example.org/plain">d</a>
            """)
        #expect(result.linksUnwrapped == 2)
        #expect(result.html.contains("href=\"https://example.org/page\"") && result.html.contains("href=\"https://example.net/\""))
        #expect(result.html.contains("href=\"https://www.google.com/url?q=javascript:alert(1)\""))
    }

    @Test func fallsBackToPlainTextWhenNothingVisibleRemains() {
        let renderer = SafeBodyRenderer()
        let scriptOnly = renderer.render(html: "<script>alert(1)</script><style>p{}</style>", plainText: "Hello <you>")
        #expect(scriptOnly.fallback == .nothingLeft)
        #expect(scriptOnly.html == "<pre style=\"white-space:pre-wrap;overflow-wrap:break-word;font-family:inherit;\">Hello &lt;you&gt;</pre>")
        let tooBig = SafeBodyRenderer(options: SanitizeOptions(limits: .init(maxInputBytes: 10))).render(html: "<p>0123456789ab</p>", plainText: "p")
        #expect(tooBig.fallback == .sanitizerFailed(.tooLarge(bytes: 19, limit: 10)))
        let fine = renderer.render(html: "<p>x</p>", plainText: "x")
        #expect(fine.fallback == nil && fine.html == "<p>x</p>")
    }

    @Test func deeplyNestedInputDoesNotCrash() throws {
        let depth = 5_000 // deep enough for Gumbo's recursive free to need the big-stack thread
        let html = String(repeating: "<div>", count: depth) + "deep" + String(repeating: "</div>", count: depth)
        let result = try SafetyFixtures.sanitize(html)
        #expect(result.textCharacters == 4)
        let hostile = String(repeating: "<div>", count: 200_000)
        #expect(throws: HTMLParseFailure.tooManyTags(count: 200_000, limit: 25_000)) { try SafetyFixtures.sanitize(hostile) }
    }

    @Test func renderingContractForbidsScriptsAndNetwork() {
        let blocked = RenderingContract(appOrigin: "http://127.0.0.1:8025", remoteImages: .block)
        // Same-origin (the app sizes the frame), but never scripts, forms, top navigation or modals.
        for forbidden in ["allow-scripts", "allow-forms", "allow-top-navigation", "allow-modals", "allow-pointer-lock"] {
            #expect(!RenderingContract.sandbox.contains(forbidden))
        }
        #expect(blocked.contentSecurityPolicy.contains("script-src 'none'") && blocked.contentSecurityPolicy.contains("default-src 'none'"))
        #expect(blocked.contentSecurityPolicy.hasSuffix("img-src data: http://127.0.0.1:8025/inline/"))
        let allowed = RenderingContract(appOrigin: nil, remoteImages: .allow)
        #expect(allowed.contentSecurityPolicy.hasSuffix("img-src data: https: http:"))
        let frame = blocked.iframe(body: "<p>\"x\" &amp; y</p>")
        #expect(frame.hasPrefix("<iframe sandbox=\"allow-same-origin allow-popups allow-popups-to-escape-sandbox\""))
        #expect(frame.contains("&lt;p&gt;&quot;x&quot; &amp;amp; y&lt;/p&gt;"))
    }

    @Test("mail that names its own colours is shown as sent; plain text and colourless HTML may follow a dark theme")
    func ownColours() throws {
        for html in ["<p style=\"color:#333\">x</p>", "<table bgcolor=\"#ffffff\"><tr><td>x</td></tr></table>",
                     "<font color=\"red\">x</font>", "<div style=\"background:#fff\">x</div>",
                     "<style>td{padding:0;background-color:#eee}</style><p>x</p>"] {
            #expect(try SafetyFixtures.sanitize(html).setsColors, "\(html)")
            #expect(!SafeBodyRenderer().render(html: html, plainText: "x").canFollowDarkTheme, "\(html)")
        }
        for html in ["<p>Hi <b>there</b> <a href=\"https://a.example/\">link</a></p>", "<p style=\"border-color:#ccc;margin:0\">x</p>",
                     "<p>the css says color: red</p>", "<p style=\"display:none;color:red\">x</p><p>y</p>"] {
            #expect(!(try SafetyFixtures.sanitize(html).setsColors), "\(html)")
            #expect(SafeBodyRenderer().render(html: html, plainText: "x").canFollowDarkTheme, "\(html)")
        }
        #expect(SafeBodyRenderer().render(html: nil, plainText: "plain").canFollowDarkTheme)
        let contract = RenderingContract(appOrigin: nil, remoteImages: .block)
        #expect(contract.document(body: "x", appearance: .dark).contains("color-scheme:dark"))
        #expect(contract.document(body: "x", appearance: .followSystem).contains("@media (prefers-color-scheme: dark){"))
        #expect(!contract.document(body: "x").contains("color-scheme"))
    }

    @Test func remoteContentDecision() {
        #expect(RemoteContentDecision.policy(loadRequestedForMessage: false, senderAlwaysAllowed: false) == .block)
        #expect(RemoteContentDecision.policy(loadRequestedForMessage: true, senderAlwaysAllowed: false) == .allow)
        #expect(RemoteContentDecision.policy(loadRequestedForMessage: false, senderAlwaysAllowed: true) == .allow)
    }
}
