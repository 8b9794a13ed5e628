import ArgumentParser
import Foundation
import HearthAI
import HearthApp
import HearthCore
import HearthSync

/// `hearth sync [ACCOUNT] [--watch]`: replays offline actions, then syncs every folder; with
/// `--watch` stays connected (IDLE on the inbox) and prints each change as it arrives.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Fetch new mail and send offline actions to the server.",
        discussion: """
            Every account is synced side by side; one that fails does not stop the others. Exit 75 when a server could \
            not be reached, 77 when it refused the credentials, 78 when its certificate is not trusted. Afterwards, when \
            an AI model is installed, new mail is categorised, embedded for search and conversations of 3+ messages are \
            summarised in the background (at most \(Int(AIAfterSync.timeBudget)) s): the command returns at once and a \
            later `hearth sync` or `hearth serve` finishes what is left. --wait-ai waits for it and reports it; --no-ai \
            skips it. AI never changes the exit code.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "An account id or address (default: every account).") var account: String?
    @Flag(help: "Stay connected and sync as mail arrives (IDLE), until interrupted.") var watch = false
    @Flag(help: "Do not categorise, embed or summarise new mail after syncing.") var noAi = false
    @Flag(help: "Wait for the AI step (bounded) and report it, instead of running it in the background.") var waitAi = false

    func run() async throws {
        try await reportingErrors(json: global.json) {
            let engine = try Engine.open(global)
            let sync = SyncMail(engine.app)
            let accounts = try AppErrors.mapping { try sync.accounts(account) }
            guard !accounts.isEmpty else {
                throw CLIError.notFound("no account to sync; add one with `hearth account add`")
            }
            let showProgress = !global.noProgress && !global.json && accounts.count == 1
            let outcomes = await sync(accounts) { account in
                let bar = SyncProgressBar(label: account.email, enabled: showProgress)
                return { progress in
                    bar.update(progress)
                    switch progress.phase {
                    case .idle, .failed: bar.finish()
                    default: break
                    }
                }
            }
            report(outcomes)
            if watch {
                let ai = noAi ? nil : aiQueue(engine: engine)
                await ai?.mailArrived()
                try await watchAll(accounts, engine: engine, ai: ai)
            } else if !noAi {
                if waitAi {
                    let ai = aiQueue(engine: engine)
                    await ai.mailArrived()
                    await ai.idle()
                } else {
                    BackgroundAI.start(engine, quiet: global.json || global.noProgress)
                }
            }
            if !watch, let failed = outcomes.first(where: { $0.error != nil }), let failure = Self.explained(failed) {
                throw AppErrors.cli(failure)
            }
        }
    }

    private func report(_ outcomes: [SyncMail.Outcome]) {
        if global.json {
            if let text = try? JSONOutput.render("sync", outcomes.map(SyncOutcomeJSON.init)) { StandardStreams.out(text) }
            return
        }
        for outcome in outcomes {
            if let r = outcome.result {
                var line = "\(outcome.account.email): \(r.inserted) new, \(r.linked) linked, \(r.flagsUpdated) flag changes, \(r.removed) removed"
                if r.actions.completed > 0 { line += ", \(r.actions.completed) actions sent" }
                if outcome.actionsWaiting > 0 { line += ", \(outcome.actionsWaiting) actions waiting to retry" }
                StandardStreams.out(line)
                for failed in outcome.actionsFailed {
                    StandardStreams.out("  action failed: \(failed.action) — \(failed.lastError ?? "refused") (see `hearth actions`)")
                }
            } else if let e = Self.explained(outcome) {
                var line = "\(outcome.account.email): failed — \(e)"
                if outcome.actionsWaiting > 0 { line += " (\(outcome.actionsWaiting) actions waiting)" }
                StandardStreams.out(line)
            }
        }
    }

    /// The failure with the command that fixes it: a Gmail account whose sign-in was refused
    /// needs `hearth account reauth`.
    static func explained(_ outcome: SyncMail.Outcome) -> AppError? {
        guard var error = outcome.error else { return nil }
        if error.kind == .noPermission, outcome.account.authType == .oauth2 {
            error.message += "; run `hearth account reauth \(outcome.account.email)`"
        }
        return error
    }

    /// The AI queue of a process that stays (`--watch`, `--wait-ai`): runs after the first sync
    /// and after each batch of new mail.
    private func aiQueue(engine: Engine) -> PostSyncAIQueue {
        let store = engine.store
        let (json, showProgress) = (global.json, !global.noProgress && !global.json)
        let exclusive = AIAfterSync.exclusiveRun(dataDirectory: engine.dataDirectory)
        return PostSyncAIQueue(makeWork: {
            let work = await AIAfterSync.work(store: store)
            if showProgress, work != nil { StandardStreams.err("AI: categorising, embedding and summarising new mail…") }
            return work
        }, onReport: { report in
            if json {
                if let text = try? JSONOutput.render("ai", AIReportJSON(report)) { StandardStreams.err(text) }
            } else if report.didWork || report.summaryFailures > 0 || !report.notes.isEmpty {
                StandardStreams.err(AIReportText.describe(report))
            }
        }, exclusive: exclusive)
    }

    private func watchAll(_ accounts: [Account], engine: Engine, ai: PostSyncAIQueue?) async throws {
        let json = global.json
        try await withThrowingTaskGroup(of: Void.self) { group in
            for account in accounts {
                let credentials = try engine.syncCredentials(for: account)
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
    /// The error's code (docs/json-schema.md), so a script can tell "try later" from "fix it".
    let errorCode: String?

    init(_ o: SyncMail.Outcome) {
        account = o.account.email
        ok = o.error == nil
        inserted = o.result?.inserted ?? 0; linked = o.result?.linked ?? 0
        flagsUpdated = o.result?.flagsUpdated ?? 0; removed = o.result?.removed ?? 0
        actionsSent = o.result?.actions.completed ?? 0; actionsWaiting = o.actionsWaiting
        actionsFailed = o.actionsFailed.map { "\($0.action): \($0.lastError ?? "refused")" }
        error = SyncCommand.explained(o)?.message
        errorCode = o.error.map { AppErrors.cli($0).code }
    }
}

struct WatchEventJSON: Encodable {
    let account: String
    let event: String
}
