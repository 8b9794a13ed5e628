import Foundation

/// The local blocklist of tracking URLs: matches an image URL against the bundled rules
/// (generated from the open lists, `TrackerRules+Generated.swift`) without any lookup.
public struct TrackerBlocklist: Sendable {
    /// Why a URL was judged a tracker.
    public struct Match: Sendable, Hashable {
        public let company: String
        public let source: TrackerRule.Source
        public let kind: TrackerRule.Kind
        /// Only a whole-host rule matched, for a host that other lists know also serves real
        /// content (they name its tracking paths): the URL is a tracker only if the image is
        /// shaped like a pixel (not declared larger), see `HTMLSanitizer`.
        public let onlyWhenPixelShaped: Bool
        init(_ rule: TrackerRule, onlyWhenPixelShaped: Bool = false) {
            company = rule.company; source = rule.source; kind = rule.kind
            self.onlyWhenPixelShaped = onlyWhenPixelShaped
        }
    }

    private let hosts: [String: TrackerRule]
    /// Whole-host rules demoted to pixel-shape rules (see `Match.onlyWhenPixelShaped`): a
    /// legitimate 600×200 image on mailtrack.io was stripped by one list's host-wide entry
    /// while two others name the host's tracking path.
    private let pixelShapeHosts: [String: TrackerRule]
    private let hostPaths: [String: [(regex: NSRegularExpression, rule: TrackerRule)]]
    private let pathRules: [(regex: NSRegularExpression, rule: TrackerRule)]
    private let anywhereRules: [(regex: NSRegularExpression, rule: TrackerRule)]
    private let pathCombined: NSRegularExpression?
    private let anywhereCombined: NSRegularExpression?
    /// Rules whose regex does not compile in this platform's dialect (reported by the tests).
    public let rejectedRules: [TrackerRule]
    public let ruleCount: Int

    /// The bundled list, compiled once.
    public static let bundled = TrackerBlocklist(rules: bundledRules)

    public init(rules: [TrackerRule]) {
        var hosts: [String: TrackerRule] = [:]
        var hostPaths: [String: [(NSRegularExpression, TrackerRule)]] = [:]
        var pathRules: [(NSRegularExpression, TrackerRule)] = []
        var anywhereRules: [(NSRegularExpression, TrackerRule)] = []
        var rejected: [TrackerRule] = []
        for rule in rules {
            switch rule.kind {
            case .host(let host):
                if hosts[host] == nil { hosts[host] = rule }
            case .hostPath(let host, let pattern):
                if let regex = Self.compile("^(?:" + pattern + ")") {
                    hostPaths[host, default: []].append((regex, rule))
                } else { rejected.append(rule) }
            case .path(let pattern):
                if let regex = Self.compile(pattern) { pathRules.append((regex, rule)) } else { rejected.append(rule) }
            case .anywhere(let pattern):
                if let regex = Self.compile(pattern) { anywhereRules.append((regex, rule)) } else { rejected.append(rule) }
            }
        }
        // A host with path rules serves more than tracking: its whole-host rules only catch pixels.
        var pixelShapeHosts: [String: TrackerRule] = [:]
        for host in hostPaths.keys {
            if let rule = hosts.removeValue(forKey: host) { pixelShapeHosts[host] = rule }
        }
        self.hosts = hosts
        self.pixelShapeHosts = pixelShapeHosts
        self.hostPaths = hostPaths
        self.pathRules = pathRules
        self.anywhereRules = anywhereRules
        self.pathCombined = Self.combine(pathRules.map(\.1))
        self.anywhereCombined = Self.combine(anywhereRules.map(\.1))
        self.rejectedRules = rejected
        self.ruleCount = rules.count
    }

    /// The rule a URL matches, or nil. Only http(s) URLs can be trackers.
    public func match(_ url: String) -> Match? {
        guard let parts = Self.split(url) else { return nil }
        var suffix = Substring(parts.host)
        var pixelShapeRule: TrackerRule?
        while true {
            if let rule = hosts[String(suffix)] { return Match(rule) }
            if pixelShapeRule == nil { pixelShapeRule = pixelShapeHosts[String(suffix)] }
            if let candidates = hostPaths[String(suffix)] {
                for (regex, rule) in candidates where Self.matches(regex, parts.afterHost) {
                    return Match(rule)
                }
            }
            guard let dot = suffix.firstIndex(of: ".") else { break }
            suffix = suffix[suffix.index(after: dot)...]
        }
        if let combined = pathCombined, Self.matches(combined, parts.afterHost) {
            if let hit = pathRules.first(where: { Self.matches($0.regex, parts.afterHost) }) {
                return Match(hit.rule)
            }
        }
        let whole = parts.host + parts.afterHost
        if let combined = anywhereCombined, Self.matches(combined, whole) {
            if let hit = anywhereRules.first(where: { Self.matches($0.regex, whole) }) {
                return Match(hit.rule)
            }
        }
        if let rule = pixelShapeRule { return Match(rule, onlyWhenPixelShaped: true) }
        return nil
    }

    /// Lower-cased host and the rest of the URL after it (port, path, query; no fragment).
    static func split(_ url: String) -> (host: String, afterHost: String)? {
        let lower = url.lowercased()
        let prefix: String
        if lower.hasPrefix("https://") { prefix = "https://" } else if lower.hasPrefix("http://") { prefix = "http://" } else { return nil }
        var rest = url.dropFirst(prefix.count)
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        let hostEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == ":" }) ?? rest.endIndex
        var authority = rest[..<hostEnd]
        // Userinfo (`user@host`) is where look-alike hosts hide: take the part after the last `@`.
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        if let at = rest[..<authorityEnd].lastIndex(of: "@") {
            let afterAt = rest[rest.index(after: at)...]
            let end = afterAt.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == ":" }) ?? afterAt.endIndex
            authority = afterAt[..<end]
            return (String(authority).lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ".")), String(afterAt[end...]))
        }
        return (String(authority).lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ".")), String(rest[hostEnd...]))
    }

    private static func compile(_ pattern: String) -> NSRegularExpression? {
        try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
    }

    private static func combine(_ rules: [TrackerRule]) -> NSRegularExpression? {
        let patterns = rules.compactMap { rule -> String? in
            switch rule.kind {
            case .path(let p), .anywhere(let p): return "(?:" + p + ")"
            default: return nil
            }
        }
        return patterns.isEmpty ? nil : compile(patterns.joined(separator: "|"))
    }

    private static func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}
