import Foundation
import HearthCore
import Testing
@testable import HearthMailbox

@Suite struct MaildirReaderTests {
    /// Writes a message file with a given mtime.
    static func put(_ directory: URL, _ relative: String, _ subject: String, modified: Date) throws {
        let url = directory.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("Subject: \(subject)\n\nbody\n".utf8).write(to: url)
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: url.path)
    }

    static func makeMaildir(_ root: URL) throws {
        let fm = FileManager.default
        for folder in ["", ".Sent/", ".Lists.linux/", ".Empty/"] {
            for sub in ["cur", "new", "tmp"] {
                try fm.createDirectory(at: root.appendingPathComponent(folder + sub), withIntermediateDirectories: true)
            }
        }
        try put(root, "cur/1200000000.M1P1.host:2,RS", "replied and seen", modified: utc(2008, 1, 3))
        try put(root, "cur/1100000000.M2P1.host:2,FT", "flagged trashed", modified: utc(2008, 1, 1))
        try put(root, "cur/1100000001.M3P1.host:2,DP", "draft passed", modified: utc(2008, 1, 2))
        try put(root, "cur/1100000002.M4P1.host:2,Sabc", "seen with keywords", modified: utc(2008, 1, 2))
        try put(root, "new/1300000000.M5P1.host", "new", modified: utc(2008, 1, 4))
        try put(root, "new/1300000001.M6P1.host:2,S", "new but claims seen", modified: utc(2008, 1, 5))
        try put(root, "tmp/1400000000.M7P1.host", "being delivered", modified: utc(2008, 1, 1))
        try put(root, ".Sent/cur/1000000000.M8P1.host:2,S", "sent", modified: utc(2007, 1, 1))
        try put(root, ".Lists.linux/new/1000000001.M9P1.host", "list", modified: utc(2007, 1, 1))
        try put(root, "cur/.hidden", "ignored", modified: utc(2008, 1, 1))
    }

    @Test func foldersFlagsAndOrder() throws {
        try withTemporaryDirectory { root in
            try Self.makeMaildir(root)
            let reader = try MaildirReader(path: root.path)
            #expect(reader.folderPaths == ["INBOX", "Empty", "Lists/linux", "Sent"])
            var seen: [(String, String?, MessageMapping.Flags, Date?)] = []
            while let message = try reader.next() {
                let subject = String(decoding: message.data, as: UTF8.self)
                    .split(separator: "\n").first.map { String($0.dropFirst("Subject: ".count)) } ?? ""
                seen.append((subject, message.folderPath, message.flags, message.receivedDate))
            }
            #expect(seen.map(\.0) == [
                "flagged trashed", "draft passed", "seen with keywords", "replied and seen", "new",
                "new but claims seen", "list", "sent",
            ])
            #expect(seen.map(\.1) == ["INBOX", "INBOX", "INBOX", "INBOX", "INBOX", "INBOX", "Lists/linux", "Sent"])
            #expect(seen.map(\.2) == [
                [.flagged, .deleted], [.draft], [.seen], [.answered, .seen], [], [], [], [.seen],
            ])
            #expect(seen.first?.3 == utc(2008, 1, 1))
            #expect(reader.skipped.isEmpty)
            #expect(reader.bytesRead == reader.totalBytes)
        }
    }

    @Test func maildirPlusPlusRootWithoutCurIsStillAMaildir() throws {
        try withTemporaryDirectory { root in
            try Self.put(root, ".Archive.2008/cur/1.M1P1.host:2,S", "archived", modified: utc(2008, 1, 1))
            let reader = try MaildirReader(path: root.path)
            #expect(reader.folderPaths == ["Archive/2008"])
            #expect(try reader.next()?.folderPath == "Archive/2008")
            #expect(try reader.next() == nil)
        }
    }

    /// mbsync (`SubFolders Verbatim`) and offlineimap write one Maildir per folder under a root
    /// that is not a Maildir itself; mbsync's Legacy layout adds dot-folders under a folder.
    @Test func aTreeOfMaildirsIsReadAsFoldersNamedByTheTree() throws {
        try withTemporaryDirectory { root in
            try Self.put(root, "INBOX/cur/1.M1P1.host:2,S", "inbox", modified: utc(2008, 1, 1))
            try Self.put(root, "Work/new/2.M2P1.host", "work", modified: utc(2008, 1, 2))
            try Self.put(root, "Work/Projects/cur/3.M3P1.host:2,", "projects", modified: utc(2008, 1, 3))
            try Self.put(root, "Work/.Old/cur/4.M4P1.host:2,S", "legacy dot folder", modified: utc(2008, 1, 4))
            try Self.put(root, "[Gmail]/Sent Mail/cur/5.M5P1.host:2,S", "gmail sent", modified: utc(2008, 1, 5))
            // Not folders: a tool's hidden state directory, tmp/ only, an empty directory.
            try Self.put(root, ".notmuch/xapian/cur/6.M6P1.host", "not mail", modified: utc(2008, 1, 6))
            try Self.put(root, "Half/tmp/7.M7P1.host", "being delivered", modified: utc(2008, 1, 7))
            try FileManager.default.createDirectory(at: root.appendingPathComponent("Empty"), withIntermediateDirectories: true)
            guard case .maildir = try MailboxSource.open(path: root.path) else {
                Issue.record("a tree of Maildirs was not detected as a Maildir")
                return
            }
            let reader = try MaildirReader(path: root.path)
            #expect(reader.folderPaths == ["INBOX", "Work", "Work/Old", "Work/Projects", "[Gmail]/Sent Mail"])
            var seen: [String] = []
            while let message = try reader.next() { seen.append(message.folderPath ?? "?") }
            #expect(seen == ["INBOX", "Work", "Work/Old", "Work/Projects", "[Gmail]/Sent Mail"])
        }
    }

    /// A symbolic link back up the tree is not followed (the walk would never end).
    @Test func aLinkBackUpTheTreeIsNotFollowed() throws {
        try withTemporaryDirectory { root in
            try Self.put(root, "Work/cur/1.M1P1.host:2,S", "work", modified: utc(2008, 1, 1))
            try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("Work/loop"), withDestinationURL: root)
            let reader = try MaildirReader(path: root.path)
            #expect(reader.folderPaths == ["Work"])
        }
    }

    @Test func unreadableFilesAreSkippedAndReported() throws {
        try withTemporaryDirectory { root in
            try Self.put(root, "cur/1.M1P1.host:2,S", "first", modified: utc(2008, 1, 1))
            try Self.put(root, "cur/3.M3P1.host:2,S", "third", modified: utc(2008, 1, 3))
            // A dangling link (a file moved away while we walk) and a directory where a file
            // should be: unreadable even for root.
            try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("cur/2.M2P1.host:2,S").path,
                                                       withDestinationPath: "/nonexistent/message")
            try FileManager.default.createDirectory(at: root.appendingPathComponent("new/4.M4P1.host"), withIntermediateDirectories: true)
            // A link to a readable file is a message like any other.
            try Self.put(root, "elsewhere/6.M6P1.host", "linked", modified: utc(2008, 1, 6))
            try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("cur/6.M6P1.host:2,S").path,
                                                       withDestinationPath: root.appendingPathComponent("elsewhere/6.M6P1.host").path)
            var expectedSkips = 2
            if getuid() != 0 {
                try Self.put(root, "cur/5.M5P1.host:2,S", "locked", modified: utc(2008, 1, 5))
                try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: root.appendingPathComponent("cur/5.M5P1.host:2,S").path)
                expectedSkips += 1
            }
            let reader = try MaildirReader(path: root.path)
            var count = 0
            while try reader.next() != nil { count += 1 }
            #expect(count == 3)
            #expect(reader.skipped.count == expectedSkips, "\(reader.skipped)")
            #expect(reader.skipped.contains { $0.path.hasSuffix("cur/2.M2P1.host:2,S") && $0.reason.contains("vanished") })
            #expect(reader.skipped.contains { $0.path.hasSuffix("new/4.M4P1.host") && $0.reason == "not a regular file" })
        }
    }

    static let infoCases: [(String, MessageMapping.Flags)] = [
        ("123.M1.host:2,PRSTDF", [.answered, .seen, .deleted, .draft, .flagged]),
        ("123.M1.host:2,", []),
        ("123.M1.host", []),
        ("123.M1.host!2,S", [.seen]),
        ("123.M1.host:1,S", []),
        ("123.M1.host:2,abcS", [.seen]),
    ]

    @Test(arguments: infoCases)
    func infoSuffix(name: String, flags: MessageMapping.Flags) {
        #expect(MaildirFlags.parse(fileName: name) == flags)
    }

    @Test func deliveryTimeFromTheName() {
        #expect(MaildirFlags.deliveryTime(fileName: "1204680122.M20P3.host:2,S") == Date(timeIntervalSince1970: 1_204_680_122))
        #expect(MaildirFlags.deliveryTime(fileName: "msg.1") == nil)
    }
}
