import Foundation
import HearthTestSupport
import Testing
@testable import HearthSafety

/// sanitize(sanitize(x)) == sanitize(x) on generated hostile markup: random mixtures of the
/// constructs that make re-parsing differ (mis-nested formatting, tables, foreign content,
/// raw-text elements, entities, comments), from a fixed seed so a failure reproduces.
@Suite struct PropertyTests {
    static let pieces = [
        "<p>", "</p>", "<div>", "</div>", "<b>", "</b>", "<i>", "</i>", "<a href='https://e.org/x'>", "</a>", "<table>", "<tr>",
        "<td>", "</td>", "</table>", "<svg>", "</svg>", "<math>", "<mtext>", "<style>", "</style>", "<script>", "</script>",
        "<textarea>", "</textarea>", "<noscript>", "</noscript>", "<!--", "-->", "<![CDATA[", "]]>", "&amp;", "&lt;", "&#x3c;",
        "&nbsp;", "text ", " ", "\n", "<pre>", "</pre>", "<img src='https://e.org/i.png' width=1 height=1>", "<img src=x onerror=alert(1)>",
        "<form>", "</form>", "<select>", "<option>", "<li>", "<ul>", "</ul>", "<marquee>", "</marquee>", "<font color=red>",
        "<span style='display:none'>", "</span>", "<xmp>", "</xmp>", "<template>", "</template>", "<object>", "</object>",
        "<h1>", "</h1>", "<button>", "</button>", "<nobr>", "<table><caption>", "<col>", "<frameset>", "<body onload=x>",
        "<title>", "</title>", "<plaintext>", "<iframe>", "</iframe>", "<html>", "<head>", "<noembed>", "</noembed>",
    ]

    @Test func sanitizingTwiceChangesNothing() throws {
        var rng = SeededGenerator(seed: 20_250_206)
        var failures: [String] = []
        for _ in 0..<3_000 {
            let count = Int.random(in: 1...25, using: &rng)
            let input = (0..<count).map { _ in Self.pieces.randomElement(using: &rng) ?? "" }.joined()
            let once = try SafetyFixtures.sanitize(input).html
            let twice = try SafetyFixtures.sanitize(once).html
            if once != twice { failures.append("input: \(input)\n  1: \(once)\n  2: \(twice)") }
            #expect(SafetyFixtures.violations(in: once).isEmpty, "\(input) → \(once)")
        }
        #expect(failures.isEmpty, "\(failures.count) unstable:\n\(failures.prefix(5).joined(separator: "\n"))")
    }
}
