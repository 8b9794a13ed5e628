import Foundation
import HearthTestSupport
import Testing
@testable import HearthSafety

@Suite struct TrackerTests {
    let list = TrackerBlocklist.bundled

    @Test func everyBundledRuleCompiles() {
        #expect(list.ruleCount > 600)
        #expect(list.rejectedRules.isEmpty, "rules ICU cannot compile: \(list.rejectedRules.prefix(5))")
    }

    @Test(arguments: [
        "https://u123.ct.sendgrid.net/wf/open?upn=abc",
        "https://example.us1.list-manage.com/track/open.php?u=1&id=2",
        "https://mandrillapp.com/track/open.php?u=1",
        "https://t.yesware.com/t/abc/def.png",
        "https://mailtrack.io/trace/mail/abc.png",
        "https://r20.rs6.net/on.jsp?a=1",
        "https://track.getsidekick.com/e1t/o/abc",
        "https://email.airbnb.com/wf/open?upn=x",
        "https://www.example.com/lt.php?x=1&l=open",
    ])
    func knownTrackerURLsMatch(_ url: String) {
        #expect(list.match(url) != nil, "\(url) not blocked")
    }

    /// Same shapes on other hosts: host rules are anchored at a label boundary, so a host that
    /// merely contains a tracker's name, or a URL that mentions it in its path or query, passes.
    @Test(arguments: [
        "https://notmailtrack.io/trace/mail/abc.png",
        "https://mailtrack.io.example.org/trace/x.png",
        "https://images.example.org/mailtrack.io/trace/x.png",
        "https://cdn.example.org/img.png?ref=t.yesware.com/t/abc",
        "https://t.yesware.com@cdn.example.org/t/abc.png",
        "https://example.org/sendgrid.net/logo.png",
        "https://notmandrillapp.com/track/logo.png",
        "https://www.example.org/images/newsletter/header.png",
    ])
    func lookAlikeURLsDoNotMatch(_ url: String) {
        #expect(list.match(url) == nil, "\(url) wrongly blocked by \(String(describing: list.match(url)))")
    }

    /// Real tracker URLs from the corpus's HTML mail, and a look-alike for each host-anchored hit.
    @Test(.corporaPresent) func rulesOnRealMail() throws {
        let mails = SafetyFixtures.spamAssassinHTML
        var urls: [String] = []
        let pattern = try NSRegularExpression(pattern: #"<img[^>]+src\s*=\s*["']?(https?://[^"'\s>]+)"#, options: [.caseInsensitive])
        for mail in mails {
            for m in pattern.matches(in: mail.html, range: NSRange(mail.html.startIndex..., in: mail.html)) {
                if let r = Range(m.range(at: 1), in: mail.html) { urls.append(String(mail.html[r])) }
            }
        }
        let hits = urls.compactMap { url in list.match(url).map { (url, $0) } }
        var companies: [String: Int] = [:]
        for (_, match) in hits { companies[match.company, default: 0] += 1 }
        print("trackers/real mail: \(urls.count) remote image URLs in \(mails.count) HTML mails, \(hits.count) match the blocklist: \(companies.sorted { $0.value > $1.value }.prefix(10).map { "\($0.key) \($0.value)" })")
        #expect(!hits.isEmpty, "no tracker URL found in the corpus mail")
        var wrongLookAlikes: [String] = []
        for (url, match) in hits {
            guard case .hostPath(let host, _) = match.kind, let range = url.range(of: host, options: .caseInsensitive) else { continue }
            for lookAlike in [url.replacingCharacters(in: range, with: "x" + host), url.replacingCharacters(in: range, with: host + ".example.org")] {
                if let wrong = list.match(lookAlike), wrong.kind == match.kind { wrongLookAlikes.append(lookAlike) }
            }
        }
        #expect(wrongLookAlikes.isEmpty, "\(wrongLookAlikes.prefix(5))")
    }

    @Test func clickTrackerUnwrapping() throws {
        let unwrapper = ClickTrackerUnwrapper.bundled
        let yesware = try #require(URL(string: "https://t.yesware.com/tl/abc?ytl=https%3A%2F%2Fexample.org%2Fdoc&x=1"))
        #expect(unwrapper.destination(of: yesware)?.absoluteString == "https://example.org/doc")
        let chained = try #require(URL(string: "https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fwww.google.com%2Furl%3Fq%3Dhttps%253A%252F%252Fexample.org%252Fz&data=1"))
        #expect(unwrapper.destination(of: chained)?.absoluteString == "https://example.org/z")
        let encoded = try #require(URL(string: "https://click.pstmrk.it/3s/example.org%2F/abcd"))
        #expect(unwrapper.destination(of: encoded) == nil, "an opaque redirect has no recoverable target")
        let lookAlike = try #require(URL(string: "https://www.google.com.example.org/url?q=https%3A%2F%2Fexample.org"))
        #expect(unwrapper.destination(of: lookAlike) == nil)
    }
}
