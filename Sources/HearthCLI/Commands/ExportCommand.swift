import ArgumentParser
import Foundation
import HearthApp
import HearthCore

/// `hearth export --format mbox|maildir --out DIR [--zip FILE]`: the user's mail and settings, to
/// take to another program or machine (spec §5.8), through the application layer's `ExportData`
/// — the same use case and the same ZIP as Settings › Export in the web app.
///
/// A folder is the default (`--out`): mbox files and Maildir trees are what other mail programs
/// and `hearth import` read as they are, and someone at a terminal is on the machine that holds
/// them. `--zip` adds (or, without `--out`, is) the one-file form the web app offers for download,
/// to carry elsewhere. Ctrl-C stops the export and removes what it had written.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export mail as mbox or Maildir, and the settings as JSON.",
        discussion: """
            Writes DIR/ADDRESS/ per account (mbox: one FOLDER.mbox file per folder; maildir: a \
            Maildir++ tree with INBOX at its root) and DIR/settings.json (accounts and settings, \
            never passwords or tokens). DIR must be new or empty. With --zip FILE the export is \
            also packed into FILE (a new file, outside DIR), entries under one top folder named \
            after FILE; with --zip alone only the ZIP is kept. Synced mail whose source is not \
            on this device is fetched from the server; what cannot be fetched is listed, not \
            silently left out. Ctrl-C cancels and removes the partial export. \
            `hearth import DIR/ADDRESS[/FOLDER.mbox]` reads the export back.
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: "mbox or maildir.") var format: MailExportFormat = .mbox
    @Option(help: "The folder to write (created; must be empty).") var out: String?
    @Option(help: "Also pack the export into this ZIP file (must not exist).") var zip: String?
    @Option(help: "Only this account (id or address); repeatable. Default: every account.") var account: [String] = []
    @Flag(help: "Do not write settings.json.") var noSettings = false
    @Flag(help: "Only what is on this device: do not fetch synced mail's source from the server.") var offline = false

    func validate() throws {
        if out == nil && zip == nil { throw ValidationError("Give --out DIR (a folder), --zip FILE (one ZIP file), or both.") }
    }

    func run() async throws {
        try await reportingErrors(json: global.json) {
            let engine = try Engine.open(global)
            let request = ExportData.Request(format: format, directory: out.map { URL(fileURLWithPath: $0) }, accounts: account,
                                             includeSettings: !noSettings, offline: offline,
                                             archive: zip.map { URL(fileURLWithPath: $0) })
            let export = ExportData(engine.app)
            let outcome = try await AppErrors.mapping {
                let plan = try export.plan(request)
                // Ctrl-C cancels the export's task: the use case stops and removes what it wrote.
                let running = Task { try await export.run(plan, request) }
                let interrupt = InterruptWatch { running.cancel() }
                defer { interrupt.stop() }
                return try await running.value
            }
            let report = outcome.report
            if global.json {
                StandardStreams.out(try JSONOutput.render("export", ExportJSON(report: report, archive: outcome.archive?.path)))
                return
            }
            for part in report.accounts {
                StandardStreams.out("\(part.account): \(part.messages) messages in \(part.folders) folders"
                                    + (outcome.directory == nil ? "" : " → \(part.paths.count == 1 ? part.paths[0] : "\(part.paths.count) files")")
                                    + (part.skipped > 0 ? " (\(part.skipped) not exported)" : ""))
            }
            if let file = report.settingsFile, outcome.directory != nil { StandardStreams.out("Settings: \(file)") }
            if let archive = outcome.archive { StandardStreams.out("ZIP: \(archive.path)") }
            for note in report.notes { StandardStreams.err("hearth: \(note)") }
        }
    }

    /// The report as before, plus where the ZIP went (nil without `--zip`).
    struct ExportJSON: Encodable {
        var report: MailExportReport
        var archive: String?
        func encode(to encoder: any Encoder) throws {
            try report.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encodeIfPresent(archive, forKey: .archive)
        }
        enum Key: String, CodingKey { case archive }
    }
}

extension MailExportFormat: ExpressibleByArgument {}
