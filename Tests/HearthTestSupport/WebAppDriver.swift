import Foundation
import HearthProcess
import Testing

/// Runs a scenario of the web app in headless Chromium (`testenv/browser/webapp_driver.py`),
/// for the web tests (an in-process server) and the CLI's browser tests (`hearth serve`) alike,
/// and records every failed step, console error, script exception, CSP violation and
/// accessibility finding as a test issue.
public enum WebAppDriver {
    public static let script = Corpora.repositoryRoot.appendingPathComponent("testenv/browser/webapp_driver.py")

    /// What the driver writes: one entry per step, what the page logged, and the audits.
    public struct Report: Decodable, Sendable {
        public struct Step: Decodable, Sendable {
            public let index: Int; public let op: String; public let label: String?
            public let ok: Bool; public let error: String?; public let url: String?
        }
        /// The DOM audit of an `audit` step (names, labels, contrast, focus, landmarks).
        public struct Audit: Decodable, Sendable {
            public struct Landmarks: Decodable, Sendable { public let main: Int; public let nav: Int?; public let banner: Int? }
            public struct Contrast: Decodable, Sendable { public let text: String; public let ratio: Double }
            public let landmarks: Landmarks
            public let unnamed: [String]
            public let contrast: [Contrast]
            public let checkedText: Int
            public let duplicateIds: [String]
            public let focusOutline: Bool?
            public let reducedMotionRule: Bool?
            public let lang: String
        }
        /// Chromium's accessibility tree of an `axaudit` step.
        public struct AXAudit: Decodable, Sendable {
            public let nodes: Int
            public let unnamed: [String]
            public let imagesWithoutText: [String]
            public let h1: Int
            public let landmarks: [String: Int]
        }
        public let steps: [Step]
        public let console: [String]
        public let exceptions: [String]
        public let csp: [String]
        public let audits: [String: Audit]
        public let axAudits: [String: AXAudit]?
        public let screenshots: [String]
        public let seconds: Double?
    }

    /// What each page's audit must show beyond names, contrast, ids and `lang`: the mail screens
    /// carry navigation, a banner and the reduced-motion rule; a bare page (onboarding) need
    /// only have its `main`.
    public struct AuditRules: Sendable {
        public var navigationAndBanner: Bool
        public var reducedMotion: Bool
        public var minimumText: Int
        public static let mailScreens = AuditRules(navigationAndBanner: true, reducedMotion: true, minimumText: 20)
        public static let anyPage = AuditRules(navigationAndBanner: false, reducedMotion: false, minimumText: 10)
    }

    public struct Failure: Error, CustomStringConvertible { public let description: String }

    /// Runs `steps`; screenshots go to `artifacts`. Returns the report and the `eval` values.
    @discardableResult
    public static func run(_ steps: [[String: Any]], label: String, artifacts: URL, timeout: Int = 100,
                           rules: AuditRules = .mailScreens) throws -> (report: Report, values: [String: Any]) {
        let dir = try Corpora.temporaryDirectory("hearth-webapp-driver")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let scenario = dir.appendingPathComponent("scenario.json")
        try JSONSerialization.data(withJSONObject: ["steps": steps]).write(to: scenario)
        let out = dir.appendingPathComponent("report.json")
        let outcome = try Subprocess.run("/usr/bin/python3", [script.path, scenario.path, "--out", out.path,
                                                              "--artifacts", artifacts.path, "--timeout", String(timeout)],
                                         timeout: Double(timeout + 10))
        guard outcome.status == 0 else {
            throw Failure(description: "driver (\(label)) exited \(outcome.status): \(outcome.stderr.suffix(1000))")
        }
        let data = try Data(contentsOf: out)
        let report = try JSONDecoder().decode(Report.self, from: data)
        let values = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["values"] as? [String: Any] ?? [:]
        for step in report.steps where !step.ok {
            Issue.record("\(label) step \(step.index) \(step.op) \(step.label ?? ""): \(step.error ?? "") at \(step.url ?? "")")
        }
        #expect(report.steps.count == steps.count, "\(label): the scenario ran to its end")
        #expect(report.console.isEmpty, "\(label) console errors: \(report.console)")
        #expect(report.exceptions.isEmpty, "\(label) script exceptions: \(report.exceptions)")
        #expect(report.csp.isEmpty, "\(label) CSP violations: \(report.csp)")
        for (page, audit) in report.audits {
            #expect(audit.landmarks.main == 1, "\(label)/\(page): one main landmark")
            if rules.navigationAndBanner {
                #expect((audit.landmarks.nav ?? 0) >= 1 && audit.landmarks.banner == 1, "\(label)/\(page) navigation and banner")
            }
            #expect(audit.unnamed.isEmpty, "\(label)/\(page) controls without a name: \(audit.unnamed)")
            #expect(audit.contrast.isEmpty, "\(label)/\(page) contrast below AA: \(audit.contrast)")
            #expect(audit.duplicateIds.isEmpty, "\(label)/\(page) duplicate ids: \(audit.duplicateIds)")
            #expect(audit.focusOutline == true && audit.lang == "en", "\(label)/\(page) focus outline, lang")
            if rules.reducedMotion { #expect(audit.reducedMotionRule == true, "\(label)/\(page) reduced-motion rule") }
            #expect(audit.checkedText > rules.minimumText, "\(label)/\(page) audit saw the page")
        }
        return (report, values)
    }
}
