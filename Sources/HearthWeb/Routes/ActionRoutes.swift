import Foundation
import HearthApp
import HearthCore

/// User actions on conversations: applied to the local store at once through the engine's use
/// case (`PerformMailActionUseCase`, journalled), then sent to the server in the background
/// (`AccountSynchronizer.replayActions`), exactly as the CLI's action commands do.
extension WebApp {
    static let actions: [String: MailAction] = [
        "archive": .archive, "trash": .moveToTrash, "read": .setRead(true), "unread": .setRead(false),
        "star": .setStarred(true), "unstar": .setStarred(false), "delete-forever": .deletePermanently,
    ]

    struct ActionResult: Encodable {
        var action: String
        var threads: [Int64]
        var messages: Int
        var pending: Int
        /// For archive, delete and move: where the messages were, handed back with Undo.
        var undo: String?
    }

    /// `POST /action`: `action`, `threads` (ids, repeated or comma-separated) or `emails`,
    /// optional `from` (the folder shown) and `return`.
    func action(_ request: WebRequest) async throws -> WebResponse {
        // A "Move to…" button sends the folder as `to` (its form may carry no action).
        let moveTo = request.field("to").flatMap(Int64.init).map(FolderID.init(rawValue:))
        let name = request.field("action") ?? (moveTo != nil ? "move" : "")
        let action: MailAction
        if name == "move" {
            guard let moveTo else { throw WebError.badRequest("Choose the folder to move to.") }
            action = .move(to: moveTo)
        } else {
            guard let known = Self.actions[name] else { throw WebError.badRequest("Unknown action.") }
            action = known
        }
        let fields = request.formFields
        let raw: [String] = fields["threads"] ?? request.query["threads"] ?? []
        let threadIDs: [Int64] = raw.flatMap { $0.split(separator: ",") }.compactMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
        let explicit = (fields["emails"] ?? []).flatMap { $0.split(separator: ",") }.compactMap { Int64($0) }.map(EmailID.init(rawValue:))
        guard !threadIDs.isEmpty || !explicit.isEmpty else {
            if request.wantsJSON { return .json(["error": "Select at least one conversation."], status: 400) }
            return .redirect(safeReturn(request.field("return")))
        }
        let from = request.field("from").flatMap(Int64.init).map(FolderID.init(rawValue:))
        let targets = MailActions.Targets(threads: threadIDs.map(ThreadID.init(rawValue:)), emails: explicit, from: from)
        var undo: String?
        if MailActions.isUndoable(action), let record = try? MailActions(actionContext()).undoRecord(for: targets),
           let data = try? JSONEncoder().encode(record) {
            undo = String(decoding: data, as: UTF8.self)
        }
        let applied = try perform(action, on: targets)
        hub.publish(.make("changed", ["action": name, "threads": threadIDs]))
        let result = ActionResult(action: name, threads: threadIDs, messages: applied.messages, pending: applied.journalled.count, undo: undo)
        if request.wantsJSON { return .json(result) }
        return .redirect(safeReturn(request.field("return")))
    }

    /// Opening a conversation marks its messages read (the same path as the Read button).
    func perform(_ action: MailAction, on emails: [EmailID], from folder: FolderID?) throws {
        try perform(action, on: MailActions.Targets(emails: emails, from: folder))
    }

    /// The action through the application layer: local at once, journalled, and sent to the
    /// server in the background (it waits for the next sync when the server cannot be reached).
    @discardableResult
    func perform(_ action: MailAction, on targets: MailActions.Targets) throws -> MailActions.Applied {
        let actions = MailActions(actionContext())
        let applied: MailActions.Applied
        do { applied = try actions.apply(action, to: targets) } catch {
            throw WebError.badRequest("Could not \(action.description): \(error.message)")
        }
        if !applied.journalled.isEmpty, services.app != nil || services.secrets != nil {
            let hub = self.hub
            let task = Task.detached {
                let delivery = await actions.deliver(applied.accounts)
                hub.publish(.make("sync", ["state": "actions", "sent": delivery.sent, "waiting": delivery.waiting,
                                           "message": delivery.notes.joined(separator: "; ")]))
            }
            track(task)
            deliveries.withLock { running in
                running.removeAll { $0.isCancelled }
                running.append(task)
            }
        }
        return applied
    }

    struct UndoResult: Encodable {
        var restored: Int
        var threads: [Int64]
        var sent: Int
        var waiting: Int
    }

    /// `POST /action/undo`: `record` (what `/action` answered as `undo`). Puts the messages back
    /// through the application layer (`MailActions.undo`) once the action's own delivery to the
    /// server is over.
    func undoAction(_ request: WebRequest) async throws -> WebResponse {
        guard let raw = request.field("record"),
              let record = try? JSONDecoder().decode(MailActions.UndoRecord.self, from: Data(raw.utf8)) else {
            throw WebError.badRequest("Nothing to undo.")
        }
        let running = deliveries.withLock { tasks -> [Task<Void, Never>] in defer { tasks.removeAll() }; return tasks }
        for task in running { await task.value }
        let undone: MailActions.Undone
        do { undone = try await MailActions(actionContext()).undo(record) } catch {
            throw WebError.badRequest("Could not undo: \(error.message)")
        }
        hub.publish(.make("changed", ["action": "undo", "threads": undone.threads.map(\.rawValue)]))
        let result = UndoResult(restored: undone.restored, threads: undone.threads.map(\.rawValue),
                                sent: undone.delivery.sent, waiting: undone.delivery.waiting)
        if request.wantsJSON { return .json(result) }
        return .redirect(safeReturn(request.field("return")))
    }

    /// Local actions need no secrets; only delivering them to a server does.
    func actionContext() -> AppContext {
        (try? application()) ?? AppContext(dataDirectory: dataDirectory, store: store, secrets: {
            throw WebError.unavailable("this session cannot reach the accounts' servers")
        })
    }

    func syncNow(_ request: WebRequest) async throws -> WebResponse {
        let started = startSync()
        if request.wantsJSON { return .json(["started": started]) }
        return .redirect(safeReturn(request.field("return")))
    }

    /// Syncs every active account with a server in the background (`SyncMail`), with live
    /// progress; the AI step follows when new mail arrived. Returns how many accounts it started.
    @discardableResult
    func startSync() -> Int {
        guard let app = try? application() else { return 0 }
        let sync = SyncMail(app)
        guard let accounts = try? sync.accounts(nil), !accounts.isEmpty else { return 0 }
        let hub = self.hub
        for account in accounts { hub.publish(.make("sync", ["account": account.email, "state": "running"])) }
        track(Task.detached { [weak self] in
            let outcomes = await sync(accounts) { account in
                { progress in
                    hub.publish(.make("sync", ["account": account.email, "state": "running", "folder": progress.folder ?? "",
                                               "done": progress.foldersDone, "total": progress.foldersTotal]))
                }
            }
            for outcome in outcomes {
                if let error = outcome.error {
                    hub.publish(.make("sync", ["account": outcome.account.email, "state": "failed", "message": error.message]))
                } else {
                    hub.publish(.make("sync", ["account": outcome.account.email, "state": "done", "new": outcome.result?.inserted ?? 0,
                                               "waiting": outcome.actionsWaiting]))
                }
            }
            self?.runAIAfterSync()   // categorise, embed, summarise what arrived (background, returns at once)
        })
        return accounts.count
    }

    func track(_ task: Task<Void, Never>) {
        background.withLock { tasks in
            tasks.removeAll { $0.isCancelled }
            tasks.append(task)
        }
    }
}
