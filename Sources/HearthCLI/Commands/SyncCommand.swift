import ArgumentParser
import Foundation
import HearthAI
import HearthCore
import HearthSync

/// `hearth sync [ACCOUNT] [--watch]`: replays offline actions, then syncs every folder; with
/// `--watch` stays connected (IDLE on the inbox) and prints each change as it arrives.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Fetch new mail and send offline actions to the server.",
        discussion: """
            Every account is synced side by side; one that fails does not stop the others. Exit 75 when a server could \
            not be reached, 77 when it refused the credentials. Afterwards, when an AI model is installed, new mail is \
            categorised, embedded for search and conversations of 3+ messages are summarised (at most \
            \(Int(AIAfterSync.timeBudget)) s; --no-ai skips it; without a model nothing happens). AI never changes the exit code.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "An account id or address (default: every account).") var account: String?
    @Flag(help: "Stay connected and sync as mail arrives (IDLE), until interrupted.") var watch = false
    @Flag(help: "Do not categorise, embed or summarise new mail after syncing.") var noAi = false

    func run() async throws {
        try await reportingErrors(json: global.json) {
            let engine = try Engine.open(global)
            let accounts = try engine.syncableAccounts(account)
            guard !accounts.isEmpty else {
                throw CLIError.notFound("no account to sync; add one with `hearth account add`")
            }
            let outcomes = await syncAll(accounts, engine: engine)
            report(outcomes)
            let ai = noAi ? nil : aiQueue(engine: engine)
            if watch {
                await ai?.mailArrived()
                try await watchAll(accounts, engine: engine, ai: ai)
            } else {
                await ai?.mailArrived()
                await ai?.idle()
            }
            if !watch, let failure = outcomes.compactMap(\.error).first {
                throw failure
            }
        }
    }

    struct Outcome: Sendable {
        var account: Account
        var result: AccountSyncResult?
        var error: SyncError?
    }

    private func syncAll(_ accounts: [Account], engine: Engine) async -> [Outcome] {
        let showProgress = !global.noProgress && !global.json && accounts.count == 1
        return await withTaskGroup(of: Outcome.self) { group in
            for account in accounts {
                group.addTask {
                    let bar = SyncProgressBar(label: account.email, enabled: showProgress)
                    do {
                        let result = try await engine.synchronizer(for: account, progress: bar.update).run()
                        bar.finish()
                        return Outcome(account: account, result: result)
                    } catch let error as SyncError {
                        bar.finish()
                        return Outcome(account: account, error: error)
                    } catch {
                        bar.finish()
                        return Outcome(account: account, error: .accountNotConfigured("\(error)"))
                    }
                }
            }
            var outcomes: [Outcome] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes.sorted { ($0.account.id ?? AccountID(0)) < ($1.account.id ?? AccountID(0)) }
        }
    }

    private func report(_ outcomes: [Outcome]) {
        if global.json {
            if let text = try? JSONOutput.render("sync", outcomes.map(SyncOutcomeJSON.init)) { StandardStreams.out(text) }
            return
        }
        for outcome in outcomes {
            if let r = outcome.result {
                var line = "\(outcome.account.email): \(r.inserted) new, \(r.linked) linked, \(r.flagsUpdated) flag changes, \(r.removed) removed"
                if r.actions.completed > 0 { line += ", \(r.actions.completed) actions sent" }
                if r.actions.postponed > 0 { line += ", \(r.actions.postponed) actions waiting to retry" }
                StandardStreams.out(line)
                for failed in r.actions.failed {
                    StandardStreams.out("  action failed: \(failed.action) — \(failed.lastError ?? "refused") (see `hearth actions`)")
                }
            } else if let e = outcome.error {
                StandardStreams.out("\(outcome.account.email): failed — \(e)")
            }
        }
    }

    /// The background AI queue: runs after the first sync and after each batch of new mail.
    private func aiQueue(engine: Engine) -> PostSyncAIQueue {
        let store = engine.store
        let (json, showProgress) = (global.json, !global.noProgress && !global.json)
        return PostSyncAIQueue(makeWork: {
            let work = await AIAfterSync.work(store: store)
            if showProgress, work != nil { StandardStreams.err("AI: categorising, embedding and summarising new mail…") }
            return work
        }, onReport: { report in
            if json {
                if let text = try? JSONOutput.render("ai", AIReportJSON(report)) { StandardStreams.err(text) }
            } else if report.didWork || report.summaryFailures > 0 || !report.notes.isEmpty {
                StandardStreams.err(AIAfterSync.describe(report))
            }
        })
    }

    private func watchAll(_ accounts: [Account], engine: Engine, ai: PostSyncAIQueue?) async throws {
        let json = global.json
        try await withThrowingTaskGroup(of: Void.self) { group in
            for account in accounts {
                let credentials = try AccountCredentials.resolve(account, engine: engine)
                let options = InboxWatcher.Options(sync: try engine.syncOptions(for: account))
                let watcher = InboxWatcher(account: account, credentials: credentials, store: engine.store, options: options)
                group.addTask {
                    await watcher.start()
                    for await event in watcher.events {
                        if case .synced(let result) = event, result.inserted > 0 { await ai?.mailArrived() }
                        if json {
                            if let text = try? JSONOutput.render("watch-event", WatchEventJSON(account: account.email, event: event.description)) {
                                StandardStreams.out(text)
                            }
                        } else {
                            StandardStreams.out("\(account.email): \(event)")
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}

struct SyncOutcomeJSON: Encodable {
    let account: String
    let ok: Bool
    let inserted, linked, flagsUpdated, removed: Int
    let actionsSent, actionsWaiting: Int
    let actionsFailed: [String]
    let error: String?

    init(_ o: SyncCommand.Outcome) {
        account = o.account.email
        ok = o.error == nil
        inserted = o.result?.inserted ?? 0; linked = o.result?.linked ?? 0
        flagsUpdated = o.result?.flagsUpdated ?? 0; removed = o.result?.removed ?? 0
        actionsSent = o.result?.actions.completed ?? 0; actionsWaiting = o.result?.actions.postponed ?? 0
        actionsFailed = o.result?.actions.failed.map { "\($0.action): \($0.lastError ?? "refused")" } ?? []
        error = o.error.map { "\($0)" }
    }
}

struct WatchEventJSON: Encodable {
    let account: String
    let event: String
}
