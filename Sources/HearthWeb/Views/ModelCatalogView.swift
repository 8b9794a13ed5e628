import Foundation
import HearthAI

/// Settings › AI features (FR-SET-04): every catalog model with what it is for, size, licence,
/// source, SHA-256 and whether it is installed; Download… (to the consent page), a progress bar
/// with Cancel while downloading, import of a local GGUF, Delete… (to a confirmation page).
/// `model-catalog.mustache`.
struct ModelCatalogView {
    var models: [ModelStatus]
    var downloads: [String: ModelDownloads.State]
    var csrfToken: String

    static func purpose(_ role: ModelRole) -> String {
        switch role {
        case .embedding: "semantic search and categories"
        case .generation: "summaries, smart replies and hard-to-call categories"
        }
    }

    struct Message { var text: String; var failed: Bool }

    struct Row {
        var id: String, domID: String, name: String
        var stateKey: String, stateText: String
        var purpose: String, size: String, license: String, licenseURL: String?
        var source: String, provenance: String, sha256: String, fileName: String
        var running: Bool, percent: Int
        var message: Message?
        var installed: Bool
        /// "Download…" or "Resume download…"; nil when the model has no download source.
        var downloadLabel: String?
    }

    struct Model { var models: [Row]; var csrfToken: String }

    func render() -> String {
        Templates.render("model-catalog", Model(models: models.map(row), csrfToken: csrfToken))
    }

    private func row(_ model: ModelStatus) -> Row {
        let entry = model.entry
        let download = downloads[entry.id]
        let running = download.map { $0.phase == .downloading || $0.phase == .verifying } ?? false
        let state: String = switch model.state {
        case .installed: "✓ Installed"
        case .partial: "◐ Partly downloaded (\(Display.bytes(model.partialBytes)))"
        case .notInstalled: "○ Not installed"
        }
        // Progress, updated by `model` events; the page also renders it on reload.
        let fraction = download.flatMap { d in d.totalBytes.map { $0 > 0 ? Double(d.receivedBytes) / Double($0) : 0 } } ?? 0
        let message = running ? nil : download?.message.map { Message(text: $0, failed: download?.phase == .failed) }
        let resumable = model.state == .partial || download?.phase == .failed || download?.phase == .cancelled
        let safeID: String = entry.id.map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
        let domID = "model-" + safeID
        let source: String = entry.downloadURL?.absoluteString ?? "no download source: import the file (scripts/fetch-models.sh obtains it)"
        var downloadLabel: String?
        if entry.downloadURL != nil { downloadLabel = resumable ? "Resume download…" : "Download…" }
        let percent = Int(fraction * 100)
        return Row(
            id: entry.id, domID: domID,
            name: entry.displayName, stateKey: model.state.rawValue, stateText: state,
            purpose: Self.purpose(entry.role), size: Display.bytes(entry.sizeBytes), license: entry.license, licenseURL: entry.licenseURL,
            source: source, provenance: entry.provenance, sha256: entry.sha256, fileName: entry.fileName,
            running: running, percent: percent, message: message, installed: model.state == .installed,
            downloadLabel: downloadLabel)
    }
}

/// The consent page and the delete confirmation (`model-consent`, `model-delete`).
struct ModelConsentView {
    var consent: DownloadConsent
    var entry: ModelCatalogEntry
    var csrfToken: String

    struct Model {
        var id: String, name: String, purpose: String, source: String, size: String, sizeBytes: Int64
        var license: String, licenseURL: String?, sha256: String, note: String, csrfToken: String
    }

    func render() -> String {
        let size = Display.bytes(consent.sizeBytes)
        let purpose = ModelCatalogView.purpose(entry.role)
        let model = Model(id: consent.modelID, name: consent.displayName, purpose: purpose, source: consent.sourceURL,
                          size: size, sizeBytes: Int64(consent.sizeBytes), license: consent.license, licenseURL: entry.licenseURL,
                          sha256: consent.sha256, note: consent.note, csrfToken: csrfToken)
        return Templates.render("model-consent", model)
    }

    static func deleteConfirmation(_ entry: ModelCatalogEntry, csrfToken: String) -> String {
        struct Model { var id: String; var name: String; var warning: String; var size: String; var csrfToken: String }
        return Templates.render("model-delete", Model(id: entry.id, name: entry.displayName, warning: ModelManager.deleteWarning,
                                                      size: Display.bytes(entry.sizeBytes), csrfToken: csrfToken))
    }
}
