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
        let outcome: ExportData.Outcome
        do {
            outcome = try await ExportData(exportContext())(ExportData.Request(format: format, directory: folder.isEmpty ? nil : URL(fileURLWithPath: folder)))
        } catch {
            return try refuse(Self.sentence(error.message))
        }
        return .redirect("/settings?exported=\(FormDecoding.encode(Self.summary(outcome)))#export")
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
