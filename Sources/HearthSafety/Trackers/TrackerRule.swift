/// One entry of the tracker blocklist. See `scripts/build-tracker-rules.py` for how upstream
/// entries are classified into these kinds.
public struct TrackerRule: Sendable, Hashable {
    public enum Source: String, Sendable, Hashable, Codable {
        case mailtrackerblocker, simplify, trocker, jannikarndt
    }

    public enum Kind: Sendable, Hashable {
        /// The whole host or any subdomain of it.
        case host(String)
        /// A host (or a subdomain of it) followed by a path matching the regex at its start.
        case hostPath(host: String, pathPattern: String)
        /// A regex searched in the path and query only.
        case path(String)
        /// A regex searched in host, path and query (upstream's own semantics).
        case anywhere(String)
    }

    public let source: Source
    /// The company or service the upstream list names.
    public let company: String
    public let kind: Kind
}

/// A click-tracking redirector whose real destination is a query parameter.
public struct ClickTrackerRule: Sendable, Hashable {
    public let name: String
    /// A regex the whole link must match (Trocker's dialect, case-insensitive).
    public let pattern: String
    public let parameter: String
}
