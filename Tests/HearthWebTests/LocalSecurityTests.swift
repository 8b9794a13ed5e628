import Foundation
import HearthCore
import Testing
@testable import HearthWeb

/// The localhost security model over a real socket: DNS rebinding (foreign Host), cross-site
/// requests (foreign Origin, missing CSRF token), no session cookie, loopback-only binding,
/// the cookie's flags and the page policy.
@Suite("Web app: localhost security", .serialized, .timeLimit(.minutes(2)))
struct LocalSecurityTests {
    @Test("a foreign Host header is refused (DNS rebinding), before anything else")
    func foreignHost() async throws {
        let web = try await WebFixture()
        defer { Task { await web.stop() } }
        let cookie = try await web.login()
        for host in ["evil.example:\(web.server.port)", "attacker.test", "127.0.0.1:1", "127.0.0.1", "", "localhost.evil.example:\(web.server.port)"] {
            let response = try await web.http.request("GET", "/mail", host: host, headers: ["Cookie": cookie])
            #expect((400..<500).contains(response.status), "Host \(host) → \(response.status)")
            #expect(!response.body.contains("thread-row"))
        }
        // The login URL itself is refused under a foreign name, so a rebinding page cannot get a cookie.
        let login = try await web.http.request("GET", "/login?s=\(web.policy.loginSecret)", host: "evil.example:\(web.server.port)")
        #expect(login.status == 421 && login.header("Set-Cookie") == nil)
        #expect(try await web.http.request("GET", "/mail", host: "localhost:\(web.server.port)", headers: ["Cookie": cookie]).status == 200)
    }

    @Test("no session cookie: nothing but the login exchange and static files")
    func noSession() async throws {
        let web = try await WebFixture()
        defer { Task { await web.stop() } }
        for path in ["/mail", "/mail?box=inbox&t=1", "/thread/1", "/search?q=budget", "/settings", "/compose", "/contacts?q=a", "/events"] {
            let response = try await web.http.request("GET", path)
            #expect(response.status == 401, "\(path) → \(response.status)")
            #expect(!response.body.contains("Quarterly"))
        }
        let wrongCookie = try await web.http.request("GET", "/mail", headers: ["Cookie": "hearth_session=\(String(repeating: "0", count: 64))"])
        #expect(wrongCookie.status == 401)
        let wrongSecret = try await web.http.request("GET", "/login?s=nope")
        #expect(wrongSecret.status == 403 && wrongSecret.header("Set-Cookie") == nil)
        #expect(try await web.http.request("GET", "/assets/app.css").status == 200)
    }

    @Test("the login URL gives an HttpOnly, SameSite=Strict cookie; pages carry the strict policy")
    func cookieAndPolicy() async throws {
        let web = try await WebFixture()
        defer { Task { await web.stop() } }
        let login = try await web.http.request("GET", "/login?s=\(web.policy.loginSecret)&next=%2Fmail%3Fbox%3Dinbox")
        #expect(login.status == 303)
        #expect(login.header("Location") == "/mail?box=inbox")
        let cookie = try #require(login.header("Set-Cookie"))
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Path=/"))
        #expect(!cookie.contains(web.policy.loginSecret), "the cookie is not the URL's secret")
        let next = try await web.http.request("GET", "/login?s=x&next=//evil.example/")
        #expect(next.status == 403)
        let open = try await web.http.request("GET", "/login?s=\(web.policy.loginSecret)&next=https://evil.example/")
        #expect(open.header("Location") == "/", "no open redirect")

        let page = try await web.http.request("GET", "/mail", headers: ["Cookie": try await web.login()])
        #expect(page.status == 200)
        let csp = try #require(page.header("Content-Security-Policy"))
        #expect(csp.contains("script-src 'self'") && csp.contains("frame-ancestors 'none'") && csp.contains("default-src 'none'"))
        #expect(!csp.contains("unsafe-inline") && !csp.contains("unsafe-eval"))
        #expect(page.header("X-Frame-Options") == "DENY" && page.header("X-Content-Type-Options") == "nosniff")
        // No inline code or styles anywhere (the policy would block them, so they would be bugs).
        #expect(page.body.range(of: "<script>", options: .caseInsensitive) == nil)
        // Attribute values are escaped (no raw quote inside), so dropping them leaves only names.
        let markup = page.body.replacingOccurrences(of: #""[^"]*""#, with: "\"\"", options: .regularExpression)
        #expect(markup.range(of: #"<[^>]*\son[a-z]+\s*="#, options: .regularExpression) == nil)
        #expect(markup.range(of: #"<[^>]*\sstyle\s*="#, options: .regularExpression) == nil)
        #expect(page.body.contains("<script src=\"/assets/app.js\" defer></script>"))
    }

    @Test("state changes need the CSRF token and our Origin")
    func csrfAndOrigin() async throws {
        let web = try await WebFixture()
        defer { Task { await web.stop() } }
        let cookie = try await web.login()
        let thread = try #require(try web.thread(subject: "Lunch on Friday?"))
        let id = try #require(thread.id)
        let body = "action=archive&threads=\(id.rawValue)"
        let noToken = try await web.http.request("POST", "/action", headers: ["Cookie": cookie], body: body)
        #expect(noToken.status == 403)
        let wrongToken = try await web.http.request("POST", "/action", headers: ["Cookie": cookie], body: body + "&_csrf=\(String(repeating: "a", count: 64))")
        #expect(wrongToken.status == 403)
        let foreignOrigin = try await web.http.request("POST", "/action", headers: ["Cookie": cookie, "Origin": "https://evil.example", "X-CSRF-Token": web.policy.csrfToken], body: body)
        #expect(foreignOrigin.status == 403)
        let nullOrigin = try await web.http.request("POST", "/action", headers: ["Cookie": cookie, "Origin": "null", "X-CSRF-Token": web.policy.csrfToken], body: body)
        #expect(nullOrigin.status == 403)
        let crossSite = try await web.http.request("POST", "/action", headers: ["Cookie": cookie, "Sec-Fetch-Site": "cross-site", "X-CSRF-Token": web.policy.csrfToken], body: body)
        #expect(crossSite.status == 403)
        let noCookie = try await web.http.request("POST", "/action", headers: ["X-CSRF-Token": web.policy.csrfToken], body: body)
        #expect(noCookie.status == 401)
        // Nothing changed so far.
        #expect(try web.store.threads(ThreadQuery(folderType: .inbox, limit: 50)).contains { $0.id == id })

        let accepted = try await web.http.request("POST", "/action", headers: ["Cookie": cookie, "Origin": "http://127.0.0.1:\(web.server.port)"],
                                            body: body + "&_csrf=\(web.policy.csrfToken)&return=%2Fmail")
        #expect(accepted.status == 303)
        #expect(!(try web.store.threads(ThreadQuery(folderType: .inbox, limit: 50)).contains { $0.id == id }), "archived")
        #expect(try web.store.threads(ThreadQuery(folderType: .archive, limit: 50)).contains { $0.id == id })
    }

    @Test("the listener is on 127.0.0.1 only")
    func loopbackOnly() async throws {
        let web = try await WebFixture(seed: false)
        defer { Task { await web.stop() } }
        let table = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8) + ((try? String(contentsOfFile: "/proc/net/tcp6", encoding: .utf8)) ?? "")
        let portHex = String(format: "%04X", web.server.port)
        let listening = table.split(separator: "\n").filter { line in
            let fields = line.split(separator: " ")
            return fields.count > 3 && fields[1].hasSuffix(":" + portHex) && fields[3] == "0A"
        }.map { String($0.split(separator: " ")[1]) }
        #expect(listening == ["0100007F:\(portHex)"], "listening sockets: \(listening)")
    }
}
