import ArgumentParser
import Foundation
import HearthApp
import HearthCore
import HearthMailbox
import HearthMIME
import HearthAI
import HearthStore

/// `hearth import PATH`: reads an mbox file (also .xz/.gz) or a Maildir into a local account.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import an mbox file or a Maildir into a local account.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "An mbox file (optionally .xz or .gz), a Maildir, or a folder of .eml files.")
    var path: String

    @Option(help: "Address of the local account to import into (created if missing).")
    var account: String = "local@hearth.local"

    @Option(help: "Display name of the account when it is created.")
    var name: String = "Imported mail"

    @Flag(help: "Do not keep each message's raw source (saves space; attachments then cannot be opened).")
    var noRawSource = false

    /// The first run (`scripts/run.sh`) imports the demo mailbox with this, so its category tabs
    /// and summaries are filled as they would be after a sync, not empty until some later sync.
    @Flag(help: "Afterwards categorise, embed and summarise the mail with the installed AI models (as after a sync; nothing without a model).")
    var ai = false

    func run() throws {
        try reportingErrors(json: global.json) {
            let engine = try Engine.open(global, creating: true)
            var source = try MailboxSource.open(path: path)
            let useCase = ImportMailboxUseCase(
                parser: MIMEParser(), accounts: engine.store, folders: engine.store,
                emails: engine.store, contacts: engine.store)
            let target = try useCase.localAccount(email: account, displayName: name)
            let bar = ProgressBar(label: "Importing", enabled: !global.noProgress && !global.json)
            let started = Date()
            let report = try useCase.run(source: &source, into: target, keepRawSource: !noRawSource) { p in
                let rate = Double(p.messagesRead) / max(Date().timeIntervalSince(started), 0.001)
                let fraction = p.totalBytes.map { Double(p.bytesRead) / Double(max($0, 1)) }
                bar.update(fraction: fraction, detail: "\(p.messagesRead) messages, \(Int(rate))/s")
            }
            bar.finish()
            for skip in source.skipped.prefix(20) {
                StandardStreams.err("hearth: file skipped: \(skip.path): \(skip.reason)")
            }
            for failure in report.failures.prefix(20) {
                StandardStreams.err("hearth: message \(failure.index) skipped: \(failure.reason)")
            }
            if global.json {
                StandardStreams.out(try JSONOutput.render("import", report))
            } else {
                StandardStreams.out(String(
                    format: "Imported %d of %d messages into %@ (%d duplicates, %d unreadable) in %.1f s.",
                    report.messagesStored, report.messagesRead, target.email, report.duplicates,
                    report.failures.count, report.seconds))
            }
            if ai { runAIStep(store: engine.store) }
        }
    }

    /// The post-sync AI work over what was just imported; a failing model never fails the import.
    private func runAIStep(store: MailStore) {
        let (json, showProgress) = (global.json, !global.noProgress && !global.json)
        let report = try? AsyncBridge.run { () async -> PostSyncAIWork.Report? in
            guard let work = await AIAfterSync.work(store: store) else { return nil }
            if showProgress { StandardStreams.err("AI: categorising, embedding and summarising the imported mail…") }
            return await work.run()
        }
        guard let report = report ?? nil else {
            if showProgress { StandardStreams.err("AI: no model installed, mail left unsorted (scripts/fetch-models.sh or Settings › AI models).") }
            return
        }
        if json {
            if let text = try? JSONOutput.render("ai", AIReportJSON(report)) { StandardStreams.err(text) }
        } else {
            StandardStreams.err(AIReportText.describe(report))
        }
    }
}
