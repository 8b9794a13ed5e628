import Foundation
import Testing
import HearthTestSupport
import HearthMIME
import HearthCore


@Suite struct RobustnessTests {
    /// Parsing may refuse (notAMessage / limitExceeded) but must return.
    @discardableResult
    static func parse(_ data: Data, _ parser: MIMEParser = MIMEParser()) -> ParsedMessage? {
        try? parser.parse(data)
    }

    @Test(.corporaPresent)
    func everyCorpusMessageParses() {
        let messages = CorpusMessages.all()
        #expect(messages.count > 500)
        var parsed = 0, refused: [String] = []
        for (name, data) in messages {
            if let m = Self.parse(data) {
                parsed += 1
                #expect(m.sizeBytes == data.count)
                for a in m.attachments { #expect(!a.partPath.isEmpty && !a.filename.isEmpty, "\(name)") }
            } else {
                refused.append(name)
            }
        }
        print("corpus robustness: \(messages.count) messages, \(parsed) parsed, \(refused.count) refused as not-a-message: \(refused.prefix(10))")
        // Refusals are files that are no message at all (DKIM fragments, a .wav, header-less parts).
        #expect(Double(parsed) / Double(messages.count) > 0.92)
    }

    @Test func deepNestingIsBoundedAndReported() throws {
        let depth = 10_000
        var s = "From: a@b\nSubject: deep\nContent-Type: multipart/mixed; boundary=\"b0\"\n\n"
        for i in 1..<depth { s += "--b\(i - 1)\nContent-Type: multipart/mixed; boundary=\"b\(i)\"\n\n" }
        s += "--b\(depth - 1)\nContent-Type: text/plain\n\ninnermost\n"
        for i in stride(from: depth - 1, through: 0, by: -1) { s += "--b\(i)--\n" }
        let m = try MIMEParser().parse(Data(s.utf8))
        #expect(m.defects.contains { $0.kind == .nestingTooDeep })
        let structure = try MIMEParser().structure(of: Data(s.utf8))
        #expect(structure.parts.map(\.depth).max() ?? 0 <= MIMELimits.default.maxDepth)
    }

    @Test func deepMessageRFC822NestingIsBounded() throws {
        var s = "Subject: leaf\n\nbody\n"
        for _ in 0..<2_000 { s = "Subject: wrap\nContent-Type: message/rfc822\n\n" + s }
        let m = try MIMEParser().parse(Data(s.utf8))
        #expect(m.defects.contains { $0.kind == .nestingTooDeep })
    }

    @Test func manyPartsAreCapped() throws {
        var s = "From: a@b\nContent-Type: multipart/mixed; boundary=x\n\n"
        s.reserveCapacity(100_000 * 30)
        for i in 0..<100_000 { s += "--x\nContent-Type: text/plain\n\n\(i)\n" }
        s += "--x--\n"
        let m = try MIMEParser().parse(Data(s.utf8))
        #expect(m.defects.contains { $0.kind == .tooManyParts })
        let structure = try MIMEParser().structure(of: Data(s.utf8))
        #expect(structure.parts.count <= MIMELimits.default.maxParts)
    }

    @Test func manyHeadersAreCapped() throws {
        var s = "From: a@b\n"
        for i in 0..<100_000 { s += "X-H\(i): v\n" }
        s += "Subject: late\n\nbody\n"
        let m = try MIMEParser().parse(Data(s.utf8))
        #expect(m.defects.contains { $0.kind == .tooManyHeaders })
        #expect(m.headers.count <= MIMELimits.default.maxHeaderFields)
        #expect(m.textBody == "body\n")
    }

    @Test func hugeHeaderLineIsTruncated() throws {
        var bytes = Array("From: a@b\nSubject: ".utf8)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "a"), count: 50 * 1024 * 1024))
        bytes.append(contentsOf: Array("\n\nbody\n".utf8))
        let m = try MIMEParser().parse(Data(bytes))
        #expect(m.defects.contains { $0.kind == .truncated })
        #expect(m.subject.utf8.count <= MIMELimits.default.maxHeaderLineLength)
        #expect(m.textBody == "body\n")
    }

    @Test func oversizedMessageIsRefused() {
        let parser = MIMEParser(limits: MIMELimits(maxTotalSize: 1_000))
        let data = Data(("Subject: x\n\n" + String(repeating: "y", count: 2_000)).utf8)
        #expect(throws: MessageParseError.self) { try parser.parse(data) }
        do { _ = try parser.parse(data) } catch {
            if case .limitExceeded = error {} else { Issue.record("expected limitExceeded, got \(error)") }
        }
    }

    /// Found by the fuzzer (CI, session 6): a comment cut off by a trailing backslash at the end
    /// of an address header ("(\\" then end of field) made the comment skipper step past the end,
    /// and the tokenizer sliced out of bounds — a crash on one hostile From line.
    @Test func commentEndingInBackslashDoesNotCrash() throws {
        let inputs = [
            Data(base64Encoded: "RnJvbTogQW5uAAAAAAAAAKqqqigBAH9cCk1PbiBhZWUtSQ0K")!,
            Data("From: Ann (note\\\nSubject: x\n\nbody\n".utf8),
            Data("From: <ann@example.com (x\\>\n\nbody\n".utf8),
            Data("Content-Type: text/plain; charset=utf-8 (c\\\n\nbody\n".utf8),
        ]
        for data in inputs {
            let m = try MIMEParser().parse(data)
            #expect(m.sizeBytes == data.count)
        }
        // The cut-off comment stays inside its own field: the next header is read as usual.
        #expect(try MIMEParser().parse(inputs[1]).subject == "x")
    }

    @Test func randomBytesNeverCrash() {
        var rng = SeededGenerator(seed: 42)
        for _ in 0..<300 {
            let n = Int.random(in: 0..<4_000, using: &rng)
            let bytes = (0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) }
            Self.parse(Data(bytes))
            Self.parse(Data(Array("Content-Type: multipart/mixed; boundary=a\n\n".utf8) + bytes))
        }
    }

    @Test(.corporaPresent)
    func mutatedCorpusMessagesNeverCrash() {
        let seeds = CorpusMessages.all().filter { $0.data.count < 16_384 }.map(\.data)
        #expect(!seeds.isEmpty)
        var rng = SeededGenerator(seed: 0x4845_4152_5448) // "HEARTH"
        let interesting = Array("\r\n--=?:;\"<>()@\\ \t".utf8)
        var parsed = 0
        for round in 0..<2_500 {
            var bytes = [UInt8](seeds[round % seeds.count])
            let edits = Int.random(in: 1...20, using: &rng)
            for _ in 0..<edits where !bytes.isEmpty {
                let at = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<5, using: &rng) {
                case 0: bytes[at] = UInt8.random(in: 0...255, using: &rng)
                case 1: bytes[at] = interesting[Int.random(in: 0..<interesting.count, using: &rng)]
                case 2: bytes.remove(at: at)
                case 3: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 64)], at: at) // duplicate a run
                default: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...200, using: &rng)))
                }
            }
            if Self.parse(Data(bytes)) != nil { parsed += 1 }
            if round % 10 == 0, let m = Self.parse(Data(bytes)), let first = m.attachments.first {
                _ = try? MIMEParser.partContent(raw: Data(bytes), partPath: first.partPath)
            }
        }
        print("fuzz: 2500 mutations, \(parsed) parsed")
        #expect(parsed > 0)
    }

    @Test(.corporaPresent)
    func throughput() {
        let messages = CorpusMessages.all()
        let parser = MIMEParser()
        let bytes = messages.reduce(0) { $0 + $1.data.count }
        let start = Date()
        for (_, data) in messages { _ = try? parser.parse(data) }
        let seconds = Date().timeIntervalSince(start)
        print(String(format: "throughput: %d messages, %.1f MB in %.2f s = %.1f MB/s (%.0f msg/s)",
                     messages.count, Double(bytes) / 1e6, seconds, Double(bytes) / 1e6 / seconds, Double(messages.count) / seconds))
    }
}
