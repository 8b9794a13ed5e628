import Foundation
import HearthCore
import Testing
@testable import HearthWeb
#if canImport(Glibc)
import Glibc
#endif

/// Issue 17's web items, over a real socket: redirect targets stay on this origin whatever a
/// browser would repair in them; the Host/Origin/cookie checks answer before the body is read;
/// each route has a body limit answered with 413; attachments are streamed.
@Suite("Web app: redirects and request bodies", .serialized, .timeLimit(.minutes(2)))
struct RequestHardeningTests {
    @Test("login's next= accepts only same-origin paths: no tab, newline, backslash or //")
    func loginRedirectTargets() async throws {
        let web = try await WebFixture()
        defer { Task { await web.stop() } }
        let secret = web.policy.loginSecret
        for hostile in ["/%09/evil.example/x", "/%0A/evil.example/", "/%0D%0A/evil.example/", "/%5Cevil.example/", "%5C%5Cevil.example",
                        "/%5C/evil.example/", "//evil.example/", "/%2F/evil.example", "https://evil.example/", "/%00/evil.example",
                        "%09//evil.example", "/%20/evil.example", "/%E2%80%83/evil.example", "javascript:alert(1)", ""] {
            let response = try await web.http.request("GET", "/login?s=\(secret)&next=\(hostile)")
            #expect(response.status == 303, "\(hostile)")
            #expect(response.header("Location") == "/", "next=\(hostile) → \(response.header("Location") ?? "nil")")
        }
        let fine = try await web.http.request("GET", "/login?s=\(secret)&next=%2Fmail%3Fbox%3Dinbox%26t%3D3")
        #expect(fine.header("Location") == "/mail?box=inbox&t=3")
    }

    @Test("a form's return= is held to the same rule")
    func formReturnTargets() async throws {
        let web = try await WebFixture()
        defer { Task { await web.stop() } }
        let cookie = try await web.login()
        let thread = try #require(try web.thread(subject: "Lunch on Friday?")?.id)
        let response = try await web.http.request("POST", "/action", headers: ["Cookie": cookie, "X-CSRF-Token": web.policy.csrfToken],
                                                  body: "action=read&threads=\(thread.rawValue)&return=%2F%09%2Fevil.example%2F")
        #expect(response.status == 303)
        #expect(response.header("Location")?.hasPrefix("/mail") == true, "\(response.header("Location") ?? "nil")")
    }

    @Test("a foreign Host, a foreign Origin or no cookie is answered before the body arrives")
    func refusedBeforeTheBody() async throws {
        let web = try await WebFixture()
        defer { Task { await web.stop() } }
        let cookie = try await web.login()
        let port = web.server.port
        let cases: [(String, [String], Int)] = [
            ("foreign Host", ["Host: evil.example:\(port)", "Cookie: \(cookie)"], 421),
            ("foreign Origin", ["Host: 127.0.0.1:\(port)", "Cookie: \(cookie)", "Origin: https://evil.example"], 403),
            ("no cookie", ["Host: 127.0.0.1:\(port)"], 401),
        ]
        for (label, headers, status) in cases {
            // 39 MB announced, not one byte sent: an answer can only come from the head.
            let answer = try await RawHTTP.offPool { try Self.headOnly(port: port, target: "/compose/send", headers: headers, contentLength: 39 << 20) }
            #expect(answer == status, "\(label): \(String(describing: answer))")
        }
    }

    @Test("bodies over a route's limit get 413, announced or not, and change nothing")
    func bodyLimits() async throws {
        let web = try await WebFixture()
        defer { Task { await web.stop() } }
        let cookie = try await web.login()
        let port = web.server.port
        let session = ["Host: 127.0.0.1:\(port)", "Cookie: \(cookie)", "X-CSRF-Token: \(web.policy.csrfToken)"]
        // A form route: 1 MB of form is far over its limit, refused on the announced length.
        let announced = try await RawHTTP.offPool { try Self.headOnly(port: port, target: "/action", headers: session, contentLength: 1 << 20) }
        #expect(announced == 413)
        // The composer: over 40 MB announced → 413 (it used to be a 500 after reading it all).
        let upload = try await RawHTTP.offPool { try Self.headOnly(port: port, target: "/compose/send", headers: session, contentLength: 41 << 20) }
        #expect(upload == 413)
        // Chunked, no length announced: cut off once it passes the limit.
        let thread = try #require(try web.thread(subject: "Lunch on Friday?"))
        let chunked = try await RawHTTP.offPool {
            try Self.chunked(port: port, target: "/action", headers: session,
                             body: "action=archive&threads=\(thread.id!.rawValue)&pad=" + String(repeating: "x", count: 400 << 10))
        }
        #expect(chunked == 413)
        #expect(try web.store.thread(thread.id!)?.unreadCount == thread.unreadCount)
        #expect(try web.thread(subject: "Lunch on Friday?") != nil, "nothing archived")
        // The same action within the limit still works.
        let fine = try await web.http.request("POST", "/action", headers: ["Cookie": cookie, "X-CSRF-Token": web.policy.csrfToken],
                                              body: "action=read&threads=\(thread.id!.rawValue)")
        #expect(fine.status == 303)
    }

    @Test("an attachment of several MB is streamed in and kept byte for byte")
    func streamedAttachment() async throws {
        let web = try await WebFixture()
        defer { Task { await web.stop() } }
        let cookie = try await web.login()
        var bytes = [UInt8](repeating: 0, count: 6 << 20)
        for i in bytes.indices { bytes[i] = UInt8(truncatingIfNeeded: i &* 2654435761 >> 13) }
        let boundary = "----hearth\(UUID().uuidString)"
        var body = Data()
        func field(_ name: String, _ value: String) {
            body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        field("_csrf", web.policy.csrfToken)
        field("account", String(web.account.id!.rawValue))
        field("to", "ann@example.org")
        field("subject", "Big file")
        field("body", "See attached.")
        body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"attachments\"; filename=\"big.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8)
        body += Data(bytes) + Data("\r\n--\(boundary)--\r\n".utf8)
        let port = web.server.port
        let payload = body
        let status = try await RawHTTP.offPool {
            try Self.send(port: port, target: "/compose/draft", headers: ["Host: 127.0.0.1:\(port)", "Cookie: \(cookie)", "Accept: application/json",
                                                                          "Content-Type: multipart/form-data; boundary=\(boundary)"], body: payload)
        }
        #expect(status == 200)
        let drafts = try web.store.outboxEntries(account: nil, includeDrafts: true)
        let draft = try #require(drafts.first { $0.message.subject == "Big file" })
        #expect(draft.message.attachments.first?.data == Data(bytes))
    }

    // MARK: - Raw requests

    /// Sends only the head of a POST announcing `contentLength` bytes and returns the status
    /// of the answer, or nil when none comes within 5 s.
    static func headOnly(port: Int, target: String, headers: [String], contentLength: Int) throws -> Int? {
        let fd = try RawHTTP.connect(port: port, timeoutSeconds: 5)
        defer { close(fd) }
        let head = "POST \(target) HTTP/1.1\r\n" + headers.map { $0 + "\r\n" }.joined()
            + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(contentLength)\r\n\r\n"
        RawHTTP.send(fd, head)
        return try readStatus(fd)
    }

    static func chunked(port: Int, target: String, headers: [String], body: String) throws -> Int? {
        let fd = try RawHTTP.connect(port: port, timeoutSeconds: 5)
        defer { close(fd) }
        var text = "POST \(target) HTTP/1.1\r\n" + headers.map { $0 + "\r\n" }.joined()
            + "Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n"
        let data = Array(body.utf8)
        var offset = 0
        while offset < data.count {
            let piece = data[offset..<min(data.count, offset + 16384)]
            text += String(piece.count, radix: 16) + "\r\n" + String(decoding: piece, as: UTF8.self) + "\r\n"
            offset += piece.count
        }
        text += "0\r\n\r\n"
        RawHTTP.send(fd, text)
        return try readStatus(fd)
    }

    static func send(port: Int, target: String, headers: [String], body: Data) throws -> Int? {
        let fd = try RawHTTP.connect(port: port, timeoutSeconds: 20)
        defer { close(fd) }
        let head = "POST \(target) HTTP/1.1\r\n" + headers.map { $0 + "\r\n" }.joined() + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        RawHTTP.send(fd, head, body: body)
        return try readStatus(fd)
    }

    /// The status code of the first response line, nil on timeout or a closed connection.
    static func readStatus(_ fd: Int32) throws -> Int? {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.range(of: Data("\r\n".utf8)) == nil {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { return nil }
            received.append(contentsOf: buffer[0..<n])
        }
        let line = String(decoding: received, as: UTF8.self).split(separator: "\r\n").first ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }
}
