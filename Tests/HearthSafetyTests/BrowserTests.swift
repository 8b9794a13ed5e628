import Foundation
import HearthCore
import HearthTestSupport
import Testing
@testable import HearthSafety

/// The proof in a real browser: every hostile vector — our own built-in set everywhere, plus every
/// corpus vector when `../shared/corpora` is present — sanitised, loaded in headless Chromium
/// (a) inside the rendering contract and (b) with no contract at all, scripts on and no CSP
/// (the sanitizer alone must be safe). Nothing may run and no request may leave the page.
@Suite(.browserPresent, .timeLimit(.minutes(2)), .serialized)
struct BrowserTests {
    static let batch = 150

    /// Distinct non-empty outputs of every vector (many vectors collapse to the same output).
    static func sanitizedVectors(_ options: SanitizeOptions) throws -> [String] {
        var seen = Set<String>()
        var out: [String] = []
        for vector in SafetyFixtures.builtInVectors + SafetyFixtures.vectors {
            let html = try SafetyFixtures.sanitize(vector.payload, options).html
            if !html.isEmpty, seen.insert(html).inserted { out.append(html) }
        }
        return out
    }

    static func writePages(_ bodies: [String], in dir: URL, prefix: String) throws -> [URL] {
        var pages: [URL] = []
        for (n, start) in stride(from: 0, to: bodies.count, by: batch).enumerated() {
            let page = dir.appendingPathComponent("\(prefix)-\(n).html")
            try ("<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body>"
                + bodies[start..<min(start + batch, bodies.count)].joined() + "</body></html>")
                .write(to: page, atomically: true, encoding: .utf8)
            pages.append(page)
        }
        return pages
    }

    /// The harness must see what it claims to watch for, or its silence proves nothing.
    @Test func harnessDetectsScriptsDialogsMutationsAndRequests() throws {
        let dir = try Corpora.temporaryDirectory("hearth-browser-control")
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("control.html")
        try "<body><p>x</p><img src=x onerror=alert(1)><script>console.log('marker');document.body.append('m')</script><img src='http://tracker.example/p.gif'></body>"
            .write(to: page, atomically: true, encoding: .utf8)
        let report = try BrowserHarness.run(pages: [page])
        let result = try #require(report.pages.first)
        #expect(result.dialogs?.count == 1)
        #expect(result.console?.first?.text == "marker")
        #expect((result.scripts ?? []).count >= 2)
        #expect(result.mutatedFrames?.count == 1)
        #expect(result.outgoingRequests.contains { $0.url == "http://tracker.example/p.gif" })
    }

    @Test func vectorsInsideTheRenderingContract() throws {
        let dir = try Corpora.temporaryDirectory("hearth-browser-contract")
        defer { try? FileManager.default.removeItem(at: dir) }
        let bodies = try Self.sanitizedVectors(SanitizeOptions(remoteImages: .block, inlineImages: InlineImageRoute(emailID: EmailID(7))))
        let contract = RenderingContract(appOrigin: "http://hearth.test", remoteImages: .block)
        let frames = bodies.enumerated().map { contract.iframe(body: $0.element, name: "v\($0.offset)") }
        let pages = try Self.writePages(frames, in: dir, prefix: "contract")
        let report = try BrowserHarness.run(pages: pages, arguments: ["--settle-ms", "200"])
        var ran: [String] = []
        var leaked: [String] = []
        var frameCount = 0
        for page in report.pages {
            #expect(page.error == nil, "\(page.file): \(page.error ?? "")")
            if page.somethingRan { ran.append("\(page.file): \(page.dialogs ?? []) \(page.scripts ?? []) \(page.mutatedFrames ?? [])") }
            leaked += page.outgoingRequests.map { "\(page.file): \($0.url)" }
            frameCount += page.scriptlessFrames ?? 0
        }
        print("browser/contract: \(bodies.count) distinct sanitised vectors in \(pages.count) pages, \(frameCount) script-less frames, \(report.seconds ?? 0) s (\(report.chromium ?? "?"))")
        #expect(ran.isEmpty, "script ran:\n\(ran.prefix(5).joined(separator: "\n"))")
        #expect(leaked.isEmpty, "requests left the page:\n\(leaked.prefix(10).joined(separator: "\n"))")
        #expect(frameCount == bodies.count, "every message frame must refuse scripts (sandbox applied)")
    }

    @Test(arguments: [RemoteImagePolicy.block, .allow])
    func sanitizerAloneWithScriptsOnAndNoCSP(_ policy: RemoteImagePolicy) throws {
        let dir = try Corpora.temporaryDirectory("hearth-browser-bare")
        defer { try? FileManager.default.removeItem(at: dir) }
        let bodies = try Self.sanitizedVectors(SanitizeOptions(remoteImages: policy))
        let pages = try Self.writePages(bodies.map { "<hr>" + $0 }, in: dir, prefix: "bare")
        let report = try BrowserHarness.run(pages: pages, arguments: ["--settle-ms", "200"])
        var ran: [String] = []
        var requests: [BrowserHarness.Request] = []
        for page in report.pages {
            #expect(page.error == nil, "\(page.file): \(page.error ?? "")")
            if page.somethingRan { ran.append("\(page.file): \(page.dialogs ?? []) \(page.console ?? []) \(page.scripts ?? []) \(page.mutatedFrames ?? [])") }
            requests += page.outgoingRequests
        }
        print("browser/bare (\(policy)): \(bodies.count) distinct outputs, \(requests.count) outgoing requests, \(report.seconds ?? 0) s")
        #expect(ran.isEmpty, "script ran:\n\(ran.prefix(5).joined(separator: "\n"))")
        switch policy {
        case .block:
            #expect(requests.isEmpty, "requests with remote content blocked:\n\(requests.prefix(10).map(\.url).joined(separator: "\n"))")
        case .allow:
            let notImages = requests.filter { $0.resourceType != "Image" }
            #expect(notImages.isEmpty, "non-image requests:\n\(notImages.prefix(10).map { "\($0.resourceType ?? "?") \($0.url)" }.joined(separator: "\n"))")
        }
    }
}
