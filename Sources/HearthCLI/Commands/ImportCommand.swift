import ArgumentParser
import Foundation
import HearthCore
import HearthMailbox
import HearthMIME

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

    func run() throws {
        try reportingErrors(json: global.json) {
            let engine = try Engine.open(global)
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
        }
    }
}
