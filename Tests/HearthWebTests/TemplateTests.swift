import Foundation
import HearthCore
import Testing
@testable import HearthWeb

/// The page templates (`Sources/HearthWeb/Resources/templates`) and the assets come from the
/// module's resource bundle: all of them load and parse, values are escaped, and what is not a
/// listed asset is never served.
@Suite("Web app: templates and assets")
struct TemplateTests {
    @Test("every template in the bundle parses")
    func allParse() throws {
        let loaded = Templates.load()
        #expect(loaded.failures.isEmpty, "\(loaded.failures)")
        for name in ["shell", "sidebar", "bare", "thread-list", "thread-row", "conversation", "compose", "search", "settings", "onboarding", "model-catalog"] {
            #expect(loaded.library.getTemplate(named: name) != nil, "\(name)")
        }
    }

    @Test("values are escaped and control characters blanked; only nested markup is raw")
    func escaping() {
        let hostile = "<script>alert('x')</script> & \"quotes\"\u{7}"
        let page = PageShell(title: hostile, csrfToken: "t\"k", theme: .dark, searchText: hostile).render(sidebar: nil, main: "<p id=\"inner\">ok</p>")
        #expect(!page.contains("<script>alert"))
        #expect(page.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quotes&quot;"))
        #expect(!page.contains("\u{7}"))
        #expect(page.contains("content=\"t&quot;k\""))
        #expect(page.contains("<p id=\"inner\">ok</p>"), "the content another template rendered is inserted as markup")
        #expect(page.contains("data-theme=\"dark\"") && page.contains("layout no-sidebar"))
    }

    @Test("a missing template answers a short note instead of crashing")
    func missing() {
        let text = Templates.render("no-such-template", [String: String]())
        #expect(text.contains("could not be shown"))
    }

    @Test("assets are the files of the bundle, and only the listed names")
    func assets() {
        let css = Assets.response(for: "app.css")
        #expect(css.status == 200 && css.header("Content-Type")?.hasPrefix("text/css") == true && css.bodyText.contains("--accent"))
        #expect(Assets.response(for: "app.js").bodyText.contains("HearthLogic"))
        #expect(Assets.response(for: "logic.js").bodyText.contains("searchReady"))
        for name in ["../Package.swift", "templates", "shell.mustache", "..", "app.JS"] {
            #expect(Assets.response(for: name).status == 404, "\(name)")
        }
    }
}
