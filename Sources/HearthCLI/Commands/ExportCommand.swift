import ArgumentParser
import Foundation
import HearthApp
import HearthCore

/// `hearth export --format mbox|maildir --out DIR`: the user's mail and settings, to take to
/// another program or machine (spec §5.8), through the application layer's `ExportData`.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export mail as mbox or Maildir, and the settings as JSON.",
        discussion: """
            Writes DIR/ADDRESS/ per account (mbox: one FOLDER.mbox file per folder; maildir: a \
            Maildir++ tree with INBOX at its root) and DIR/settings.json (accounts and settings, \
            never passwords or tokens). DIR must be new or empty. Synced mail whose source is not \
            on this device is fetched from the server; what cannot be fetched is listed, not \
            silently left out. `hearth import DIR/ADDRESS[/FOLDER.mbox]` reads the export back.
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: "mbox or maildir.") var format: MailExportFormat = .mbox
    @Option(help: "The folder to write (created; must be empty).") var out: String
    @Option(help: "Only this account (id or address); repeatable. Default: every account.") var account: [String] = []
    @Flag(help: "Do not write settings.json.") var noSettings = false
    @Flag(help: "Only what is on this device: do not fetch synced mail's source from the server.") var offline = false

    func run() async throws {
        try await reportingErrors(json: global.json) {
            let engine = try Engine.open(global)
            let request = ExportData.Request(format: format, directory: URL(fileURLWithPath: out), accounts: account,
                                             includeSettings: !noSettings, offline: offline)
            let report = try await AppErrors.mapping { try await ExportData(engine.app)(request) }.report
            if global.json {
                StandardStreams.out(try JSONOutput.render("export", report))
                return
            }
            for part in report.accounts {
                StandardStreams.out("\(part.account): \(part.messages) messages in \(part.folders) folders → \(part.paths.count == 1 ? part.paths[0] : "\(part.paths.count) files")"
                                    + (part.skipped > 0 ? " (\(part.skipped) not exported)" : ""))
            }
            if let file = report.settingsFile { StandardStreams.out("Settings: \(file)") }
            for note in report.notes { StandardStreams.err("hearth: \(note)") }
        }
    }
}

extension MailExportFormat: ExpressibleByArgument {}
