import Foundation

/// A request as the web app's handlers see it: already read in full, headers lower-cased,
/// query and form decoded. Independent of Hummingbird, so the routing and security rules are
/// tested without a socket.
public struct WebRequest: Sendable {
    public var method: String
    /// The path without the query, percent-encoded as received.
    public var path: String
    public var query: [String: [String]]
    /// Header names lower-cased; `host` holds the Host header (HTTP/1.1 authority).
    public var headers: [String: String]
    public var body: Data

    public init(method: String, path: String, query: [String: [String]] = [:], headers: [String: String] = [:], body: Data = Data()) {
        self.method = method.uppercased(); self.path = path; self.query = query
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
        self.body = body
    }

    /// Builds a request from a target such as `/mail?box=inbox&t=3`.
    public init(method: String, target: String, headers: [String: String] = [:], body: Data = Data()) {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        self.init(method: method, path: String(parts.first ?? "/"),
                  query: parts.count > 1 ? FormDecoding.decode(String(parts[1])) : [:], headers: headers, body: body)
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The first value of a query parameter.
    public func query(_ name: String) -> String? { query[name]?.first }

    /// Cookies of the `Cookie` header.
    public var cookies: [String: String] {
        guard let raw = header("cookie") else { return [:] }
        var out: [String: String] = [:]
        for pair in raw.split(separator: ";") {
            let kv = pair.split(separator: "=", maxSplits: 1)
            guard kv.count == 2 else { continue }
            let name = kv[0].trimmingCharacters(in: .whitespaces)
            if out[name] == nil { out[name] = kv[1].trimmingCharacters(in: .whitespaces) }
        }
        return out
    }

    /// The body as an `application/x-www-form-urlencoded` form (empty for other types).
    public var form: [String: [String]] {
        let type = header("content-type")?.lowercased() ?? ""
        guard type.hasPrefix("application/x-www-form-urlencoded") else { return [:] }
        return FormDecoding.decode(String(decoding: body, as: UTF8.self))
    }

    /// The first value of a form field, else of the query parameter of that name.
    public func field(_ name: String) -> String? { formFields[name]?.first ?? query(name) }

    /// Path segments after the leading slash, percent-decoded.
    public var segments: [String] {
        path.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
    }

    /// True when the client asked for JSON (the page's script) rather than a page.
    public var wantsJSON: Bool { header("accept")?.contains("application/json") ?? false }
    /// True when the page's script asks for a fragment to swap into the page.
    public var wantsFragment: Bool { query("partial") != nil || header("x-hearth-fragment") != nil }
}

/// `application/x-www-form-urlencoded` decoding (also used for query strings).
public enum FormDecoding {
    public static func decode(_ text: String) -> [String: [String]] {
        var out: [String: [String]] = [:]
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = component(kv[0])
            let value = kv.count > 1 ? component(kv[1]) : ""
            out[name, default: []].append(value)
        }
        return out
    }

    static func component(_ raw: Substring) -> String {
        let spaced = raw.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    /// Encodes a query component (everything but unreserved characters).
    public static func encode(_ value: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
