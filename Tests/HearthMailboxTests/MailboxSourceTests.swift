import Foundation
import HearthCore
import Testing
@testable import HearthMailbox

/// Format detection by `MailboxSource.open(path:)`.
@Suite struct MailboxSourceTests {
    static func format(of path: URL) throws -> String {
        try MailboxSource.open(path: path.path).formatName
    }

    static func failure(opening path: URL) -> MailboxReadError? {
        do { _ = try MailboxSource.open(path: path.path); return nil } catch { return error }
    }

    @Test func detectsEachFormat() throws {
        try withTemporaryDirectory { dir in
            let fm = FileManager.default
            let mbox = dir.appendingPathComponent("a.mbox")
            try Data("From a@b Fri Feb 22 17:06:23 2008\nSubject: x\n\nbody\n".utf8).write(to: mbox)
            #expect(try Self.format(of: mbox) == "mbox")

            let prefixed = dir.appendingPathComponent("prefixed")
            try Data("exported by X\n\nFrom a@b Fri Feb 22 17:06:23 2008\nSubject: x\n\nbody\n".utf8).write(to: prefixed)
            #expect(try Self.format(of: prefixed) == "mbox")

            let link = dir.appendingPathComponent("link.mbox")
            try fm.createSymbolicLink(at: link, withDestinationURL: mbox)
            #expect(try Self.format(of: link) == "mbox")

            let empty = dir.appendingPathComponent("empty.mbox")
            try Data().write(to: empty)
            #expect(try Self.format(of: empty) == "mbox")

            let xz = try CompressedMboxTests.compress(mbox, with: .xz, in: dir)
            let renamed = dir.appendingPathComponent("no-extension")
            try fm.copyItem(at: xz, to: renamed)
            #expect(try Self.format(of: renamed) == "mbox (xz)")

            let eml = dir.appendingPathComponent("one.eml")
            try Data("Subject: single\n\nbody\n".utf8).write(to: eml)
            var single = try MailboxSource.open(path: eml.path)
            #expect(single.formatName == ".eml files")
            #expect(try single.next()?.data == Data("Subject: single\n\nbody\n".utf8))
            #expect(try single.next() == nil)

            let maildir = dir.appendingPathComponent("Maildir")
            try fm.createDirectory(at: maildir.appendingPathComponent("new"), withIntermediateDirectories: true)
            #expect(try Self.format(of: maildir) == "Maildir")

            let plusPlus = dir.appendingPathComponent("pp")
            try fm.createDirectory(at: plusPlus.appendingPathComponent(".Sent/cur"), withIntermediateDirectories: true)
            #expect(try Self.format(of: plusPlus) == "Maildir")

            let emlDir = dir.appendingPathComponent("emls")
            try fm.createDirectory(at: emlDir.appendingPathComponent("sub"), withIntermediateDirectories: true)
            try Data("Subject: b\n\n".utf8).write(to: emlDir.appendingPathComponent("sub/b.EML"))
            try Data("Subject: a\n\n".utf8).write(to: emlDir.appendingPathComponent("a.eml"))
            try Data("not mail".utf8).write(to: emlDir.appendingPathComponent("notes.txt"))
            var files = try MailboxSource.open(path: emlDir.path)
            #expect(files.formatName == ".eml files")
            var subjects: [String] = []
            while let message = try files.next() { subjects.append(String(decoding: message.data, as: UTF8.self)) }
            #expect(subjects == ["Subject: a\n\n", "Subject: b\n\n"])
        }
    }

    @Test func missingPathIsNotFound() {
        let path = URL(fileURLWithPath: "/nonexistent/hearth/mailbox")
        #expect(Self.failure(opening: path) == .notFound(path: path.path))
    }

    @Test func unrecognizedInputsSayWhy() throws {
        try withTemporaryDirectory { dir in
            let binary = dir.appendingPathComponent("garbage.bin")
            try Data([0x00, 0x01, 0x02, 0xFF]).write(to: binary)
            guard case .unrecognizedFormat(_, let reason)? = Self.failure(opening: binary) else {
                Issue.record("binary file accepted"); return
            }
            #expect(reason.contains("From "))

            let text = dir.appendingPathComponent("notes.txt")
            try Data("Dear diary,\nFrom Monday on I will read mail.\n".utf8).write(to: text)
            #expect({ if case .unrecognizedFormat? = Self.failure(opening: text) { true } else { false } }())

            let plainDir = dir.appendingPathComponent("photos")
            try FileManager.default.createDirectory(at: plainDir, withIntermediateDirectories: true)
            try Data([1, 2, 3]).write(to: plainDir.appendingPathComponent("a.jpg"))
            guard case .unrecognizedFormat(_, let dirReason)? = Self.failure(opening: plainDir) else {
                Issue.record("plain directory accepted"); return
            }
            #expect(dirReason.contains("cur/"))
        }
    }

    @Test func wrapperForwardsProgressAndSkips() throws {
        try withTemporaryDirectory { dir in
            try MaildirReaderTests.put(dir, "cur/1.M1P1.h:2,S", "x", modified: utc(2008, 1, 1))
            try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("cur/2.M2P1.h:2,S").path,
                                                       withDestinationPath: "/nonexistent")
            var source = try MailboxSource.open(path: dir.path)
            var count = 0
            while try source.next() != nil { count += 1 }
            #expect(count == 1)
            #expect(source.skipped.count == 1)
            #expect(source.bytesRead == source.totalBytes)
        }
    }
}
