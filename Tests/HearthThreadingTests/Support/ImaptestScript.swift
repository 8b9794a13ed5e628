import Foundation
import HearthThreading

/// A Dovecot imaptest THREAD script (`threading-imaptest-rfc5256/<name>`) and its mailbox.
///
/// The scripts are IMAP sessions: `messages: all` starts with every mbox message (`state: created`
/// with none), `ok append` adds the next mbox message, `ok store <set> +flags \deleted` then
/// `ok expunge` removes messages and renumbers the rest, and each `ok thread <algorithm> …` line is
/// followed by the expected untagged answer `* THREAD …`.
struct ImaptestScript {
    enum Algorithm: String { case references, orderedsubject }

    enum Step {
        case append
        case markDeleted([Int])
        case expunge
        case expect(Algorithm, answer: String)
    }

    var name: String
    var startsWithAllMessages: Bool
    var steps: [Step]
    var mbox: [ThreadingHeaders]

    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    init(name: String, script: String, mbox: URL) throws {
        self.name = name
        self.mbox = try ThreadingHeaders.read(mbox: mbox)
        startsWithAllMessages = false
        steps = []
        var pending: Algorithm?
        for rawLine in script.split(separator: "\n") {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            let words = line.lowercased().split(separator: " ").map(String.init)
            if line.lowercased() == "messages: all" {
                startsWithAllMessages = true
            } else if words.starts(with: ["ok", "append"]) {
                steps.append(.append)
            } else if words.starts(with: ["ok", "expunge"]) {
                steps.append(.expunge)
            } else if words.starts(with: ["ok", "store"]), words.count >= 5, words[3] == "+flags",
                      words[4] == "\\deleted" {
                steps.append(.markDeleted(try Self.sequenceSet(words[2])))
            } else if words.starts(with: ["ok", "thread"]), words.count >= 3 {
                guard let algorithm = Algorithm(rawValue: words[2]) else {
                    throw Malformed(description: "\(name): unknown algorithm in '\(line)'")
                }
                pending = algorithm
            } else if words.starts(with: ["*", "thread"]) {
                guard let algorithm = pending else { throw Malformed(description: "\(name): answer without command") }
                steps.append(.expect(algorithm, answer: String(line.dropFirst("* thread".count))
                    .trimmingCharacters(in: .whitespaces)))
                pending = nil
            }
        }
    }

    /// "1,2" and "3:5" sequence sets.
    private static func sequenceSet(_ text: String) throws -> [Int] {
        try text.split(separator: ",").flatMap { part -> [Int] in
            let bounds = part.split(separator: ":").compactMap { Int($0) }
            switch bounds.count {
            case 1: return bounds
            case 2: return Array(min(bounds[0], bounds[1])...max(bounds[0], bounds[1]))
            default: throw Malformed(description: "bad sequence set \(text)")
            }
        }
    }

    /// One expected answer and what our threader said at that point of the session.
    struct Outcome {
        var algorithm: Algorithm
        var expected: String
        var actual: String
        var matches: Bool { expected == actual }
    }

    /// Plays the session; message numbers are sequence numbers at the time of each THREAD.
    func run() throws -> [Outcome] {
        var mailbox: [(headers: ThreadingHeaders, deleted: Bool)] =
            startsWithAllMessages ? mbox.map { ($0, false) } : []
        var nextToAppend = startsWithAllMessages ? mbox.count : 0
        var outcomes: [Outcome] = []
        for step in steps {
            switch step {
            case .append:
                guard nextToAppend < mbox.count else { throw Malformed(description: "\(name): nothing left to append") }
                mailbox.append((mbox[nextToAppend], false))
                nextToAppend += 1
            case .markDeleted(let sequence):
                for number in sequence where mailbox.indices.contains(number - 1) { mailbox[number - 1].deleted = true }
            case .expunge:
                mailbox.removeAll { $0.deleted }
            case .expect(let algorithm, let answer):
                let inputs = mailbox.enumerated().map { $0.element.headers.threadInput(index: $0.offset + 1) }
                let forest = switch algorithm {
                case .references: ReferenceThreader(subjectGrouping: .rfc5256).thread(inputs)
                case .orderedsubject: OrderedSubjectThreader.thread(inputs)
                }
                outcomes.append(Outcome(algorithm: algorithm, expected: answer,
                                        actual: ThreadTree.imapThreadList(forest)))
            }
        }
        return outcomes
    }
}
