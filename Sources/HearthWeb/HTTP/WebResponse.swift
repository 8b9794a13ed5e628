import Foundation

/// What a handler answers. `stream` bodies are for server-sent events: the closure writes
/// chunks until the client goes away (the write closure throws) or the app stops. `file`
/// bodies are sent from disk in chunks (an export's ZIP), never held in memory whole.
public struct WebResponse: Sendable {
    public typealias ChunkWriter = @Sendable (String) async throws -> Void

    public enum Body: Sendable {
        case bytes(Data)
        case stream(@Sendable (_ write: ChunkWriter) async -> Void)
        /// The file at `path`, `size` bytes (the Content-Length).
        case file(String, size: Int)
    }

    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Body

    public init(status: Int = 200, headers: [(name: String, value: String)] = [], body: Body = .bytes(Data())) {
        self.status = status; self.headers = headers; self.body = body
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    public var bodyText: String {
        if case .bytes(let data) = body { return String(decoding: data, as: UTF8.self) }
        return ""
    }

    public static func html(_ html: String, status: Int = 200) -> WebResponse {
        WebResponse(status: status, headers: [("Content-Type", "text/html; charset=utf-8")], body: .bytes(Data(html.utf8)))
    }

    public static func text(_ text: String, status: Int) -> WebResponse {
        WebResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: .bytes(Data(text.utf8)))
    }

    public static func json(_ value: some Encodable, status: Int = 200) -> WebResponse {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return WebResponse(status: status, headers: [("Content-Type", "application/json")], body: .bytes(data))
    }

    /// 303 See Other: after a form POST, the browser GETs the target (no re-submission on reload).
    public static func redirect(_ location: String) -> WebResponse {
        WebResponse(status: 303, headers: [("Location", location)])
    }

    public static func data(_ data: Data, headers: [(name: String, value: String)]) -> WebResponse {
        WebResponse(status: 200, headers: headers, body: .bytes(data))
    }
}
