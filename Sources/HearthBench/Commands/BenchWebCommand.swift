import ArgumentParser
import Foundation
import HearthCLI
import HearthCore
import HearthStore
import HearthWeb
#if canImport(Glibc)
import Glibc
#endif

/// `hearth-bench web`: the web app's server-side times on generated mailboxes (10K and 50K
/// messages by default): the inbox list (first page and a page deep in the mailbox through the
/// keyset cursor), opening a conversation (first open: sanitising and marking read; reopened:
/// cached), p50/p95 in-process; then, as a real process, `hearth serve` → first page (the time
/// a user waits) and the server's resident memory when idle.
struct BenchWebCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web", abstract: "Web app: thread list and conversation render times, start to first page, idle RSS.")

    @Option(help: "Mailbox sizes in messages, comma-separated.") var sizes: String = "10000,50000"
    @Option(help: "Requests per measured route.") var reps: Int = 200
    @Flag(help: "Print the result as JSON.") var json = false

    var parsedSizes: [Int] { sizes.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }.filter { $0 > 0 } }

    func validate() throws {
        guard reps > 0 else { throw ValidationError("--reps must be positive") }
        guard !parsedSizes.isEmpty else { throw ValidationError("--sizes: positive integers, comma-separated") }
    }

    func run() throws {
        let hearth = try BenchEnvironment.hearthExecutable()
        var results: [BenchWebResult] = []
        for size in parsedSizes {
            let work = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-bench-web-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: work) }
            StandardStreams.err("bench web: generating \(size) messages…")
            let started = Date()
            let store = try MailStore.open(directory: work)
            try BenchMailbox.fill(store, messages: size)
            StandardStreams.err(String(format: "bench web: stored in %.1f s; measuring in-process…", Date().timeIntervalSince(started)))
            var result = try AsyncBridge.run { try await BenchWebRun(store: store, directory: work, reps: reps).measure() }
            result.messages = size
            StandardStreams.err("bench web: measuring `hearth serve`…")
            let startup = try ServeStartup.measure(hearth: hearth, dataDirectory: work)
            result.serveToFirstPageMs = startup.firstPageMs
            result.idleRSSMB = startup.idleRSSMB
            result.rssAfterBrowsingMB = startup.afterBrowsingRSSMB
            results.append(result)
        }
        StandardStreams.out(json ? try JSONOutput.render("bench.web", results) : BenchWebResult.table(results))
    }
}

struct BenchWebResult: Encodable {
    struct Timing: Encodable {
        var p50Ms: Double
        var p95Ms: Double
        init(_ seconds: [Double]) {
            let sorted = seconds.sorted()
            func at(_ q: Double) -> Double { sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * q).rounded()))] * 1000 }
            p50Ms = at(0.5); p95Ms = at(0.95)
        }
    }
    var messages = 0
    var threads = 0
    var threadList: Timing
    var threadListDeep: Timing
    var conversationFirstOpen: Timing
    var conversationReopen: Timing
    var search: Timing
    var serveToFirstPageMs = 0.0
    var idleRSSMB = 0.0
    var rssAfterBrowsingMB = 0.0

    static func table(_ results: [BenchWebResult]) -> String {
        var lines = ["web app, server time per request (p50 / p95 ms); spec < 300 ms, goal < 30 ms"]
        lines.append("messages  threads   list      list(deep)  open(first)  open(again)  search      serve→page  idle RSS  after")
        for r in results {
            func t(_ x: Timing) -> String { String(format: "%5.1f/%5.1f", x.p50Ms, x.p95Ms) }
            lines.append(String(format: "%8d  %7d  ", r.messages, r.threads) + [t(r.threadList), t(r.threadListDeep), t(r.conversationFirstOpen), t(r.conversationReopen), t(r.search)].joined(separator: "  ")
                         + String(format: "  %7.0f ms  %5.0f MB  %4.0f MB", r.serveToFirstPageMs, r.idleRSSMB, r.rssAfterBrowsingMB))
        }
        return lines.joined(separator: "\n")
    }
}

/// The in-process part: requests through `WebApp.handle`, exactly what the server runs per request
/// minus the socket.
struct BenchWebRun {
    let store: MailStore
    let directory: URL
    let reps: Int

    func measure() async throws -> BenchWebResult {
        let app = WebApp(store: store, dataDirectory: directory)
        app.policy.port = 8025
        let headers = ["host": "127.0.0.1:8025", "cookie": "\(LocalAccessPolicy.sessionCookie)=\(app.policy.sessionToken)"]
        func time(_ target: String) async -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            let response = await app.handle(WebRequest(method: "GET", target: target, headers: headers))
            precondition(response.status == 200, "\(target) → \(response.status)")
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }
        let all = try store.threads(ThreadQuery(folderType: .inbox, limit: 100_000))
        var generator = BenchRandom(seed: 7)
        var list: [Double] = [], deep: [Double] = [], first: [Double] = [], again: [Double] = [], search: [Double] = []
        _ = await time("/mail?box=inbox") // warm the statement cache
        for _ in 0..<reps { list.append(await time("/mail?box=inbox")) }
        for _ in 0..<reps {
            let anchor = all[Int(generator.next() % UInt64(max(1, all.count)))]
            let cursor = "\(Int64((anchor.latestDate.timeIntervalSince1970 * 1000).rounded())):\(anchor.id!.rawValue)"
            deep.append(await time("/mail?box=inbox&before=\(cursor)"))
        }
        // Conversations with several messages, as a user opens them.
        let candidates = all.filter { $0.messageCount >= 3 }.prefix(reps)
        for thread in candidates { first.append(await time("/thread/\(thread.id!.rawValue)")) }
        for thread in candidates { again.append(await time("/thread/\(thread.id!.rawValue)")) }
        let words = ["budget", "invoice meeting", "from:anna", "release notes", "has:attachment report", "quarterly"]
        for i in 0..<min(reps, 60) {
            search.append(await time("/search?partial=1&q=" + FormDecoding.encode(words[i % words.count])))
        }
        return BenchWebResult(threads: all.count, threadList: .init(list), threadListDeep: .init(deep),
                              conversationFirstOpen: .init(first), conversationReopen: .init(again), search: .init(search))
    }
}

/// `hearth serve` as a user starts it: time until the inbox page is served, then resident memory.
enum ServeStartup {
    struct Outcome { var firstPageMs: Double; var idleRSSMB: Double; var afterBrowsingRSSMB: Double }

    static func measure(hearth: String, dataDirectory: URL) throws -> Outcome {
        let out = dataDirectory.appendingPathComponent("serve.out")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: hearth)
        process.arguments = ["serve", "--data-dir", dataDirectory.path, "--port", "0", "--no-open", "--no-watch"]
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let started = DispatchTime.now().uptimeNanoseconds
        try process.run()
        defer {
            kill(process.processIdentifier, SIGTERM)
            for _ in 0..<200 where process.isRunning { usleep(25_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        var url = ""
        for _ in 0..<1200 {
            url = (try? String(contentsOf: out, encoding: .utf8))?.split(separator: "\n").first.map(String.init) ?? ""
            if url.hasPrefix("http://") { break }
            usleep(5_000)
        }
        guard let port = URLComponents(string: url)?.port, let secret = URLComponents(string: url)?.queryItems?.first(where: { $0.name == "s" })?.value else {
            throw CLIError.io("hearth serve printed no address")
        }
        let login = try LocalHTTP.get(port: port, path: "/login?s=\(secret)", cookie: nil)
        guard let cookie = login.setCookie else { throw CLIError.io("no session cookie from hearth serve") }
        let page = try LocalHTTP.get(port: port, path: "/mail?box=inbox", cookie: cookie)
        guard page.status == 200, page.body.contains("thread-row") else { throw CLIError.io("the first page failed (\(page.status))") }
        let firstPage = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
        sleep(3)
        let idle = rssMB(process.processIdentifier)
        for _ in 0..<30 { _ = try LocalHTTP.get(port: port, path: "/mail?box=inbox", cookie: cookie) }
        _ = try LocalHTTP.get(port: port, path: "/search?partial=1&q=budget", cookie: cookie)
        return Outcome(firstPageMs: firstPage, idleRSSMB: idle, afterBrowsingRSSMB: rssMB(process.processIdentifier))
    }

    static func rssMB(_ pid: Int32) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kb = Double(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kb / 1024
    }
}

/// A minimal HTTP/1.1 GET over a loopback socket (the benchmark measures the server, not a client
/// library).
enum LocalHTTP {
    struct Response { var status: Int; var setCookie: String?; var body: String }

    static func get(port: Int, path: String, cookie: String?) throws -> Response {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw CLIError.io("socket failed") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw CLIError.io("cannot connect to 127.0.0.1:\(port)") }
        var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if let cookie { request += "Cookie: \(cookie)\r\n" }
        request += "\r\n"
        _ = request.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            data.append(contentsOf: buffer[0..<n])
        }
        let text = String(decoding: data, as: UTF8.self)
        let head = text.components(separatedBy: "\r\n\r\n").first ?? ""
        let lines = head.components(separatedBy: "\r\n")
        let status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        let cookieLine = lines.first { $0.lowercased().hasPrefix("set-cookie:") }
        let setCookie = cookieLine.map { String($0.dropFirst("set-cookie:".count).split(separator: ";").first ?? "").trimmingCharacters(in: .whitespaces) }
        return Response(status: status, setCookie: setCookie, body: text)
    }
}

/// A reproducible xorshift generator (the benchmark mailbox is the same on every run).
struct BenchRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E3779B97F4A7C15 | 1 }
    mutating func next() -> UInt64 {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        return state
    }
}

/// A generated mailbox: conversations of 1–12 messages from a few hundred correspondents over
/// two years, a fifth of the bodies HTML (some with remote images and a tracking pixel), a few
/// attachments' worth of flags. Inserted through the store like an import (threading included).
enum BenchMailbox {
    static let words = ("budget meeting invoice release notes quarterly report review plan project update design server "
        + "backup network schedule travel lunch contract proposal draft launch team customer support ticket build "
        + "deploy test feedback agenda minutes weekly monthly photos holiday dinner family garden library kernel patch").split(separator: " ").map(String.init)
    static let names = ["Anna Berg", "Bob Stone", "Carol Diaz", "Dmitri Ivanov", "Emma Davis", "Farid Khan", "Grace Lee", "Hiro Tanaka",
                        "Ines Costa", "Jan Novak", "Kofi Mensah", "Lena Vogel", "Mateo Rossi", "Nora Quinn", "Omar Haddad", "Priya Sharma"]

    static func fill(_ store: MailStore, messages count: Int) throws {
        let account = try store.create(Account(email: "bench@example.org", displayName: "Bench", provider: .local, authType: .local, syncWindowDays: nil))
        guard let accountID = account.id,
              let inbox = try store.upsert(Folder(accountID: accountID, name: "INBOX", imapPath: "INBOX", folderType: .inbox)).id else { return }
        _ = try store.upsert(Folder(accountID: accountID, name: "Archive", imapPath: "Archive", folderType: .archive))
        var random = BenchRandom(seed: 42)
        func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        func sentence(_ n: Int) -> String { (0..<n).map { _ in pick(words) }.joined(separator: " ") }
        var open: [(id: String, refs: [String], subject: String, left: Int)] = []
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        var batch: [NewMessage] = []
        for i in 0..<count {
            let date = start.addingTimeInterval(Double(i) * (2 * 365 * 86_400) / Double(max(1, count)))
            let messageID = "bench-\(i)@example.org"
            var subject: String, inReplyTo: String?, refs: [String] = []
            if !open.isEmpty && random.next() % 10 < 6 {
                let index = Int(random.next() % UInt64(open.count))
                let parent = open[index]
                subject = "Re: " + parent.subject
                inReplyTo = parent.id
                refs = Array((parent.refs + [parent.id]).suffix(10))
                open[index] = (messageID, refs, parent.subject, parent.left - 1)
                if open[index].left <= 0 { open.remove(at: index) }
            } else {
                subject = sentence(2 + Int(random.next() % 4)).capitalized
                open.append((messageID, [], subject, 1 + Int(random.next() % 11)))
                if open.count > 400 { open.removeFirst() }
            }
            let name = pick(names)
            let address = name.lowercased().replacingOccurrences(of: " ", with: ".") + "@example.com"
            let text = (0..<(3 + Int(random.next() % 8))).map { _ in sentence(8 + Int(random.next() % 20)) + "." }.joined(separator: "\n\n")
            var html: String?
            if random.next() % 5 == 0 {
                html = "<html><body><h2>\(subject)</h2>" + text.split(separator: "\n").map { "<p>\($0)</p>" }.joined()
                    + "<img src=\"https://cdn.example.com/banner.png\" width=\"600\" height=\"120\"><img src=\"https://t.example.com/open.gif\" width=\"1\" height=\"1\"></body></html>"
            }
            let email = Email(accountID: accountID, messageID: messageID, inReplyTo: inReplyTo, references: refs,
                              from: EmailAddress(name: name, address: address), to: [EmailAddress(address: "bench@example.org")],
                              subject: subject, bodyPlain: text, bodyHTML: html, snippet: String(text.prefix(100)),
                              dateReceived: date, dateSent: date, isRead: random.next() % 4 != 0, isStarred: random.next() % 25 == 0,
                              sizeBytes: text.utf8.count + (html?.utf8.count ?? 0))
            batch.append(NewMessage(email: email, attachments: [], folderID: inbox, threadingKey: MessageMapping.threadingKey(for: email)))
            if batch.count == 1000 { _ = try store.insert(batch); batch.removeAll(keepingCapacity: true) }
        }
        if !batch.isEmpty { _ = try store.insert(batch) }
    }
}
