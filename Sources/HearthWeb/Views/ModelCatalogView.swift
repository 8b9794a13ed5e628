import Foundation
import HearthAI
import HearthApp

/// Settings › AI features (FR-SET-04) and onboarding's AI step: every catalog model in plain
/// words (what it does for the user, download size, licence — HearthApp's `ModelInPlainWords`),
/// whether it is installed; the model's name, source, origin and SHA-256 behind "Details";
/// Download… (to the consent page), a progress bar with Cancel while downloading, import of a
/// local GGUF, Delete… (to a confirmation page). `model-catalog.mustache` around `model-list`.
struct ModelCatalogView {
    var models: [ModelStatus]
    var downloads: [String: ModelDownloads.State]
    var csrfToken: String
    /// Where the consent page goes back to (onboarding: its AI step); nil: Settings › AI.
    var returnTo: String? = nil

    struct Message { var text: String; var failed: Bool }

    struct Row {
        var id: String, domID: String, name: String
        var title: String, benefit: String, note: String?, sizeText: String, licenceText: String
        var consentURL: String
        var stateKey: String, stateText: String
        var size: String, license: String, licenseURL: String?
        var source: String, provenance: String, sha256: String, fileName: String
        var running: Bool, percent: Int
        var message: Message?
        var installed: Bool
        /// "Download…" or "Resume download…"; nil when the model has no download source.
        var downloadLabel: String?
    }

    struct Model { var models: [Row]; var csrfToken: String }

    /// The Settings section.
    func render() -> String {
        Templates.render("model-catalog", Model(models: models.map(row), csrfToken: csrfToken))
    }

    /// The list alone (onboarding puts it under its own heading).
    func renderList() -> String {
        Templates.render("model-list", Model(models: models.map(row), csrfToken: csrfToken))
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
        let plain = ModelInPlainWords(entry)
        let consentURL = "/settings/models/\(FormDecoding.encode(entry.id))/consent" + (returnTo.map { "?return=" + FormDecoding.encode($0) } ?? "")
        return Row(
            id: entry.id, domID: domID, name: entry.displayName,
            title: plain.title, benefit: plain.benefit, note: plain.note, sizeText: plain.size, licenceText: plain.licence,
            consentURL: consentURL,
            stateKey: model.state.rawValue, stateText: state,
            size: Display.bytes(entry.sizeBytes), license: entry.license, licenseURL: entry.licenseURL,
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
    /// Where Cancel and the finished download go (Settings › AI, or onboarding's AI step).
    var returnTo = "/settings#ai"

    struct Model {
        var id: String, name: String, purpose: String, source: String, size: String, sizeBytes: Int64
        var license: String, licenseURL: String?, sha256: String, note: String, csrfToken: String
        var returnTo: String
    }

    func render() -> String {
        let size = Display.bytes(consent.sizeBytes)
        let purpose = ModelInPlainWords(entry).title
        let model = Model(id: consent.modelID, name: consent.displayName, purpose: purpose, source: consent.sourceURL,
                          size: size, sizeBytes: Int64(consent.sizeBytes), license: consent.license, licenseURL: entry.licenseURL,
                          sha256: consent.sha256, note: consent.note, csrfToken: csrfToken, returnTo: returnTo)
        return Templates.render("model-consent", model)
    }

    static func deleteConfirmation(_ entry: ModelCatalogEntry, csrfToken: String) -> String {
        struct Model { var id: String; var name: String; var warning: String; var size: String; var csrfToken: String }
        return Templates.render("model-delete", Model(id: entry.id, name: entry.displayName, warning: ModelManager.deleteWarning,
                                                      size: Display.bytes(entry.sizeBytes), csrfToken: csrfToken))
    }
}
