import Foundation
import HearthApp
import HearthCore

/// Settings › Data › Export your data (spec §5.8): the application layer's `ExportData`, as
/// `hearth export --zip` runs it, in the background (`ExportJob`). The export is one ZIP file in
/// the data directory's export area (`ExportArea`), streamed from disk when downloaded; a folder
/// the user names also keeps the export unpacked. Cancel stops it and removes what it wrote.
extension WebApp {
    /// `POST /settings/export`: `format` (mbox or maildir), `folder` (optional: a full path or
    /// `~/…` where the export is also kept as a folder).
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
        // Where it goes is checked now; the export itself runs in the background and the page
        // shows its progress. A second click while it runs starts nothing.
        let hub = self.hub
        let started: ExportJob.Start
        do {
            let export = ExportData.Request(format: format, directory: folder.isEmpty ? nil : URL(fileURLWithPath: folder),
                                            archive: ExportArea(dataDirectory: dataDirectory).archive())
            started = try exportJob.start(export, in: exportContext()) { state in
                hub.publish(.make("export", Self.exportStatus(state).fields))
            }
        } catch {
            return try refuse(Self.sentence(error.message))
        }
        if request.wantsJSON {
            var status = Self.exportStatus(exportJob.current)
            if case .alreadyRunning = started { status.alreadyRunning = true }
            return .json(status)
        }
        return .redirect("/settings#export")
    }

    /// `POST /settings/export-cancel`: stops the running export; what it wrote is removed.
    func exportCancel(_ request: WebRequest) -> WebResponse {
        let stopped = exportJob.cancel()
        if request.wantsJSON { return .json(["cancelling": stopped]) }
        return .redirect("/settings#export")
    }

    /// Where the background export stands, for the page's progress bar.
    struct ExportStatus: Encodable {
        var state: String
        var done: Int
        var total: Int
        var message: String?
        /// Where the finished export downloads as one ZIP file, its name and size.
        var download: String?
        var file: String?
        var size: String?
        var alreadyRunning: Bool?
        var fields: [String: any Sendable] {
            var out: [String: any Sendable] = ["state": state, "done": done, "total": total]
            if let message { out["message"] = message }
            if let download { out["download"] = download }
            if let file { out["file"] = file }
            if let size { out["size"] = size }
            return out
        }
    }

    static func exportStatus(_ state: ExportJob.State) -> ExportStatus {
        switch state {
        case .idle: return ExportStatus(state: "idle", done: 0, total: 0)
        case .running(_, let progress):
            return ExportStatus(state: "running", done: progress.done, total: progress.total,
                                message: "Exporting… \(progress.done) of \(progress.total) messages")
        case .packing(_, let progress):
            return ExportStatus(state: "running", done: progress.done, total: progress.total, message: "Making the ZIP file…")
        case .finished(let outcome):
            let all = outcome.report.messages + outcome.report.skipped
            var status = ExportStatus(state: "finished", done: all, total: all, message: summary(outcome))
            if let archive = outcome.archive {
                status.download = "/settings/export-download"
                status.file = archive.lastPathComponent
                status.size = Self.fileSize(archive).map { Display.bytes(Int64($0)) }
            }
            return status
        case .failed(_, let message): return ExportStatus(state: "failed", done: 0, total: 0, message: sentence(message))
        case .cancelled: return ExportStatus(state: "cancelled", done: 0, total: 0, message: "Export cancelled; nothing was kept.")
        }
    }

    static func fileSize(_ url: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue
    }

    /// `GET /settings/export-status`: the same, as JSON (the page polls it while an export runs).
    func exportStatus() -> WebResponse { .json(Self.exportStatus(exportJob.current)) }

    /// `GET /settings/export-download`: the finished export's ZIP, streamed from its file in the
    /// export area (never read into memory), always as a download.
    func exportDownload() throws -> WebResponse {
        guard case .finished(let outcome) = exportJob.current, let archive = outcome.archive,
              let size = Self.fileSize(archive) else {
            throw WebError.notFound("There is no finished export to download; export again from Settings.")
        }
        let name = archive.lastPathComponent.filter { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
        return WebResponse(status: 200, headers: [("Content-Type", "application/zip"),
                                                  ("Content-Disposition", "attachment; filename=\"\(name.isEmpty ? "hearth-export.zip" : name)\""),
                                                  ("Cache-Control", "no-store")], body: .file(archive.path, size: size))
    }

    /// "Exported 99 messages from 1 account as Maildir to /path. Settings: /path/settings.json."
    static func summary(_ outcome: ExportData.Outcome) -> String {
        let report = outcome.report
        let accounts = report.accounts.count
        var text = "Exported \(report.messages) message\(report.messages == 1 ? "" : "s") from \(accounts) account\(accounts == 1 ? "" : "s")"
            + " as \(report.format == .mbox ? "mbox" : "Maildir")" + (outcome.directory.map { " to \($0.path)." } ?? ".")
        if report.skipped > 0 {
            text += " \(report.skipped) could not be exported (\(report.notes.prefix(2).joined(separator: "; ")))."
        }
        if let file = report.settingsFile {
            text += outcome.directory == nil ? " Your settings are in it as settings.json." : " Settings: \(file)."
        }
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
