import Foundation

/// A one-line progress bar on stderr, drawn only when stderr is a terminal, redrawn at most
/// ten times a second so it never costs measurable time.
final class ProgressBar {
    private let enabled: Bool
    private let label: String
    private var lastDraw = Date.distantPast
    private var drewSomething = false

    init(label: String, enabled: Bool) {
        self.label = label
        self.enabled = enabled && StandardStreams.stderrIsTerminal
    }

    /// `fraction` in 0...1 when the total is known; `detail` is shown after the bar.
    func update(fraction: Double?, detail: String, force: Bool = false) {
        guard enabled else { return }
        let now = Date()
        guard force || now.timeIntervalSince(lastDraw) >= 0.1 else { return }
        lastDraw = now
        drewSomething = true
        let width = 30
        var bar = ""
        if let fraction {
            let clamped = min(max(fraction, 0), 1)
            let filled = Int(clamped * Double(width))
            bar = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] "
                + String(format: "%3d%% ", Int(clamped * 100))
        }
        StandardStreams.errRaw("\r\u{1B}[2K\(label) \(bar)\(detail)")
    }

    func finish() {
        guard enabled, drewSomething else { return }
        StandardStreams.errRaw("\n")
    }
}
