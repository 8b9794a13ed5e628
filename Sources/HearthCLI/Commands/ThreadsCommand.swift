import ArgumentParser
import Foundation
import HearthApp
import HearthCore

/// `hearth threads`: conversations newest first, for one account or all (unified).
struct ThreadsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "threads",
        abstract: "List conversations, newest first (all accounts unless --account is given).")

    @OptionGroup var global: GlobalOptions

    @Option(name: .customLong("account"), help: "Account id or address; repeat for several. Default: all (unified).")
    var accounts: [String] = []

    @Option(help: "Folder: a role (inbox, sent, drafts, trash, spam, archive, starred) or a folder name/path.")
    var folder: String?

    @Option(help: "AI category: primary, social, promotions, updates, forums, uncategorized.")
    var category: AICategory?

    @Flag(help: "Only threads with unread messages.")
    var unread = false

    @Option(help: "How many threads.")
    var limit: Int = 50

    @Option(help: "Continue after this cursor (printed as nextCursor by the previous page).")
    var before: String?

    func validate() throws {
        guard limit > 0 else { throw ValidationError("--limit must be positive") }
        if let before, ThreadCursorCoding.decode(before) == nil {
            throw ValidationError("--before is not a cursor printed by `hearth threads`")
        }
    }

    func run() throws {
        try reportingErrors(json: global.json) {
            let engine = try Engine.open(global)
            let accountIDs = try accounts.map { try engine.account(matching: $0) }.compactMap(\.id)
            var query = ThreadQuery(accounts: accountIDs, category: category, unreadOnly: unread,
                                    limit: limit, before: before.flatMap(ThreadCursorCoding.decode))
            if let folder {
                if let type = FolderType(rawValue: folder.lowercased()) {
                    query.folderType = type
                } else {
                    query.folderID = try resolveFolder(folder, engine: engine, accounts: accountIDs)
                }
            }
            var screen = ThreadListState(query: query)
            try ThreadList(store: engine.store).load(&screen, from: query.before)
            let threads = screen.threads
            let next = screen.nextCursor.map(ThreadCursorCoding.encode)
            if global.json {
                StandardStreams.out(try JSONOutput.render("threads", ThreadListJSON(
                    threads: threads.map(ThreadJSON.init), nextCursor: next)))
            } else if threads.isEmpty {
                StandardStreams.out("No conversations.")
            } else {
                threads.forEach { StandardStreams.out(TextRendering.threadLine($0)) }
                if let next { StandardStreams.err("More: hearth threads --before \(next)") }
            }
        }
    }

    private func resolveFolder(_ name: String, engine: Engine, accounts: [AccountID]) throws -> FolderID {
        let scope = accounts.isEmpty ? try engine.store.accounts().compactMap(\.id) : accounts
        for account in scope {
            if let match = try engine.store.folders(account: account).first(where: {
                $0.imapPath == name || $0.name.caseInsensitiveCompare(name) == .orderedSame
            }), let id = match.id { return id }
        }
        throw CLIError.notFound("no folder \"\(name)\"")
    }
}

extension AICategory: ExpressibleByArgument {}

/// Cursors are opaque to users: "<unix seconds>:<thread id>".
enum ThreadCursorCoding {
    static func encode(_ cursor: ThreadCursor) -> String {
        "\(cursor.latestDate.timeIntervalSince1970):\(cursor.threadID.rawValue)"
    }

    static func decode(_ text: String) -> ThreadCursor? {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let seconds = Double(parts[0]), let id = Int64(parts[1]) else { return nil }
        return ThreadCursor(latestDate: Date(timeIntervalSince1970: seconds), threadID: ThreadID(id))
    }
}
