import Foundation

/// The rules that make a web app on 127.0.0.1 safe against the other pages a browser has open.
///
/// A local server is reachable by every web page the user visits (through the browser), so:
/// - **DNS rebinding**: a hostile domain can resolve to 127.0.0.1; its requests then carry its
///   own name in `Host`. Only `127.0.0.1:PORT` and `localhost:PORT` are accepted.
/// - **Cross-site requests**: an `Origin` other than ours is refused on every request, and
///   every state change needs the CSRF token (which a foreign page cannot read).
/// - **Other local users and programs**: nothing is served without the session cookie, which a
///   browser gets only by opening the URL `hearth serve` printed (it carries a per-launch
///   secret). The cookie is `HttpOnly` (no script reads it) and `SameSite=Strict` (never sent
///   on a request another site starts).
/// Secrets are 256 random bits from the system generator, new at every launch.
public final class LocalAccessPolicy: Sendable {
    public static let sessionCookie = "hearth_session"
    public static let csrfField = "_csrf"
    public static let csrfHeader = "x-csrf-token"

    /// The secret in the URL printed at launch; exchanged for the session cookie.
    public let loginSecret: String
    /// The cookie's value.
    public let sessionToken: String
    /// Proves a state change comes from one of our pages.
    public let csrfToken: String
    /// A capability in the paths of message frames and their inline images. Sandboxed message
    /// frames have an opaque origin, so the browser sends them no SameSite=Strict cookie; the
    /// token (known only to our pages) authorises exactly these read-only routes instead.
    public let frameToken: String
    private let boundPort: Locked<Int>

    public init(port: Int = 0) {
        loginSecret = Self.randomToken()
        sessionToken = Self.randomToken()
        csrfToken = Self.randomToken()
        frameToken = Self.randomToken()
        boundPort = Locked(port)
    }

    /// Set once the listener is bound (port 0 picks a free port).
    public var port: Int {
        get { boundPort.value }
        set { boundPort.value = newValue }
    }

    public var origin: String { "http://127.0.0.1:\(port)" }
    public var loginURL: String { "\(origin)/login?s=\(loginSecret)" }

    /// The names this server answers to. Anything else is a rebinding attempt or a mistake.
    public func isAllowedHost(_ host: String?) -> Bool {
        guard let host = host?.lowercased() else { return false }
        let port = self.port
        return port > 0 && (host == "127.0.0.1:\(port)" || host == "localhost:\(port)")
    }

    /// An `Origin` header, when present, must be ours ("null", sent by sandboxed and
    /// privacy-sensitive contexts, is refused too).
    public func isAllowedOrigin(_ origin: String?) -> Bool {
        guard let origin = origin?.lowercased() else { return true }
        let port = self.port
        return origin == "http://127.0.0.1:\(port)" || origin == "http://localhost:\(port)"
    }

    /// Fetch metadata, when the browser sends it: a request another site started is refused.
    public func isAllowedFetchSite(_ site: String?) -> Bool {
        guard let site = site?.lowercased() else { return true }
        return site == "same-origin" || site == "none"
    }

    public func hasSession(_ cookies: [String: String]) -> Bool {
        guard let value = cookies[Self.sessionCookie] else { return false }
        return Self.constantTimeEquals(value, sessionToken)
    }

    public func isValidCSRF(_ token: String?) -> Bool {
        guard let token else { return false }
        return Self.constantTimeEquals(token, csrfToken)
    }

    public func isValidLoginSecret(_ secret: String?) -> Bool {
        guard let secret else { return false }
        return Self.constantTimeEquals(secret, loginSecret)
    }

    public func isValidFrameToken(_ token: String) -> Bool { Self.constantTimeEquals(token, frameToken) }

    /// `Set-Cookie` for the session: not readable by scripts, never sent cross-site, the whole
    /// app, gone when the browser closes (the secret dies with the server anyway).
    public var sessionCookieHeader: String {
        "\(Self.sessionCookie)=\(sessionToken); Path=/; HttpOnly; SameSite=Strict"
    }

    /// The Content-Security-Policy of every app page: scripts and styles only from our own
    /// files (no inline code at all), no plug-ins, no framing of the app, forms and fetches only
    /// to us, frames only from us (the sandboxed message documents).
    public static let pagePolicy = [
        "default-src 'none'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:",
        "connect-src 'self'", "form-action 'self'", "frame-src 'self'", "frame-ancestors 'none'",
        "base-uri 'none'", "object-src 'none'", "manifest-src 'none'", "font-src 'none'", "media-src 'none'",
        "worker-src 'none'",
    ].joined(separator: "; ")

    /// Headers on every response of the app (message frames get the rendering contract's own).
    public static let pageHeaders: [(name: String, value: String)] = [
        ("Content-Security-Policy", pagePolicy),
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
        // `same-origin`, not `no-referrer`: with `no-referrer` Chromium sends `Origin: null` on a
        // plain form POST, which the Origin check must refuse, so forms without script broke.
        // Cross-origin requests still carry no referrer.
        ("Referrer-Policy", "same-origin"),
        ("Cache-Control", "no-store"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
        ("Cross-Origin-Resource-Policy", "same-origin"),
        ("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()"),
    ]

    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return bytes.map { String(format: "%02x", $0) }.joined()
    }

    static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for i in x.indices { difference |= x[i] ^ y[i] }
        return difference == 0
    }
}
