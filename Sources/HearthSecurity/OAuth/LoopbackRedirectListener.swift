import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The redirect target of a native-app sign-in (RFC 8252 §7.3): a one-shot HTTP listener on
/// 127.0.0.1 at a port the system picks, so no fixed port can be squatted and nothing listens on
/// other interfaces. It answers the browser with a short page, hands back the authorization code
/// only when `state` matches, and ignores everything else (favicon requests, forged callbacks).
public final class LoopbackRedirectListener: Sendable {
    public static let callbackPath = "/oauth2callback"

    public let port: UInt16
    private let socket: Int32
    private let closed = Mutex(false)

    /// The exact `redirect_uri` to send (and to repeat at the token endpoint).
    public var redirectURI: String { "http://127.0.0.1:\(port)\(Self.callbackPath)" }

    public init() throws(OAuthError) {
        #if canImport(Glibc)
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let fd = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw .listener(String(cString: strerror(errno))) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 8) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .listener(reason)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else {
            close(fd)
            throw .listener("cannot read the chosen port")
        }
        socket = fd
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { shutdownSocket() }

    /// Stops listening (idempotent).
    public func shutdownSocket() {
        closed.withLock { isClosed in
            guard !isClosed else { return }
            isClosed = true
            close(socket)
        }
    }

    /// Waits for the browser's redirect carrying `expectedState`; returns the authorization code.
    /// Requests with another state are answered 400 and ignored; if the time runs out after such a
    /// request, the failure is `.stateMismatch` rather than `.timedOut`.
    public func waitForCode(expectedState: String, timeout: Duration) async throws(OAuthError) -> String {
        let cancelled = CancellationFlag()
        let deadline = ContinuousClock.now + timeout
        let result: Result<String, OAuthError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let thread = Thread { [self] in
                    continuation.resume(returning: self.acceptLoop(expectedState: expectedState, deadline: deadline,
                                                                   timeout: timeout, cancelled: cancelled))
                }
                thread.name = "hearth.oauth.loopback"
                thread.start()
            }
        } onCancel: {
            cancelled.cancel()
        }
        shutdownSocket()
        return try result.get()
    }

    private func acceptLoop(expectedState: String, deadline: ContinuousClock.Instant, timeout: Duration,
                            cancelled: CancellationFlag) -> Result<String, OAuthError> {
        var sawMismatch = false
        while ContinuousClock.now < deadline {
            if cancelled.isCancelled { return .failure(.authorizationDenied("sign-in cancelled")) }
            var pollfd = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pollfd, 1, 200)
            if ready < 0 && errno != EINTR { return .failure(.listener(String(cString: strerror(errno)))) }
            guard ready > 0 else { continue }
            let client = accept(socket, nil, nil)
            guard client >= 0 else { continue }
            defer { close(client) }
            guard let target = Self.readRequestTarget(client),
                  let components = URLComponents(string: "http://127.0.0.1" + target),
                  components.path == Self.callbackPath
            else {
                Self.respond(client, status: "404 Not Found", title: "Not found", message: "Nothing here.")
                continue
            }
            let items = components.queryItems ?? []
            func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
            guard value("state") == expectedState else {
                sawMismatch = true
                Self.respond(client, status: "400 Bad Request", title: "Sign-in not recognised",
                             message: "This answer does not belong to the sign-in Hearth started. Nothing was saved.")
                continue
            }
            if let error = value("error") {
                Self.respond(client, status: "200 OK", title: "Sign-in cancelled",
                             message: "Hearth was not given access. You can close this window and try again.")
                return .failure(.authorizationDenied(error))
            }
            guard let code = value("code"), !code.isEmpty else {
                Self.respond(client, status: "400 Bad Request", title: "Sign-in failed",
                             message: "The answer carried no authorization code. Try again from Hearth.")
                return .failure(.invalidResponse("redirect without a code"))
            }
            Self.respond(client, status: "200 OK", title: "Signed in",
                         message: "Hearth has your sign-in. You can close this window.")
            return .success(code)
        }
        if sawMismatch { return .failure(.stateMismatch) }
        return .failure(.timedOut(seconds: Int(timeout.components.seconds)))
    }

    /// The request target of `GET <target> HTTP/1.1`, reading at most 16 KB for at most 5 s.
    private static func readRequestTarget(_ client: Int32) -> String? {
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.count < 16 * 1024 {
            let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += buffer[0..<count]
            if let line = received.firstRange(of: [13, 10]) {
                let requestLine = String(decoding: received[..<line.lowerBound], as: UTF8.self)
                let parts = requestLine.split(separator: " ")
                guard parts.count == 3, parts[0] == "GET" else { return nil }
                return String(parts[1])
            }
        }
        return nil
    }

    /// A small self-contained page: no scripts, styles or remote resources.
    private static func respond(_ client: Int32, status: String, title: String, message: String) {
        let body = """
            <!doctype html><html><head><meta charset="utf-8"><title>Hearth: \(title)</title></head>\
            <body><h1>\(title)</h1><p>\(message)</p></body></html>
            """
        let head = "HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Cache-Control: no-store\r\nReferrer-Policy: no-referrer\r\nConnection: close\r\n\r\n"
        let bytes = Array((head + body).utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return }
            offset += sent
        }
    }
}

/// Set from a task's cancellation handler, read by the listener's thread.
final class CancellationFlag: Sendable {
    private let state = Mutex(false)
    func cancel() { state.withLock { $0 = true } }
    var isCancelled: Bool { state.withLock { $0 } }
}
