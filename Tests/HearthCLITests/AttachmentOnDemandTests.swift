import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HearthCore
@testable import HearthCLI
import HearthMIME
import HearthProcess
import HearthStore
import HearthTestSupport
import HearthWeb
import Testing

/// Attachments and raw sources of *synced* mail, end to end: a message with a binary PDF and a
/// quoted-printable CSV lands in rose's Archive, `hearth sync` stores only its structure, then
/// the web app (HTTP) and `hearth attachment save` fetch the parts from the server byte-exact,
/// the cache (0600, recorded in the store) serves the second open with the server unreachable
/// (the password command is gone), and `hearth forward --as-attachment` sends the original,
/// fetched with BODY.PEEK[], to erin as message/rfc822, byte for byte.
/// Users: rose@example.test (Archive only; RemoteContentTests use her INBOX), erin@example.test.
@Suite("Attachments of synced mail on demand (rose)", .mailRig, .serialized, .timeLimit(.minutes(2)))
struct AttachmentOnDemandTests {
    static let rose = "rose@example.test"

    struct Sample {
        let subject: String
        let messageID: String
        let raw: String
        let pdf: Data
        let csv: Data
    }

    static func sample() -> Sample {
        let token = UUID().uuidString
        let id = "ondemand-\(token)@example.test"
        var pdf = Data("%PDF-1.4\n".utf8)
        var generator = SystemRandomNumberGenerator()
        pdf.append(Data((0..<150_000).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        let csv = Data("a,b\r\n1,=2+3".utf8)   // the CRLF before the boundary belongs to the boundary
        let base64 = pdf.base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
        let subject = "Quarterly figures \(token)"
        let raw = """
            From: Sender <sender@example.org>\r
            To: rose@example.test\r
            Subject: \(subject)\r
            Date: Sun, 22 Nov 2026 09:00:00 +0000\r
            Message-ID: <\(id)>\r
            MIME-Version: 1.0\r
            Content-Type: multipart/mixed; boundary="outer"\r
            \r
            --outer\r
            Content-Type: text/plain; charset=us-ascii\r
            \r
            Figures attached.\r
            --outer\r
            Content-Type: application/pdf; name="figures.pdf"\r
            Content-Disposition: attachment; filename="figures.pdf"\r
            Content-Transfer-Encoding: base64\r
            \r
            \(base64)\r
            --outer\r
            Content-Type: text/csv; name="sheet.csv"\r
            Content-Disposition: attachment; filename="sheet.csv"\r
            Content-Transfer-Encoding: quoted-printable\r
            \r
            a,b\r
            1,=3D2+3\r
            --outer--\r

            """
        return Sample(subject: subject, messageID: id, raw: raw, pdf: pdf, csv: csv)
    }

    @Test("web and CLI fetch synced attachments, the cache serves them offline, forward-as-attachment is byte-sound")
    func onDemandEndToEnd() async throws {
        let rig = try MailRig.require()
        let dir = try Corpora.temporaryDirectory("hearth-ondemand")
        defer { try? FileManager.default.removeItem(at: dir) }
        let passwordFile = dir.appendingPathComponent("pw")
        try Data("rose-pass\n".utf8).write(to: passwordFile)
        let sample = Self.sample()

        // The account, as `hearth account add --password-command` stores it.
        let store = try MailStore.open(directory: dir)
        let account = try store.create(Account(
            email: Self.rose, displayName: "Rose", provider: .imap, authType: .password,
            imap: ServerEndpoint(host: "localhost", port: rig.imapsPort, security: .implicitTLS, extraCAFile: rig.caFile),
            smtp: ServerEndpoint(host: "localhost", port: rig.submissionsPort, security: .implicitTLS, extraCAFile: rig.caFile),
            syncWindowDays: nil))
        let accountID = try #require(account.id)
        try store.setValue("cat \(passwordFile.path)", for: "account.\(accountID.rawValue).password-command")

        // The message arrives on the server (Archive), then sync stores its structure only.
        let saved = try Subprocess.run(Corpora.repositoryRoot.appendingPathComponent("testenv/rig/rig").path,
                                       ["doveadm", "save", "-u", Self.rose, "-m", "Archive"],
                                       environment: ProcessInfo.processInfo.environment.merging(["RIG_DIR": rig.directory]) { $1 },
                                       stdin: sample.raw, timeout: 60)
        #expect(saved.status == 0, "\(saved.stderr)")
        let hearth = HearthBinary(dataDirectory: dir)
        let synced = try hearth.run(["sync", "--no-ai"])
        #expect(synced.status == 0, "\(synced.stderr)")
        let emailID = try #require(try store.folders(account: accountID).lazy.filter { $0.folderType == .archive }.compactMap { folder in
            try store.uids(in: folder.id!).values.first { (try? store.email($0))??.messageID == sample.messageID }
        }.first, "the sample was not synced")
        let attachments = try store.attachments(of: emailID)
        let pdf = try #require(attachments.first { $0.filename == "figures.pdf" })
        let csv = try #require(attachments.first { $0.filename == "sheet.csv" })
        #expect(try store.rawSource(of: emailID) == nil, "sync keeps no raw source")
        #expect(pdf.localPath == nil)

        // Web: GET /attachment/EMAIL/ID of the synced message returns the decoded bytes.
        let engine = Engine(dataDirectory: dir, store: store)
        let server = WebServer(app: WebApp(store: store, dataDirectory: dir, services: ServeWiring.services(engine, watch: false)))
        _ = try await server.start(port: 0)
        let cookie = "\(LocalAccessPolicy.sessionCookie)=\(server.app.policy.sessionToken)"
        let (csvBody, csvStatus) = try await Self.get(port: server.port, "/attachment/\(emailID.rawValue)/\(csv.id!.rawValue)", cookie: cookie)
        #expect(csvStatus == 200)
        #expect(csvBody == sample.csv)
        // Web forward of the synced message: the composer carries its attachments, fetched
        // from the server as `hearth forward` does (sync kept no source).
        let forwardThread = try #require(try store.email(emailID)?.threadID)
        let (composer, composerStatus) = try await Self.get(port: server.port, "/compose?thread=\(forwardThread.rawValue)&mode=forward", cookie: cookie)
        let composerPage = String(decoding: composer, as: UTF8.self)
        #expect(composerStatus == 200)
        // Kept as attachments of the draft (the quoted text names them either way).
        #expect(composerPage.contains("name=\"keep\" value=\"0\" checked> figures.pdf")
                    && composerPage.contains("name=\"keep\" value=\"1\" checked> sheet.csv"), "the forward lost the attachments")
        #expect(!composerPage.contains("Forwarding without attachments"))

        // CLI: listed as on the server, then saved from the server.
        let listed = try hearth.run(["attachments", String(emailID.rawValue), "--json"])
        let rows = try #require(try listed.jsonData() as? [[String: Any]])
        #expect(rows.first { $0["filename"] as? String == "figures.pdf" }?["isDownloaded"] as? Bool == false)
        let out = dir.appendingPathComponent("first.pdf")
        let first = try hearth.run(["attachment", "save", "--data-dir", dir.path, String(emailID.rawValue), String(pdf.id!.rawValue), "--to", out.path, "--json"],
                                   useDataDir: false)
        #expect(first.status == 0, "\(first.stderr)")
        #expect((try first.jsonData() as? [String: Any])?["source"] as? String == "server")
        #expect(FileManager.default.contents(atPath: out.path) == sample.pdf)
        #expect(try Self.permissions(out.path) == 0o600)
        let cachedRow = try #require(try store.attachments(of: emailID).first { $0.id == pdf.id })
        #expect(cachedRow.isDownloaded)
        let cachedPath = try #require(cachedRow.localPath)
        #expect(cachedPath.hasPrefix(dir.appendingPathComponent("attachments/\(accountID.rawValue)").path))
        #expect(try Self.permissions(cachedPath) == 0o600)

        // Forward as attachment: the original comes from the server (no raw source stored).
        let thread = try #require(try store.email(emailID)?.threadID)
        let mark = rig.sinkHighWaterMark()
        let forwarded = try hearth.run(["forward", String(thread.rawValue), "--to", "erin@example.test", "--as-attachment",
                                        "--undo", "0", "--password-command", "cat \(passwordFile.path)", "--json"])
        #expect(forwarded.status == 0, "\(forwarded.stderr)")
        let record = try #require(try await rig.waitForSink(after: mark, containing: "Fwd: \(sample.subject)"))
        #expect(record.status == "delivered")
        let sentMessageID = try #require(try MIMEParser().parse(record.raw).messageID)
        #expect(try await rig.waitForMessage(user: "erin@example.test", mailbox: "INBOX", messageID: sentMessageID) != nil,
                "the forward did not arrive in erin's INBOX")
        let structure = try MIMEParser().parse(record.raw)
        let attached = try #require(structure.attachments.first { $0.mimeType == "message/rfc822" })
        let original = try MIMEParser.partContent(raw: record.raw, partPath: attached.partPath)
        #expect(original == Data(sample.raw.utf8), "the attached message differs from the original's bytes")

        // Offline: the password command is gone, so any server access would fail; the cache serves.
        try FileManager.default.removeItem(at: passwordFile)
        let second = try hearth.run(["attachment", "save", "--data-dir", dir.path, String(emailID.rawValue), String(pdf.id!.rawValue),
                                     "--to", dir.appendingPathComponent("second.pdf").path, "--json"], useDataDir: false)
        #expect(second.status == 0, "\(second.stderr)")
        #expect((try second.jsonData() as? [String: Any])?["source"] as? String == "cache")
        #expect(FileManager.default.contents(atPath: dir.appendingPathComponent("second.pdf").path) == sample.pdf)
        let (pdfBody, pdfStatus) = try await Self.get(port: server.port, "/attachment/\(emailID.rawValue)/\(pdf.id!.rawValue)", cookie: cookie)
        #expect(pdfStatus == 200)
        #expect(pdfBody == sample.pdf)
        // And what was never cached says why it cannot be had (the sign-in command failed).
        // (`--message`: the thread's newest message is now the forward sent above, whose source is kept.)
        let refusedSource = try hearth.run(["forward", String(thread.rawValue), "--message", String(emailID.rawValue), "--to", "erin@example.test", "--as-attachment",
                                            "--undo", "0", "--password-command", "echo rose-pass", "--draft"])
        #expect(refusedSource.status != 0, "\(refusedSource.stdout) \(refusedSource.stderr)")
        #expect(refusedSource.stderr.contains("credential command failed"), "\(refusedSource.stderr)")
        await server.stop()
    }

    static func get(port: Int, _ path: String, cookie: String) async throws -> (Data, Int) {
        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)\(path)")))
        request.setValue(cookie, forHTTPHeaderField: "Cookie")
        request.timeoutInterval = 30
        let (data, response) = try await URLSession.shared.data(for: request)
        return (data, (response as? HTTPURLResponse)?.statusCode ?? 0)
    }

    static func permissions(_ path: String) throws -> Int {
        ((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? NSNumber)?.intValue ?? -1
    }
}
