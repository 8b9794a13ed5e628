import Foundation
import HearthCore
import HearthSync

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
    }

    /// `POST /action`: `action`, `threads` (ids, repeated or comma-separated) or `emails`,
    /// optional `from` (the folder shown) and `return`.
    func action(_ request: WebRequest) async throws -> WebResponse {
        guard let name = request.field("action"), let action = Self.actions[name] else {
            throw WebError.badRequest("Unknown action.")
        }
        let fields = request.formFields
        let raw: [String] = fields["threads"] ?? request.query["threads"] ?? []
        let threadIDs: [Int64] = raw.flatMap { $0.split(separator: ",") }.compactMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
        var emails: [EmailID] = []
        for id in threadIDs { emails += try store.emails(inThread: ThreadID(id)).compactMap(\.id) }
        let explicit = (fields["emails"] ?? []).flatMap { $0.split(separator: ",") }.compactMap { Int64($0) }.map(EmailID.init(rawValue:))
        emails += explicit
        guard !emails.isEmpty else {
            if request.wantsJSON { return .json(["error": "Select at least one conversation."], status: 400) }
            return .redirect(safeReturn(request.field("return")))
        }
        // Only the messages an action applies to: starring a conversation stars its newest
        // message (as Gmail does); read/unread and moves take every message.
        var targets = emails
        if case .setStarred(true) = action, threadIDs.count > 0 {
            targets = try threadIDs.compactMap { try store.emails(inThread: ThreadID($0)).last?.id }
            targets += explicit
        }
        let from = request.field("from").flatMap(Int64.init).map(FolderID.init(rawValue:))
        let journalled = try perform(action, on: targets, from: from)
        hub.publish(.make("changed", ["action": name, "threads": threadIDs]))
        let result = ActionResult(action: name, threads: threadIDs, messages: targets.count, pending: journalled)
        if request.wantsJSON { return .json(result) }
        return .redirect(safeReturn(request.field("return")))
    }

    /// Applies an action locally and schedules the replay; returns how many server operations
    /// were journalled.
    @discardableResult
    func perform(_ action: MailAction, on emails: [EmailID], from folder: FolderID?) throws -> Int {
        if case .archive = action { try ensureLocalFolder(.archive, "Archive", for: emails) }
        if case .moveToTrash = action { try ensureLocalFolder(.trash, "Trash", for: emails) }
        let journalled: [PendingOperation]
        do {
            journalled = try PerformMailActionUseCase(store: store).perform(action, on: emails, from: folder)
        } catch {
            throw WebError.badRequest("Could not \(action.description): \(error)")
        }
        let accounts = Set(journalled.map(\.account))
        if !accounts.isEmpty { replayInBackground(accounts) }
        return journalled.count
    }

    /// An imported mailbox has only the folders its files had; archiving or deleting there
    /// needs a local Archive / Trash folder, which is created on first use (there is no server
    /// whose folders could be out of step).
    func ensureLocalFolder(_ type: FolderType, _ name: String, for emails: [EmailID]) throws {
        var done = Set<AccountID>()
        for id in emails {
            guard let email = try store.email(id), done.insert(email.accountID).inserted,
                  let account = try store.account(email.accountID), account.provider == .local else { continue }
            if try !store.folders(account: email.accountID).contains(where: { $0.folderType == type }) {
                _ = try store.upsert(Folder(accountID: email.accountID, name: name, imapPath: name, folderType: type))
            }
        }
    }

    /// Sends journalled actions of these accounts now; offline, they wait for the next sync.
    func replayInBackground(_ accounts: Set<AccountID>) {
        guard let connection = services.connection else { return }
        let store = self.store, hub = self.hub, logger = self.logger
        let task = Task.detached {
            for id in accounts {
                guard let account = try? store.account(id), account.provider != .local else { continue }
                do {
                    let (credentials, options) = try connection(account)
                    let result = try await AccountSynchronizer(account: account, credentials: credentials, store: store, options: options).replayActions()
                    hub.publish(.make("sync", ["account": account.email, "state": "actions", "sent": result.completed, "waiting": result.postponed]))
                } catch {
                    logger.notice("actions wait for the next sync", metadata: ["account": "\(account.email)", "error": "\(error)"])
                    hub.publish(.make("sync", ["account": account.email, "state": "offline", "message": "Not reachable; your changes will be sent at the next sync."]))
                }
            }
        }
        track(task)
    }

    /// `POST /sync`: a full incremental sync of every account now (the thread list's Refresh).
    func syncNow(_ request: WebRequest) async throws -> WebResponse {
        let started = startSync()
        if request.wantsJSON { return .json(["started": started]) }
        return .redirect(safeReturn(request.field("return")))
    }

    @discardableResult
    func startSync() -> Int {
        guard let connection = services.connection, let accounts = try? store.accounts().filter({ $0.provider != .local && $0.isActive }) else { return 0 }
        let store = self.store, hub = self.hub
        for account in accounts {
            let task = Task.detached {
                do {
                    let (credentials, options) = try connection(account)
                    hub.publish(.make("sync", ["account": account.email, "state": "running"]))
                    let synchronizer = AccountSynchronizer(account: account, credentials: credentials, store: store, options: options) { progress in
                        hub.publish(.make("sync", ["account": account.email, "state": "running", "folder": progress.folder ?? "",
                                                   "done": progress.foldersDone, "total": progress.foldersTotal]))
                    }
                    let result = try await synchronizer.run()
                    hub.publish(.make("sync", ["account": account.email, "state": "done", "new": result.folders.map(\.inserted).reduce(0, +)]))
                    self.runAIAfterSync()   // categorise, embed, summarise what arrived (background, returns at once)
                } catch {
                    hub.publish(.make("sync", ["account": account.email, "state": "failed", "message": "\(error)"]))
                }
            }
            track(task)
        }
        return accounts.count
    }

    func track(_ task: Task<Void, Never>) {
        background.withLock { tasks in
            tasks.removeAll { $0.isCancelled }
            tasks.append(task)
        }
    }
}
