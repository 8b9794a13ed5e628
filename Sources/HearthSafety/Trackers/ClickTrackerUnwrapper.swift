import Foundation

/// Replaces a click-tracking redirect link by the destination it carries, when the destination
/// is recoverable (a query parameter holding an absolute http(s) URL). A link whose target is
/// encoded or stored on the tracker's server is left as it is: there is nothing to recover.
public struct ClickTrackerUnwrapper: Sendable {
    struct CompiledRule: @unchecked Sendable {
        let name: String
        let regex: NSRegularExpression
        let parameter: String
    }

    private let rules: [CompiledRule]

    /// Redirectors every mail client meets, beyond the bundled list: (host suffix, path prefix,
    /// parameter). Our own list; the bundled one comes from Trocker.
    static let wellKnown: [(host: String, path: String, parameter: String, name: String)] = [
        ("google.com", "/url", "q", "Google redirect"),
        ("safelinks.protection.outlook.com", "/", "url", "Microsoft Safe Links"),
        ("l.facebook.com", "/l.php", "u", "Facebook link shim"),
        ("lm.facebook.com", "/l.php", "u", "Facebook link shim"),
        ("l.instagram.com", "/", "u", "Instagram link shim"),
        ("youtube.com", "/redirect", "q", "YouTube redirect"),
        ("linkedin.com", "/redir/redirect", "url", "LinkedIn redirect"),
        ("slack-redir.net", "/link", "url", "Slack redirect"),
    ]

    public static let bundled = ClickTrackerUnwrapper(rules: TrackerBlocklist.bundledClickRules)

    public init(rules: [ClickTrackerRule]) {
        self.rules = rules.compactMap { rule in
            (try? NSRegularExpression(pattern: "^(?:" + rule.pattern + ")$", options: [.caseInsensitive]))
                .map { CompiledRule(name: rule.name, regex: $0, parameter: rule.parameter) }
        }
    }

    /// The destination behind a tracking link, or nil when the link is not one we can unwrap.
    public func destination(of link: URL) -> URL? {
        var current = link
        var unwrapped = false
        // Redirectors are sometimes chained (Safe Links around a Mailchimp link): peel a few.
        for _ in 0..<3 {
            guard let next = unwrapOnce(current) else { break }
            current = next
            unwrapped = true
        }
        return unwrapped ? current : nil
    }

    private func unwrapOnce(_ link: URL) -> URL? {
        guard let components = URLComponents(url: link, resolvingAgainstBaseURL: false),
              let host = components.host?.lowercased() else { return nil }
        let text = link.absoluteString
        for known in Self.wellKnown where host == known.host || host.hasSuffix("." + known.host) {
            if components.path.hasPrefix(known.path), let target = parameter(known.parameter, in: components) {
                return target
            }
        }
        for rule in rules where rule.regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil {
            if let target = parameter(rule.parameter, in: components) { return target }
        }
        return nil
    }

    private func parameter(_ name: String, in components: URLComponents) -> URL? {
        guard let value = components.queryItems?.first(where: { $0.name == name })?.value else { return nil }
        let cleaned = URLPolicy.clean(value)
        guard case .remote(let url) = URLPolicy.evaluate(cleaned, context: .link) else { return nil }
        return url
    }
}
