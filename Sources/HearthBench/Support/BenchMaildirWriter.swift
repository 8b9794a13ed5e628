import Foundation
import HearthMailbox

/// Writes the messages of mailboxes into one Maildir (`cur/`), so Hearth, mu and notmuch read
/// exactly the same files.
enum BenchMaildirWriter {
    /// Every message of `sources` in order, at most `limit` (0: all). Returns (messages, bytes).
    static func write(sources: [String], to maildir: URL, limit: Int) throws -> (Int, Int64) {
        let cur = try create(maildir)
        var count = 0
        var bytes: Int64 = 0
        for path in sources {
            var source = try MailboxSource.open(path: path)
            while let message = try source.next() {
                count += 1
                bytes += Int64(message.data.count)
                try message.data.write(to: cur.appendingPathComponent(fileName(count)))
                if limit > 0 && count >= limit { return (count, bytes) }
            }
        }
        return (count, bytes)
    }

    /// Exactly `count` messages, going round `sources` as often as needed: the first round as
    /// they are, later rounds `renamed` (so every tool stores them as new messages and threads
    /// stay threads). Returns (distinct, copies); fewer when the sources hold no message.
    static func writeCopies(sources: [String], to maildir: URL, count: Int) throws -> (Int, Int) {
        let cur = try create(maildir)
        var written = 0
        var distinct = 0
        var round = 0
        while written < count {
            var wroteThisRound = 0
            for path in sources {
                var source = try MailboxSource.open(path: path)
                while written < count, let message = try source.next() {
                    written += 1
                    wroteThisRound += 1
                    let data = round == 0 ? message.data : renamed(message.data, copy: round)
                    try data.write(to: cur.appendingPathComponent(fileName(written)))
                }
            }
            if round == 0 { distinct = written }
            guard wroteThisRound > 0 else { break }
            round += 1
        }
        return (distinct, written - distinct)
    }

    /// The Maildir's three folders; returns `cur/`.
    private static func create(_ maildir: URL) throws -> URL {
        for sub in ["cur", "new", "tmp"] {
            try FileManager.default.createDirectory(at: maildir.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        return maildir.appendingPathComponent("cur")
    }

    /// The `n`th message's file name: sorts in writing order, flagged seen.
    private static func fileName(_ n: Int) -> String {
        String(format: "%010d.%06d.bench:2,S", 1_000_000_000 + n, n)
    }

    /// The message with `.copyN` before every `@` of its Message-ID, In-Reply-To and References
    /// fields (folded lines included); the body and every other header are untouched.
    static func renamed(_ data: Data, copy: Int) -> Data {
        let bytes = [UInt8](data)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        let suffix = Array(".copy\(copy)".utf8)
        var i = 0
        var inIDField = false
        var atLineStart = true
        while i < bytes.count {
            let b = bytes[i]
            if atLineStart {
                if b == 0x0A || (b == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A) {
                    out.append(contentsOf: bytes[i...])   // end of the header section
                    return Data(out)
                }
                if b != 0x20 && b != 0x09 {
                    let rest = String(decoding: bytes[i..<min(bytes.count, i + 12)], as: UTF8.self).lowercased()
                    inIDField = rest.hasPrefix("message-id:") || rest.hasPrefix("in-reply-to:") || rest.hasPrefix("references:")
                }
            }
            if inIDField && b == UInt8(ascii: "@") { out.append(contentsOf: suffix) }
            out.append(b)
            atLineStart = b == 0x0A
            i += 1
        }
        return Data(out)
    }
}
