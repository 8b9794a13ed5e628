import Foundation
import HearthTestSupport
import Testing
@testable import HearthSafety

/// Real mail: the visible text of each message after sanitising, against the text of the
/// original as Chromium renders it (scripts off, network blocked). Nothing legitimate lost.
@Suite(.corporaPresent, .browserPresent, .timeLimit(.minutes(2)))
struct DifferentialTests {
    static let sampleSize = 300
    static let mailsPerPage = 25

    static func tokens(_ text: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        for token in text.lowercased().split(whereSeparator: { $0.isWhitespace }) {
            let word = token.trimmingCharacters(in: .punctuationCharacters)
            if !word.isEmpty { counts[word, default: 0] += 1 }
        }
        return counts
    }

    @Test func visibleTextSurvivesSanitising() throws {
        let all = SafetyFixtures.spamAssassinHTML
        #expect(all.count > 1_000, "expected ~1,200 HTML mails, found \(all.count)")
        let step = max(1, all.count / Self.sampleSize)
        let sample = Array(stride(from: 0, to: all.count, by: step).map { all[$0] }.prefix(Self.sampleSize))
        let dir = try Corpora.temporaryDirectory("hearth-differential")
        defer { try? FileManager.default.removeItem(at: dir) }
        var pages: [URL] = []
        var trackers = 0
        var trackerMails = 0
        var reasons: [BlockedTracker.Reason: Int] = [:]
        for (n, start) in stride(from: 0, to: sample.count, by: Self.mailsPerPage).enumerated() {
            var body = ""
            for index in start..<min(start + Self.mailsPerPage, sample.count) {
                let mail = sample[index]
                let result = try SafetyFixtures.sanitize(mail.html)
                trackers += result.trackersBlocked
                if result.trackersBlocked > 0 { trackerMails += 1 }
                for t in result.trackers { reasons[t.reason, default: 0] += 1 }
                body += "<iframe name=\"o\(index)\" srcdoc=\"\(HTMLEscaping.attribute(mail.html))\"></iframe>"
                body += "<iframe name=\"s\(index)\" srcdoc=\"\(HTMLEscaping.attribute(result.html))\"></iframe>"
            }
            let page = dir.appendingPathComponent("diff-\(n).html")
            try ("<!DOCTYPE html><html><body>" + body + "</body></html>").write(to: page, atomically: true, encoding: .utf8)
            pages.append(page)
        }
        let report = try BrowserHarness.run(pages: pages, arguments: ["--text", "--scripts-disabled", "--settle-ms", "100"])
        var texts: [String: String] = [:]
        for page in report.pages {
            #expect(page.error == nil, "\(page.file): \(page.error ?? "")")
            texts.merge(page.frameText ?? [:]) { a, _ in a }
        }
        var recalls: [Double] = []
        var worst: [(String, Double)] = []
        for (index, mail) in sample.enumerated() {
            guard let original = texts["o\(index)"], let sanitized = texts["s\(index)"] else { continue }
            let want = Self.tokens(original)
            let total = want.values.reduce(0, +)
            guard total > 0 else { continue }
            let have = Self.tokens(sanitized)
            let kept = want.reduce(0) { $0 + min($1.value, have[$1.key] ?? 0) }
            let recall = Double(kept) / Double(total)
            recalls.append(recall)
            if recall < 0.98 { worst.append((mail.name, recall)) }
        }
        recalls.sort()
        let mean = recalls.reduce(0, +) / Double(max(1, recalls.count))
        let median = recalls.isEmpty ? 0 : recalls[recalls.count / 2]
        let exact = Double(recalls.filter { $0 >= 0.999 }.count) / Double(max(1, recalls.count))
        print(String(format: "differential: %d mails compared of %d sampled, word recall mean %.4f, median %.4f, %.1f%% of mails keep every word; %d trackers blocked in %d mails (%@); %.1f s browser",
                     recalls.count, sample.count, mean, median, exact * 100, trackers, trackerMails,
                     reasons.map { "\($0.key.rawValue) \($0.value)" }.sorted().joined(separator: ", "), report.seconds ?? 0))
        for (name, recall) in worst.sorted(by: { $0.1 < $1.1 }).prefix(8) { print(String(format: "  lowest: %@ %.3f", name, recall)) }
        #expect(recalls.count >= sample.count * 9 / 10, "too few mails compared: \(recalls.count)")
        #expect(mean >= 0.98, "mean word recall \(mean)")
    }

    /// Sanitising its own output changes nothing, on every real HTML mail (property test on
    /// real inputs; the corpus vectors get the same check in `CorpusVectorTests`).
    @Test func sanitizingTwiceChangesNothingOnRealMail() throws {
        let all = SafetyFixtures.spamAssassinHTML
        var unstable: [String] = []
        for mail in stride(from: 0, to: all.count, by: 3).map({ all[$0] }) {
            for policy in [RemoteImagePolicy.block, .allow] {
                let options = SanitizeOptions(remoteImages: policy)
                let once = try SafetyFixtures.sanitize(mail.html, options).html
                let twice = try SafetyFixtures.sanitize(once, options).html
                if once != twice { unstable.append(mail.name) }
            }
        }
        #expect(unstable.isEmpty, "\(unstable.count) unstable: \(unstable.prefix(10))")
    }
}
