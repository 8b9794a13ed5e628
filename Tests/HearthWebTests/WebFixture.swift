import Foundation
import HearthCore
import HearthStore
import HearthTestSupport
@testable import HearthWeb

/// A running web app on a free port over a fresh store with one local account, INBOX and
/// Archive, and a few conversations (one with a hostile subject and sender name).
final class WebFixture: @unchecked Sendable {
    let directory: URL
    let store: MailStore
    let account: Account
    let inbox: Folder
    let archive: Folder
    let server: WebServer
    let http: RawHTTP
    var policy: LocalAccessPolicy { server.app.policy }

    static let hostileSubject = "<script>alert('x')</script> Invoice"
    static let hostileName = "\"><img src=x onerror=alert(1)> Mallory"

    /// `services` defaults to an empty model directory: no AI model, whatever is installed on
    /// the machine, so pages are the same everywhere.
    init(directory: URL? = nil, seed: Bool = true, services: WebServices? = nil) async throws {
        self.directory = try directory ?? Corpora.temporaryDirectory("hearth-web")
        store = try MailStore.open(directory: self.directory)
        if let existing = try store.accounts().first {
            account = existing
            inbox = try store.folders(account: existing.id!).first { $0.folderType == .inbox }!
            archive = try store.folders(account: existing.id!).first { $0.folderType == .archive }!
        } else {
            account = try store.create(Account(email: "me@example.org", displayName: "Me", provider: .local, authType: .local, syncWindowDays: nil))
            inbox = try store.upsert(Folder(accountID: account.id!, name: "INBOX", imapPath: "INBOX", folderType: .inbox))
            archive = try store.upsert(Folder(accountID: account.id!, name: "Archive", imapPath: "Archive", folderType: .archive))
            if seed { try Self.seed(store, account: account.id!, inbox: inbox.id!) }
        }
        let models = self.directory.appendingPathComponent("no-models")
        server = WebServer(app: WebApp(store: store, dataDirectory: self.directory, services: services ?? WebServices(modelDirectory: models)))
        _ = try await server.start(port: 0)
        http = RawHTTP(port: server.port)
    }

    static func seed(_ store: MailStore, account: AccountID, inbox: FolderID) throws {
        let base = Date(timeIntervalSince1970: 1_704_067_200)
        func message(_ id: String, subject: String, from: String, name: String?, minutes: Double, replyTo: String? = nil,
                     body: String, html: String? = nil, read: Bool = false) -> NewMessage {
            let email = Email(accountID: account, messageID: id, inReplyTo: replyTo, references: replyTo.map { [$0] } ?? [],
                              from: EmailAddress(name: name, address: from), to: [EmailAddress(address: "me@example.org")],
                              subject: subject, bodyPlain: body, bodyHTML: html, snippet: String(body.prefix(80)),
                              dateReceived: base.addingTimeInterval(minutes * 60), dateSent: base.addingTimeInterval(minutes * 60), isRead: read)
            return NewMessage(email: email, attachments: [], folderID: inbox, threadingKey: MessageMapping.threadingKey(for: email))
        }
        _ = try store.insert([
            message("a1@x", subject: "Quarterly budget", from: "anna@example.com", name: "Anna Berg", minutes: 1, body: "The budget spreadsheet is attached.", read: true),
            message("a2@x", subject: "Re: Quarterly budget", from: "bob@example.com", name: "Bob", minutes: 5, replyTo: "a1@x", body: "Looks fine to me, ship it."),
            message("h1@x", subject: hostileSubject, from: "mallory@evil.example", name: hostileName, minutes: 10,
                    body: "pay now", html: "<p>Pay now</p><img src=\"https://tracker.example/p.gif\" width=\"1\" height=\"1\"><img src=\"https://cdn.example/logo.png\"><script>alert(1)</script>"),
            message("c1@x", subject: "Lunch on Friday?", from: "carol@example.com", name: "Carol", minutes: 20, body: "Shall we try the new place?"),
        ])
    }

    /// Logs in (the URL's secret for the cookie) and returns the cookie header value.
    func login() async throws -> String {
        let response = try await http.request("GET", "/login?s=\(policy.loginSecret)")
        guard let cookie = response.header("Set-Cookie")?.split(separator: ";").first else { throw RawHTTP.Failure.malformed("no cookie") }
        return String(cookie)
    }

    func thread(subject: String) throws -> MailThread? {
        try store.threads(ThreadQuery(limit: 100)).first { $0.subject == subject }
    }

    func stop() async {
        await server.stop()
    }

    deinit { try? FileManager.default.removeItem(at: directory) }
}
