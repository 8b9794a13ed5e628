import Foundation
import HearthProcess
import HearthTestSupport
import Testing

/// Drives an in-process web app in headless Chromium (`testenv/browser/webapp_driver.py`, the
/// driver the CLI's browser tests use against `hearth serve`): here the server runs inside the
/// test, so its adapters (DNS server, model catalog) can point at loopback services. Failed
/// steps, console errors, exceptions, CSP violations and accessibility findings become issues.
enum BrowserDriver {
    static var isAvailable: Bool { BrowserHarness.isAvailable }

    /// Runs `steps` with the audit rules of any page (onboarding's bare pages have no navigation).
    @discardableResult
    static func run(_ steps: [[String: Any]], label: String, artifacts: URL, timeout: Int = 90) throws -> (report: WebAppDriver.Report, values: [String: Any]) {
        try WebAppDriver.run(steps, label: label, artifacts: artifacts, timeout: timeout, rules: .anyPage)
    }
}
