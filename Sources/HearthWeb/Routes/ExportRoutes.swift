import Foundation
import HearthApp
import HearthCore

/// Settings › Data › Export your data (spec §5.8): the application layer's `ExportData`, as
/// `hearth export` runs it. The answer says where the export went and how many messages it holds.
extension WebApp {
    /// `POST /settings/export`: `format` (mbox or maildir), `folder` (a full path, `~/…`, or
    /// empty for a new folder under the data directory).
    func exportData(_ request: WebRequest) async throws -> WebResponse {
        func refuse(_ message: String) throws -> WebResponse {
            withStatus(try settingsPage(request, exportError: message), 400)
        }
        guard let format = MailExportFormat(rawValue: request.field("format") ?? "mbox") else {
            return try refuse("Choose mbox or Maildir.")
        }
        var folder = (request.field("folder") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if folder == "~" || folder.hasPrefix("~/") {
            folder = FileManager.default.homeDirectoryForCurrentUser.path + folder.dropFirst()
        }
        guard folder.isEmpty || folder.hasPrefix("/") else {
            return try refuse("Give the folder's full path (starting with / or ~/), or leave it blank.")
        }
        // The folder is checked now; the export itself runs in the background (ExportJob) and
        // the page shows its progress. A second click while it runs starts nothing.
        let hub = self.hub
        let started: ExportJob.Start
        do {
            started = try exportJob.start(ExportData.Request(format: format, directory: folder.isEmpty ? nil : URL(fileURLWithPath: folder)),
                                          in: exportContext()) { state in
                hub.publish(.make("export", Self.exportStatus(state).fields))
            }
        } catch {
            return try refuse(Self.sentence((error as? AppError)?.message ?? "\(error)"))
        }
        if request.wantsJSON {
            var status = Self.exportStatus(exportJob.current)
            if case .alreadyRunning = started { status.alreadyRunning = true }
            return .json(status)
        }
        return .redirect("/settings#export")
    }

    /// Where the background export stands, for the page's progress bar.
    struct ExportStatus: Encodable {
        var state: String
        var done: Int
        var total: Int
        var message: String?
        /// Where the finished export downloads as one ZIP file.
        var download: String?
        var alreadyRunning: Bool?
        var fields: [String: any Sendable] {
            var out: [String: any Sendable] = ["state": state, "done": done, "total": total]
            if let message { out["message"] = message }
            if let download { out["download"] = download }
            return out
        }
    }

    static func exportStatus(_ state: ExportJob.State) -> ExportStatus {
        switch state {
        case .idle: ExportStatus(state: "idle", done: 0, total: 0)
        case .running(_, let progress): ExportStatus(state: "running", done: progress.done, total: progress.total,
                                                      message: "Exporting… \(progress.done) of \(progress.total) messages")
        case .finished(let outcome): ExportStatus(state: "finished", done: outcome.report.messages + outcome.report.skipped,
                                                  total: outcome.report.messages + outcome.report.skipped, message: summary(outcome),
                                                  download: outcome.archive.map { _ in "/settings/export-download" })
        case .failed(_, let message): ExportStatus(state: "failed", done: 0, total: 0, message: sentence(message))
        }
    }

    /// `GET /settings/export-status`: the same, as JSON (the page polls it while an export runs).
    func exportStatus() -> WebResponse { .json(Self.exportStatus(exportJob.current)) }

    /// `GET /settings/export-download`: the finished export as one ZIP file (always a download).
    func exportDownload() throws -> WebResponse {
        guard case .finished(let outcome) = exportJob.current, let archive = outcome.archive,
              let data = try? Data(contentsOf: archive, options: .mappedIfSafe) else {
            throw WebError.notFound("There is no finished export to download; export again from Settings.")
        }
        let name = archive.lastPathComponent.filter { $0.isLetter || $0.isNumber || "-_.".contains($0) }
        return WebResponse(status: 200, headers: [("Content-Type", "application/zip"),
                                                  ("Content-Disposition", "attachment; filename=\"\(name.isEmpty ? "hearth-export.zip" : name)\""),
                                                  ("Cache-Control", "no-store")], body: .bytes(data))
    }

    /// "Exported 99 messages from 1 account as Maildir to /path. Settings: /path/settings.json."
    static func summary(_ outcome: ExportData.Outcome) -> String {
        let report = outcome.report
        let accounts = report.accounts.count
        var text = "Exported \(report.messages) message\(report.messages == 1 ? "" : "s") from \(accounts) account\(accounts == 1 ? "" : "s")"
            + " as \(report.format == .mbox ? "mbox" : "Maildir") to \(outcome.directory.path)."
        if report.skipped > 0 {
            text += " \(report.skipped) could not be exported (\(report.notes.prefix(2).joined(separator: "; ")))."
        }
        if let file = report.settingsFile { text += " Settings: \(file)." }
        return text
    }

    /// The application context for an export: the one `hearth serve` handed over, or one over
    /// this store (local accounts need no secret; synced ones fetch through the secret store).
    func exportContext() -> AppContext {
        if let app = services.app { return app }
        let secrets = services.secrets
        return AppContext(dataDirectory: dataDirectory, store: store, secrets: {
            guard let secrets else { throw WebError.unavailable("This session has no secret store.") }
            return secrets
        })
    }
}
