import Foundation
import HearthProcess
import HearthTestSupport
import Testing

/// Drives an in-process web app in headless Chromium (`testenv/browser/webapp_driver.py`, the
/// driver the CLI's browser tests use against `hearth serve`): here the server runs inside the
/// test, so its adapters (DNS server, model catalog) can point at loopback services. Failed
/// steps, console errors, exceptions, CSP violations and accessibility findings become issues.
enum BrowserDriver {
    static let script = Corpora.repositoryRoot.appendingPathComponent("testenv/browser/webapp_driver.py")
    static var isAvailable: Bool { BrowserHarness.isAvailable }

    struct Report: Decodable {
        struct Step: Decodable { let index: Int; let op: String; let ok: Bool; let error: String?; let url: String? }
        struct Audit: Decodable {
            struct Landmarks: Decodable { let main: Int }
            struct Contrast: Decodable { let text: String; let ratio: Double }
            let landmarks: Landmarks
            let unnamed: [String]
            let contrast: [Contrast]
            let checkedText: Int
            let duplicateIds: [String]
            let focusOutline: Bool?
            let lang: String
        }
        let steps: [Step]
        let console: [String]
        let exceptions: [String]
        let csp: [String]
        let audits: [String: Audit]
        let screenshots: [String]
    }

    /// Runs `steps`; screenshots go to `artifacts`. Returns the report and the `eval` values.
    @discardableResult
    static func run(_ steps: [[String: Any]], label: String, artifacts: URL, timeout: Int = 90) throws -> (report: Report, values: [String: Any]) {
        let dir = try Corpora.temporaryDirectory("hearth-web-driver")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let scenario = dir.appendingPathComponent("scenario.json")
        try JSONSerialization.data(withJSONObject: ["steps": steps]).write(to: scenario)
        let out = dir.appendingPathComponent("report.json")
        let outcome = try Subprocess.run("/usr/bin/python3", [script.path, scenario.path, "--out", out.path, "--artifacts", artifacts.path,
                                                              "--timeout", String(timeout)], timeout: Double(timeout + 10))
        #expect(outcome.status == 0, "driver (\(label)): \(outcome.stderr.suffix(800))")
        let data = try Data(contentsOf: out)
        let report = try JSONDecoder().decode(Report.self, from: data)
        let values = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["values"] as? [String: Any] ?? [:]
        for step in report.steps where !step.ok {
            Issue.record("\(label) step \(step.index) \(step.op): \(step.error ?? "") at \(step.url ?? "") — values: \(values)")
        }
        #expect(report.steps.count == steps.count, "\(label): the scenario ran to its end")
        #expect(report.console.isEmpty, "\(label) console errors: \(report.console)")
        #expect(report.exceptions.isEmpty, "\(label) script exceptions: \(report.exceptions)")
        #expect(report.csp.isEmpty, "\(label) CSP violations: \(report.csp)")
        for (page, audit) in report.audits {
            #expect(audit.landmarks.main == 1, "\(label)/\(page): one main landmark")
            #expect(audit.unnamed.isEmpty, "\(label)/\(page) controls without a name: \(audit.unnamed)")
            #expect(audit.contrast.isEmpty, "\(label)/\(page) contrast below AA: \(audit.contrast)")
            #expect(audit.duplicateIds.isEmpty, "\(label)/\(page) duplicate ids: \(audit.duplicateIds)")
            #expect(audit.focusOutline == true && audit.lang == "en", "\(label)/\(page) focus outline, lang")
            #expect(audit.checkedText > 10, "\(label)/\(page) audit saw the page")
        }
        return (report, values)
    }
}
