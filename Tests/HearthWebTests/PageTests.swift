import Foundation
import HearthCore
import Testing
@testable import HearthWeb

/// What the pages show and do: escaping of hostile mail, the message frame contract, mark read
/// on open, search, live events, settings that survive a restart.
@Suite("Web app: pages", .serialized, .timeLimit(.minutes(2)))
struct PageTests {
    @Test("hostile subjects and names are text, never markup")
    func escaping() async throws {
        let web = try await WebFixture()
        defer { Task { await web.stop() } }
        let page = try await web.http.request("GET", "/mail", headers: ["Cookie": try await web.login()])
        #expect(page.body.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; Invoice"))
        #expect(!page.body.contains("<script>alert"))
        #expect(!page.body.contains("<img src=x"))
        #expect(page.body.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt; Mallory"))
        #expect(page.body.components(separatedBy: "class=\"thread-row").count - 1 == 3, "three conversations")
    }

    @Test("a conversation: oldest first, unread and newest open, body in a script-less sandboxed frame; opening marks it read")
    func conversation() async throws {
        let web = try await WebFixture()
        defer { Task { await web.stop() } }
        let cookie = try await web.login()
        let thread = try #require(try web.thread(subject: "Quarterly budget"))
        #expect(thread.unreadCount == 1)
        let page = try await web.http.request("GET", "/mail?box=inbox&t=\(thread.id!.rawValue)", headers: ["Cookie": cookie])
        #expect(page.status == 200)
        let anna = try #require(page.body.range(of: "Anna Berg"))
        let bob = try #require(page.body.range(of: "Bob"))
        #expect(anna.lowerBound < bob.lowerBound, "oldest first")
        #expect(page.body.components(separatedBy: "<details open>").count - 1 == 1, "the unread (here also the newest) is the only one expanded")
        let frames = page.body.components(separatedBy: "<iframe").dropFirst()
        #expect(frames.count == 2)
        for frame in frames {
            // Same-origin so the page can size the frame to its content; never scripts, forms or top navigation.
            #expect(frame.contains("sandbox=\"allow-same-origin allow-popups allow-popups-to-escape-sandbox\""))
            #expect(!frame.contains("allow-scripts") && !frame.contains("allow-forms") && !frame.contains("allow-top-navigation"))
        }
        #expect(try web.store.thread(thread.id!)?.unreadCount == 0, "marked read on open")
    }

    @Test("message frames: token-guarded, rendering contract headers, sanitised, remote images and trackers counted")
    func frames() async throws {
        let web = try await WebFixture()
        defer { Task { await web.stop() } }
        let cookie = try await web.login()
        let thread = try #require(try web.thread(subject: WebFixture.hostileSubject))
        let email = try #require(try web.store.emails(inThread: thread.id!).first?.id)
        let page = try await web.http.request("GET", "/thread/\(thread.id!.rawValue)", headers: ["Cookie": cookie])
        #expect(page.body.contains("1 tracker blocked"))
        #expect(page.body.contains("1 remote image blocked"))
        #expect(page.body.contains("Load images"))
        #expect(try await web.http.request("GET", "/frame/\(String(repeating: "b", count: 64))/\(email.rawValue)").status == 404)
        let frame = try await web.http.request("GET", "/frame/\(web.policy.frameToken)/\(email.rawValue)")
        #expect(frame.status == 200)
        let csp = try #require(frame.header("Content-Security-Policy"))
        #expect(csp.contains("script-src 'none'") && csp.contains("sandbox allow-same-origin allow-popups allow-popups-to-escape-sandbox"))
        #expect(!csp.contains("https:"), "remote images blocked by default")
        #expect(frame.header("X-Frame-Options") == nil, "the app can frame its own message documents")
        #expect(!frame.body.contains("<script") && !frame.body.contains("tracker.example") && !frame.body.contains("cdn.example/logo"))
        let remote = try await web.http.request("GET", "/frame/\(web.policy.frameToken)/\(email.rawValue)?remote=1")
        #expect(remote.header("Content-Security-Policy")?.contains("img-src data: http://127.0.0.1:\(web.server.port)/inline/\(web.policy.frameToken)/ https: http:") == true)
        #expect(remote.body.contains("https://cdn.example/logo.png") && !remote.body.contains("tracker.example"), "the tracker stays stripped")
    }

    @Test("search: N conversations, highlighted matches, filter chips")
    func search() async throws {
        let web = try await WebFixture()
        defer { Task { await web.stop() } }
        let cookie = try await web.login()
        let found = try await web.http.request("GET", "/search?q=budget&partial=1", headers: ["Cookie": cookie])
        #expect(found.body.contains("1 conversation<"))
        #expect(found.body.contains("<mark>budget</mark>") || found.body.contains("<mark>Budget</mark>"))
        let filtered = try await web.http.request("GET", "/search?q=from%3Acarol%20friday&partial=1", headers: ["Cookie": cookie])
        #expect(filtered.body.contains("From: carol"))
        #expect(filtered.body.contains("Lunch on"))
        let none = try await web.http.request("GET", "/search?q=zzzqqq&partial=1", headers: ["Cookie": cookie])
        #expect(none.body.contains("0 conversations") && none.body.contains("No results"))
    }

    @Test("live updates: an action elsewhere reaches an open event stream")
    func events() async throws {
        let web = try await WebFixture()
        defer { Task { await web.stop() } }
        let cookie = try await web.login()
        let port = web.server.port
        let fd = try RawHTTP.connect(port: port, timeoutSeconds: 5)
        defer { close(fd) }
        RawHTTP.send(fd, "GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nCookie: \(cookie)\r\n\r\n")
        let reader = EventReader(fd: fd)
        var received = try await RawHTTP.offPool { reader.read(until: ": connected") }
        #expect(received.contains("text/event-stream"))
        let thread = try #require(try web.thread(subject: "Lunch on Friday?"))
        _ = try await web.http.request("POST", "/action", headers: ["Cookie": cookie, "X-CSRF-Token": web.policy.csrfToken, "Accept": "application/json"],
                                       body: "action=star&threads=\(thread.id!.rawValue)")
        received += try await RawHTTP.offPool { reader.read(until: "event: changed") }
        #expect(received.contains("event: changed"))
        #expect(received.contains("\"action\":\"star\""))
    }

    @Test("a setting changed in the app survives a restart")
    func settingSurvivesRestart() async throws {
        let first = try await WebFixture()
        let cookie = try await first.login()
        let saved = try await first.http.request("POST", "/settings", headers: ["Cookie": cookie, "X-CSRF-Token": first.policy.csrfToken, "Accept": "application/json"],
                                           body: "setting=theme&value=dark")
        #expect(saved.status == 200 && saved.body.contains("\"value\":\"dark\""))
        let hidden = try await first.http.request("POST", "/settings", headers: ["Cookie": cookie, "X-CSRF-Token": first.policy.csrfToken],
                                            body: "setting=category-tab.social&value=off&value=off")
        #expect(hidden.status == 303)
        await first.stop()
        let second = try await WebFixture(directory: first.directory)
        defer { Task { await second.stop() } }
        #expect(second.policy.loginSecret != first.policy.loginSecret, "a new secret at every start")
        #expect(try await second.http.request("GET", "/mail", headers: ["Cookie": cookie]).status == 401, "old cookies die with the server")
        let page = try await second.http.request("GET", "/mail", headers: ["Cookie": try await second.login()])
        #expect(page.body.contains("data-theme=\"dark\""))
        #expect(!page.body.contains(">Social</a>") && page.body.contains(">Promotions</a>"))
        #expect(!page.body.contains(">Forums</a>"), "the Forums tab is off by default")
    }
}

/// Reads an event stream until a marker arrives (5 s at most).
struct EventReader: Sendable {
    let fd: Int32
    func read(until marker: String) -> String {
        var received = ""
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(5)
        while !received.contains(marker) && Date() < deadline {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            received += String(decoding: buffer[0..<n], as: UTF8.self)
        }
        return received
    }
}
