import Foundation
import HearthCore
import HearthIMAP
import HearthStore
@testable import HearthSync
import HearthTestSupport
import Testing

/// On-demand content of synced mail (`IMAPRemoteContent`) against the rig. rose@example.test
/// only: each test APPENDs its own message (unique Message-ID), syncs it into a fresh store and
/// fetches its parts back.
@Suite("Remote message content (rose)", .mailRig, .serialized, .timeLimit(.minutes(2)))
struct RemoteContentTests {
    static let rose = (user: "rose@example.test", password: "rose-pass")

    /// A message with a binary "PDF" (base64) and a quoted-printable CSV attachment.
    struct Sample {
        let messageID: String
        let raw: Data
        let pdf: Data
        let csv: Data
    }

    static func sample(pdfBytes: Int = 300_000) -> Sample {
        let id = "<remote-\(UUID().uuidString)@example.test>"
        var generator = SystemRandomNumberGenerator()
        var pdf = Data("%PDF-1.4\n".utf8)
        pdf.append(Data((0..<pdfBytes).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        let csv = Data("name,formula\r\nä,=SUM(A1:A2)\r\nlong,\(String(repeating: "x", count: 120))\r\n".utf8)
        let base64 = pdf.base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
        let qp = quotedPrintable(csv)
        let text = """
            From: Sender <sender@example.org>\r
            To: rose@example.test\r
            Subject: Report with attachments\r
            Date: Sun, 22 Nov 2026 10:00:00 +0000\r
            Message-ID: \(id)\r
            MIME-Version: 1.0\r
            Content-Type: multipart/mixed; boundary="b1"\r
            \r
            --b1\r
            Content-Type: text/plain; charset=utf-8\r
            \r
            The report is attached.\r
            --b1\r
            Content-Type: application/pdf; name="report.pdf"\r
            Content-Disposition: attachment; filename="report.pdf"\r
            Content-Transfer-Encoding: base64\r
            \r
            \(base64)\r
            --b1\r
            Content-Type: text/csv; charset=utf-8; name="data.csv"\r
            Content-Disposition: attachment; filename="data.csv"\r
            Content-Transfer-Encoding: quoted-printable\r
            \r
            \(qp)\r
            --b1--\r

            """
        return Sample(messageID: id, raw: Data(text.utf8), pdf: pdf, csv: csv)
    }

    /// Minimal quoted-printable for the test data (line breaks kept as CRLF, soft breaks at 76).
    static func quotedPrintable(_ data: Data) -> String {
        var out = ""
        var line = ""
        var bytes = Array(data)[...]
        while let b = bytes.first {
            bytes = bytes.dropFirst()
            if b == 13, bytes.first == 10 { bytes = bytes.dropFirst(); out += line + "\r\n"; line = ""; continue }
            let piece = (b >= 33 && b <= 126 && b != 61) || b == 32 ? String(UnicodeScalar(b)) : String(format: "=%02X", b)
            if line.count + piece.count > 75 { out += line + "=\r\n"; line = "" }
            line += piece
        }
        return out + line
    }

    /// APPENDs to rose's INBOX; returns the new UID.
    static func append(_ raw: Data, rig: MailRig) async throws -> UInt32 {
        let connection = try await IMAPConnection.connect(rig.configuration())
        try await connection.authenticate(.plain(user: rose.user, password: rose.password))
        let result = try await connection.execute(.append(MailboxName(wire: "INBOX"), AppendMessage(data: raw)))
        await connection.logout()
        guard case .appendUID(_, let uids)? = result.completion.code, let range = uids.ranges.first,
              case .number(let uid) = range.lower else {
            throw RemoteContentError.notFound("APPENDUID")
        }
        return uid
    }

    struct Synced {
        let store: MailStore
        let email: EmailID
        let attachments: [HearthCore.Attachment]
        let uid: UInt32
    }

    static func syncedSample(_ sample: Sample, rig: MailRig) async throws -> Synced {
        let uid = try await append(sample.raw, rig: rig)
        let store = try MailStore.inMemory()
        let account = try store.create(Account(
            email: rose.user, displayName: "Rose", provider: .imap, authType: .password,
            imap: ServerEndpoint(host: rig.host, port: rig.imapsPort, security: .implicitTLS, extraCAFile: rig.caFile),
            syncWindowDays: nil))
        _ = try await AccountSynchronizer(account: account, credentials: .password(user: rose.user, rose.password), store: store,
                                          options: .init(imapConfiguration: rig.configuration())).run()
        let accountID = try #require(account.id)
        let inbox = try #require(try store.folders(account: accountID).first { $0.folderType == .inbox })
        let inboxID = try #require(inbox.id)
        let email = try #require(try store.uids(in: inboxID)[uid], "UID \(uid) not synced")
        #expect(try store.email(email)?.messageID == sample.messageID.trimmingCharacters(in: CharacterSet(charactersIn: "<>")))
        return Synced(store: store, email: email, attachments: try store.attachments(of: email), uid: uid)
    }

    /// Counts how often the fetcher asks for credentials: once per server round (connection).
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func increment() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }
    }

    /// The port's contract in memory (the real cache, HearthSafety's, is tested in HearthCLITests).
    final class MemoryCache: FetchedAttachmentCache, @unchecked Sendable {
        private let lock = NSLock()
        private var files: [AttachmentID: Data] = [:]
        func cachedContent(of attachment: HearthCore.Attachment, account: AccountID) -> Data? {
            lock.withLock { attachment.id.flatMap { files[$0] } }
        }
        func save(_ data: Data, for attachment: HearthCore.Attachment, account: AccountID) throws {
            lock.withLock { if let id = attachment.id { files[id] = data } }
        }
        var count: Int { lock.withLock { files.count } }
    }

    static func fetcher(_ store: MailStore, rig: MailRig, cache: MemoryCache? = nil, counter: Counter = Counter(),
                        limiter: ConnectionLimiter = .shared) -> IMAPRemoteContent {
        IMAPRemoteContent(locator: StoreMessageLocator(store: store), cache: cache, settings: { _ in
            counter.increment()
            var options = AccountSynchronizer.Options(imapConfiguration: rig.configuration())
            options.connections = limiter
            return (credentials: .password(user: rose.user, rose.password), options: options)
        })
    }

    @Test("attachments come back byte-exact, decoded; the second open is served by the cache")
    func bytesExactThenCached() async throws {
        let rig = try MailRig.require()
        let sample = Self.sample()
        let synced = try await Self.syncedSample(sample, rig: rig)
        let pdf = try #require(synced.attachments.first { $0.filename == "report.pdf" })
        let csv = try #require(synced.attachments.first { $0.filename == "data.csv" })
        #expect(pdf.localPath == nil && !pdf.isDownloaded)

        let cache = MemoryCache()
        let counter = Counter()
        let content = Self.fetcher(synced.store, rig: rig, cache: cache, counter: counter)
        #expect(try await content.content(of: pdf) == sample.pdf)
        #expect(try await content.content(of: csv) == sample.csv)
        #expect(counter.count == 2)
        #expect(cache.count == 2)
        // Served from the cache: no credentials asked, so no connection made.
        #expect(try await content.content(of: pdf) == sample.pdf)
        #expect(counter.count == 2)
        // The raw source is the message exactly as appended.
        #expect(try await content.source(of: synced.email) == sample.raw)
    }

    @Test("a message expunged behind our back → noLongerOnServer, worded for the user")
    func expungedMessage() async throws {
        let rig = try MailRig.require()
        let synced = try await Self.syncedSample(Self.sample(pdfBytes: 2_000), rig: rig)
        _ = try rig.run(["expunge", Self.rose.user, "INBOX", String(synced.uid)])
        let pdf = try #require(synced.attachments.first { $0.filename == "report.pdf" })
        let content = Self.fetcher(synced.store, rig: rig)
        await #expect(throws: RemoteContentError.self) { _ = try await content.content(of: pdf) }
        do {
            _ = try await content.source(of: synced.email)
            Issue.record("an expunged message was fetched")
        } catch let error {
            guard case .noLongerOnServer(let reason) = error else { Issue.record("wrong error \(error)"); return }
            #expect(reason.contains("UID \(synced.uid)"))
            #expect(error.description.hasPrefix("this message is no longer on the server; sync and retry"))
            #expect(!error.isTransient)
        }
    }

    @Test("the folder was renumbered (UIDVALIDITY changed) → the stored UID is not trusted")
    func renumberedFolder() async throws {
        let rig = try MailRig.require()
        let synced = try await Self.syncedSample(Self.sample(pdfBytes: 2_000), rig: rig)
        _ = try rig.run(["uidvalidity", Self.rose.user, "INBOX"])
        let content = Self.fetcher(synced.store, rig: rig)
        do {
            _ = try await content.source(of: synced.email)
            Issue.record("a renumbered folder's UID was used")
        } catch let error {
            guard case .noLongerOnServer(let reason) = error else { Issue.record("wrong error \(error)"); return }
            #expect(reason.contains("renumbered"))
        }
    }

    @Test("waits for a free connection slot of the account")
    func respectsConnectionLimit() async throws {
        let rig = try MailRig.require()
        let synced = try await Self.syncedSample(Self.sample(pdfBytes: 2_000), rig: rig)
        let limiter = ConnectionLimiter(limit: 1)
        await limiter.acquire(Self.rose.user)
        let content = Self.fetcher(synced.store, rig: rig, limiter: limiter)
        let done = Counter()
        let task = Task { () throws -> Data in
            let data = try await content.source(of: synced.email)
            done.increment()
            return data
        }
        try await Task.sleep(for: .milliseconds(400))
        #expect(done.count == 0, "fetched while the only slot was taken")
        await limiter.release(Self.rose.user)
        #expect(try await task.value.count > 0)
        #expect(await limiter.connections(Self.rose.user) == 0)
    }
}
