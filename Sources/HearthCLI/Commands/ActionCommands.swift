import ArgumentParser
import Foundation
import HearthApp
import HearthCore
import HearthSync

/// What every action command acts on, and how.
struct ActionTargets: ParsableArguments {
    @Argument(help: "Message ids (see `hearth show`), or thread ids with --thread.") var ids: [Int64]
    @Flag(help: "The ids are thread ids: act on every message of those conversations.") var thread = false
    @Option(help: "The folder id the messages are shown in (archive/move take them out of it).") var from: Int64?
    @Flag(help: "Only change the local copy now; the server hears of it at the next sync.") var offline = false
}

/// Applies an action locally at once, journals it, and (unless --offline) sends it to the server
/// right away; when the server cannot be reached it waits in the journal for the next sync.
enum ActionRunner {
    static func run(_ action: MailAction, _ targets: ActionTargets, global: GlobalOptions) async throws {
        try await reportingErrors(json: global.json) {
            let engine = try Engine.open(global)
            let actions = MailActions(engine.app)
            let picked = targets.ids
            let chosen = MailActions.Targets(threads: targets.thread ? picked.map(ThreadID.init(rawValue:)) : [],
                                             emails: targets.thread ? [] : picked.map(EmailID.init(rawValue:)),
                                             from: targets.from.map(FolderID.init(rawValue:)))
            let applied = try AppErrors.mapping { try actions.apply(action, to: chosen) }
            let journalled = applied.journalled
            let emails = applied.messages
            var sent = 0
            var notes: [String] = []
            if !targets.offline {
                let delivery = await actions.deliver(applied.accounts)
                sent = delivery.sent
                notes = delivery.notes
            }
            let pending = journalled.count - sent
            if global.json {
                StandardStreams.out(try JSONOutput.render("action", ActionJSON(
                    action: action.description, messages: emails, serverOperations: journalled.count,
                    sent: sent, pending: pending, notes: notes)))
            } else {
                var line = "\(action.description.prefix(1).uppercased() + action.description.dropFirst()): \(emails) message(s)"
                if !journalled.isEmpty { line += "; server: \(sent) sent, \(pending) pending" }
                StandardStreams.out(line)
                notes.forEach { StandardStreams.out("  \($0)") }
            }
        }
    }
}

struct ActionJSON: Encodable {
    let action: String
    let messages, serverOperations, sent, pending: Int
    let notes: [String]
}

struct MarkCommand: AsyncParsableCommand {
    enum State: String, ExpressibleByArgument, CaseIterable { case read, unread, starred, unstarred }
    static let configuration = CommandConfiguration(commandName: "mark", abstract: "Mark messages read, unread, starred or unstarred.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "read, unread, starred or unstarred") var state: State
    @OptionGroup var targets: ActionTargets

    func run() async throws {
        let action: MailAction = switch state {
        case .read: .setRead(true)
        case .unread: .setRead(false)
        case .starred: .setStarred(true)
        case .unstarred: .setStarred(false)
        }
        try await ActionRunner.run(action, targets, global: global)
    }
}

struct ArchiveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "archive", abstract: "Move messages out of the inbox (Gmail: remove the Inbox label).")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var targets: ActionTargets
    func run() async throws { try await ActionRunner.run(.archive, targets, global: global) }
}

struct DeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Move messages to Trash, or delete them for good from Trash.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var targets: ActionTargets
    @Flag(help: "Delete for good (only messages in Trash). This cannot be undone.") var permanent = false
    @Flag(help: "Confirm --permanent without asking.") var yes = false

    func run() async throws {
        if permanent && !yes {
            StandardStreams.err("Permanently delete \(targets.ids.count) item(s)? This cannot be undone. Type 'yes': ")
            guard readLine()?.trimmingCharacters(in: .whitespaces).lowercased() == "yes" else {
                StandardStreams.err("Nothing deleted.")
                return
            }
        }
        try await ActionRunner.run(permanent ? .deletePermanently : .moveToTrash, targets, global: global)
    }
}

struct MoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "move", abstract: "Move messages to another folder.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var targets: ActionTargets
    @Option(help: "The target folder: its id, or its name/path in the messages' account.") var to: String

    func run() async throws {
        try await reportingErrors(json: global.json) {
            let engine = try Engine.open(global)
            let chosen = MailActions.Targets(threads: targets.thread ? targets.ids.map(ThreadID.init(rawValue:)) : [],
                                             emails: targets.thread ? [] : targets.ids.map(EmailID.init(rawValue:)))
            // The same lookup the web app's "Move to" menu relies on (HearthApp).
            let folder = try AppErrors.mapping { try MailActions(engine.app).folder(named: to, for: chosen) }
            try await ActionRunner.run(.move(to: folder), targets, global: global)
        }
    }
}

/// `hearth actions [list|retry ID|dismiss ID]`: the journal of actions the server has not confirmed.
struct ActionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "actions", abstract: "Show actions waiting for the server, and failed ones; retry or dismiss them.")
    enum Verb: String, ExpressibleByArgument, CaseIterable { case list, retry, dismiss }
    @OptionGroup var global: GlobalOptions
    @Argument(help: "list (default), retry ID, dismiss ID") var verb: Verb = .list
    @Argument(help: "The journal entry id (for retry and dismiss).") var id: Int64?

    func run() async throws {
        try await reportingErrors(json: global.json) {
            let engine = try Engine.open(global)
            switch verb {
            case .list:
                let entries = try engine.store.journal(account: nil)
                if global.json {
                    StandardStreams.out(try JSONOutput.render("actions", entries.map(PendingOperationJSON.init)))
                } else if entries.isEmpty {
                    StandardStreams.out("Nothing waiting: the server has every action.")
                } else {
                    for e in entries {
                        let state = e.state == .failed ? "FAILED" : (e.attempts > 0 ? "retrying" : "pending")
                        StandardStreams.out("\(e.id)\t\(state)\t\(e.action)\tmessage \(e.email.map { "\($0)" } ?? "(deleted)")\(e.lastError.map { "\t\($0)" } ?? "")")
                    }
                }
            case .retry, .dismiss:
                guard let id else { throw CLIError.invalidInput("give the entry id (see `hearth actions`)") }
                guard try engine.store.journal(account: nil).contains(where: { $0.id.rawValue == id }) else {
                    throw CLIError.notFound("no journal entry \(id)")
                }
                if verb == .retry {
                    try engine.store.retry(PendingOperationID(id), at: Date())
                    StandardStreams.out("Entry \(id) will be sent at the next sync.")
                } else {
                    try engine.store.dismiss(PendingOperationID(id))
                    StandardStreams.out("Entry \(id) dismissed.")
                }
            }
        }
    }
}

struct PendingOperationJSON: Encodable {
    let id: Int64
    let account: Int64
    let email: Int64?
    let action: String
    let state: String
    let attempts: Int
    let nextAttemptAt: Date
    let lastError: String?

    init(_ p: PendingOperation) {
        id = p.id.rawValue; account = p.account.rawValue; email = p.email?.rawValue; action = p.action
        state = p.state.rawValue; attempts = p.attempts; nextAttemptAt = p.nextAttemptAt; lastError = p.lastError
    }
}
