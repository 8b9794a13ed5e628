import Foundation
import HearthCore
import Testing
@testable import HearthMailbox

/// The mbox and Maildir export writers, read back by Hearth's own readers.
@Suite("Export writers")
struct ExportWriterTests {
    static func message(_ body: String, folder: String = "INBOX", read: Bool = true, starred: Bool = false,
                        answered: Bool = false, crlf: Bool = false) -> ExportedMessage {
        var text = "From: Ann <ann@example.org>\nSubject: Hi\nMessage-ID: <\(UUID().uuidString)@example.org>\n\n\(body)"
        if crlf { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
        return ExportedMessage(folderPath: folder, folderType: .custom, raw: Data(text.utf8),
                               date: Date(timeIntervalSince1970: 1_700_000_000), sender: "ann@example.org",
                               isRead: read, isStarred: starred, isAnswered: answered, isDraft: false)
    }

    @Test("mboxrd: From lines in bodies (quoted or not) survive the round trip byte for byte")
    func mboxQuoting() throws {
        try withTemporaryDirectory { dir in
            let body = "From the start\n>From once quoted\n>>From twice\nFromage is not a From line\nend\n"
            var writer = try MboxExportWriter(directory: dir)
            try writer.write(Self.message(body))
            try writer.write(Self.message("second\n", read: false, starred: true, answered: true))
            let files = try writer.finish()
            #expect(files == [dir.appendingPathComponent("INBOX.mbox").path])
            let (messages, _) = try readMbox(dir.appendingPathComponent("INBOX.mbox"), MboxReaderOptions(variant: .mboxrd))
            #expect(messages.count == 2)
            #expect(messages.first?.text.hasSuffix("\n\n" + body) == true, "\(messages.first?.text ?? "")")
            #expect(messages.first?.flags == [.seen])
            #expect(messages.last?.flags == [.flagged, .answered])
        }
    }

    @Test("mbox: one file per folder, nested folders as directories, no path escapes")
    func mboxFiles() throws {
        #expect(MboxExportWriter.fileName("Work/Projects") == "Work/Projects.mbox")
        #expect(MboxExportWriter.fileName("../../etc/passwd") == "_/_/etc/passwd.mbox")
        #expect(MboxExportWriter.fileName("") == "INBOX.mbox")
    }

    @Test("Two folder paths that name one file get two files: the later never empties the earlier")
    func mboxNameClash() throws {
        try withTemporaryDirectory { dir in
            var writer = try MboxExportWriter(directory: dir)
            try writer.write(Self.message("in the first\n", folder: "Lists"))
            try writer.write(Self.message("in the second\n", folder: "Lists/"))
            try writer.write(Self.message("first again\n", folder: "Lists"))
            let files = try writer.finish()
            #expect(files == [dir.appendingPathComponent("Lists.mbox").path, dir.appendingPathComponent("Lists (2).mbox").path])
            let bodies = try files.map { file in
                try readMbox(URL(fileURLWithPath: file), MboxReaderOptions(variant: .mboxrd)).0.map { $0.text.components(separatedBy: "\n\n").last ?? "" }
            }
            #expect(bodies == [["in the first\n", "first again\n"], ["in the second\n"]])
        }
    }

    @Test("An existing Status header is kept, not doubled")
    func existingStatus() {
        let raw = Data("Status: RO\nSubject: x\n\nbody\n".utf8)
        #expect(MboxExportWriter.statusHeaders(Self.message("x"), into: raw) == raw)
    }

    @Test("Maildir++: INBOX at the root, folders as dot-directories, flags in the file name, CRLF kept")
    func maildir() throws {
        try withTemporaryDirectory { dir in
            var writer = try MaildirExportWriter(root: dir)
            try writer.write(Self.message("one\n"))
            try writer.write(Self.message("two\n", folder: "Work/Projects", read: false, starred: true, answered: true, crlf: true))
            _ = try writer.finish()
            var source = try MailboxSource.open(path: dir.path)
            var read: [RawMessage] = []
            while let message = try source.next() { read.append(message) }
            #expect(read.map { $0.folderPath ?? "INBOX" }.sorted() == ["INBOX", "Work/Projects"])
            let projects = try #require(read.first { $0.folderPath == "Work/Projects" })
            #expect(projects.flags == [.flagged, .answered])
            #expect(String(decoding: projects.data, as: UTF8.self).contains("\r\n\r\ntwo\r\n"))
            #expect(MaildirExportWriter.directoryName("a.b/c") == ".a_b.c")
        }
    }
}
