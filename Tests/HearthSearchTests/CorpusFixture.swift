import Foundation
import GRDB
import HearthCore
import HearthMailbox
import HearthMIME
import HearthSearch
import HearthStore
import HearthTestSupport

/// Real mail imported through the real pipeline (MailboxSource → MIMEParser →
/// ImportMailboxUseCase → MailStore, whose triggers build the keyword index), once per test
/// process: the first 800 messages of the linux-mips 2000 archive into one account and a slice
/// of the SpamAssassin public corpus (every 6th message file, ham and spam, ~1,000) into another.
/// Slices keep the suite to seconds in a debug build.
final class CorpusFixture: @unchecked Sendable {
    let directory: URL
    let store: MailStore
    let mips: Account
    let spam: Account
    let importSeconds: Double
    let messages: Int

    static let shared: Result<CorpusFixture, any Error> = Result { try CorpusFixture() }

    private init() throws {
        directory = try Corpora.temporaryDirectory("hearth-search-corpus")
        store = try MailStore.open(directory: directory)
        let started = Date()
        let useCase = ImportMailboxUseCase(parser: MIMEParser(), accounts: store, folders: store, emails: store, contacts: store)
        mips = try useCase.localAccount(email: "mips@hearth.local", displayName: "linux-mips")
        var mbox = PrefixSource(base: try MailboxSource.open(path: Corpora.url("bulk-linux-mips/linux-mips-2000.mboxrd.xz").path),
                                limit: Self.mipsMessages)
        let mipsReport = try useCase.run(source: &mbox, into: mips, keepRawSource: false)

        spam = try useCase.localAccount(email: "spamassassin@hearth.local", displayName: "SpamAssassin")
        let extracted = directory.appendingPathComponent("spamassassin")
        try FileManager.default.createDirectory(at: extracted, withIntermediateDirectories: true)
        let tar = Process()
        tar.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        tar.arguments = ["tar", "-xJf", Corpora.url("bulk-spamassassin-public/spamassassin-public-corpus-20030228.tar.xz").path,
                         "-C", extracted.path]
        try tar.run()
        tar.waitUntilExit()
        let files = Self.slice(of: extracted)
        var chained = ChainedSource(files: files)
        let spamReport = try useCase.run(source: &chained, into: spam, keepRawSource: false)
        importSeconds = Date().timeIntervalSince(started)
        messages = mipsReport.messagesStored + spamReport.messagesStored
        print("corpus fixture: \(mipsReport.messagesStored) linux-mips + \(spamReport.messagesStored) SpamAssassin messages "
              + "imported in \(String(format: "%.1f", importSeconds)) s")
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    static let mipsMessages = 800
    static let spamStride = 6

    /// Every `spamStride`-th SpamAssassin message file, in path order.
    static func slice(of root: URL) -> [URL] {
        let all = (FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
            .filter { !$0.hasDirectoryPath && !$0.lastPathComponent.hasPrefix("cmds") }
            .sorted { $0.path < $1.path }
        return all.enumerated().filter { $0.offset % spamStride == 0 }.map(\.element)
    }

    /// A synchronous read (GRDB's `read` is async inside async tests).
    func read<T>(_ body: (Database) throws -> T) throws -> T { try store.database.writer.read(body) }

    /// What a reader of the message sees, decoded: subject, sender, and the text body (or the
    /// text of the HTML body, by HearthMIME's converter — not the index's).
    func visibleText(_ id: EmailID) throws -> String {
        guard let email = try store.email(id) else { return "" }
        var body = email.bodyPlain ?? ""
        if body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, let html = email.bodyHTML {
            body = HTMLText.plainText(fromHTML: html)
        }
        return [email.subject, email.from?.name ?? "", email.from?.address ?? "", body].joined(separator: "\n")
    }
}

/// Words as a reader would split them: letters and digits, case and accents folded.
func readerTokens(_ text: String) -> [String] {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        .split(whereSeparator: { !($0.isLetter || $0.isNumber) })
        .map(String.init)
}

/// Several single-message files (the SpamAssassin corpus keeps each message in a file starting
/// with its mbox "From " line) read one after the other as one source.
struct ChainedSource: RawMessageSource {
    private var files: [URL]
    private var current: AnyMailboxSource?
    private(set) var bytesRead: Int64 = 0
    var totalBytes: Int64? { nil }

    init(files: [URL]) { self.files = files.reversed() }

    mutating func next() throws(MailboxReadError) -> RawMessage? {
        while true {
            if var source = current {
                let message = try source.next()
                current = source
                if let message {
                    bytesRead += Int64(message.data.count)
                    return message
                }
                current = nil
            }
            guard let file = files.popLast() else { return nil }
            current = try MailboxSource.open(path: file.path)
        }
    }
}

/// The first `limit` messages of a source.
struct PrefixSource<Base: RawMessageSource>: RawMessageSource {
    var base: Base
    let limit: Int
    private var taken = 0

    init(base: Base, limit: Int) { self.base = base; self.limit = limit }

    var bytesRead: Int64 { base.bytesRead }
    var totalBytes: Int64? { nil }

    mutating func next() throws(MailboxReadError) -> RawMessage? {
        guard taken < limit else { return nil }
        taken += 1
        return try base.next()
    }
}
