import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A deliberately plain HTTP/1.1 client over a socket: the security tests must send exactly the
/// headers a hostile page or program would (a foreign Host, no cookie), which higher-level
/// clients fill in or refuse. Every read has a deadline.
struct RawHTTP {
    struct Response {
        var status: Int
        var headers: [(String, String)]
        var body: String
        func header(_ name: String) -> String? { headers.first { $0.0.caseInsensitiveCompare(name) == .orderedSame }?.1 }
        func headers(_ name: String) -> [String] { headers.filter { $0.0.caseInsensitiveCompare(name) == .orderedSame }.map(\.1) }
    }

    enum Failure: Error { case connect(Int32), timeout, malformed(String) }

    let port: Int

    static func connect(port: Int, timeoutSeconds: Int = 10) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure.connect(errno) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { let e = errno; close(fd); throw Failure.connect(e) }
        return fd
    }

    static func send(_ fd: Int32, _ text: String, body: Data = Data()) {
        let data = Data(text.utf8) + body
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if n <= 0 { return }
                offset += n
            }
        }
    }

    /// One request, on a dispatch thread: the socket calls block, and blocking the test's
    /// cooperative thread could starve the server, which runs in the same process.
    func request(_ method: String = "GET", _ target: String, host: String? = nil, headers: [String: String] = [:],
                 body: String = "", contentType: String = "application/x-www-form-urlencoded") async throws -> Response {
        try await Self.offPool { try requestBlocking(method, target, host: host, headers: headers, body: body, contentType: contentType) }
    }

    static func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
        }
    }

    /// One request; `host` nil sends the right one, "" sends none.
    func requestBlocking(_ method: String = "GET", _ target: String, host: String? = nil, headers: [String: String] = [:],
                 body: String = "", contentType: String = "application/x-www-form-urlencoded") throws -> Response {
        let fd = try Self.connect(port: port)
        defer { close(fd) }
        var text = "\(method) \(target) HTTP/1.1\r\n"
        let hostValue = host ?? "127.0.0.1:\(port)"
        if !hostValue.isEmpty { text += "Host: \(hostValue)\r\n" }
        for (k, v) in headers { text += "\(k): \(v)\r\n" }
        if method != "GET" {
            text += "Content-Type: \(contentType)\r\nContent-Length: \(body.utf8.count)\r\n"
        }
        text += "Connection: close\r\n\r\n"
        Self.send(fd, text, body: Data(body.utf8))
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n > 0 { received.append(contentsOf: buffer[0..<n]); continue }
            if n == 0 { break }
            if errno == EAGAIN || errno == EWOULDBLOCK { throw Failure.timeout }
            break
        }
        return try Self.parse(received)
    }

    static func parse(_ data: Data) throws -> Response {
        guard let split = data.range(of: Data("\r\n\r\n".utf8)) else { throw Failure.malformed(String(decoding: data.prefix(200), as: UTF8.self)) }
        let head = String(decoding: data[data.startIndex..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        guard let statusLine = head.first, let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "") else {
            throw Failure.malformed(head.first ?? "")
        }
        let headers = head.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var body = Data(data[split.upperBound...])
        if headers.contains(where: { $0.0.lowercased() == "transfer-encoding" && $0.1.lowercased().contains("chunked") }) {
            body = dechunk(body)
        }
        return Response(status: status, headers: headers, body: String(decoding: body, as: UTF8.self))
    }

    static func dechunk(_ data: Data) -> Data {
        var out = Data()
        var rest = data[...]
        while let lineEnd = rest.range(of: Data("\r\n".utf8)) {
            let sizeText = String(decoding: rest[rest.startIndex..<lineEnd.lowerBound], as: UTF8.self)
            guard let size = Int(sizeText.split(separator: ";").first ?? "", radix: 16), size > 0 else { break }
            let start = lineEnd.upperBound
            guard rest.distance(from: start, to: rest.endIndex) >= size else { out.append(rest[start...]); break }
            let end = rest.index(start, offsetBy: size)
            out.append(rest[start..<end])
            rest = rest[min(rest.index(end, offsetBy: 2, limitedBy: rest.endIndex) ?? rest.endIndex, rest.endIndex)...]
        }
        return out
    }
}
