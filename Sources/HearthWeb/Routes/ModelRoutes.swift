import Foundation
import HearthAI
import HearthCore

/// Settings › AI models (FR-SET-04, proposal §3.4.1): a consent page before any byte is
/// fetched (what, from where, how big, licence, SHA-256), the download in the background with
/// progress over server-sent events and a Cancel button, import of a GGUF the user already has,
/// and delete behind its own confirmation page.
///
/// GET  /settings/models/ID/consent · /settings/models/ID/delete   (pages; nothing changes)
/// POST /settings/models/ID/download · cancel · import · delete
extension WebApp {
    func modelPage(_ id: String, _ verb: String, _ request: WebRequest) throws -> WebResponse {
        guard let entry = ai.manager.catalog.entry(id) else { throw WebError.notFound("There is no model \(id).") }
        let accounts = try store.accounts()
        let main: String
        switch verb {
        case "consent":
            do {
                main = ModelConsentView(consent: try ai.manager.consent(for: id), entry: entry, csrfToken: policy.csrfToken).render()
            } catch {
                throw WebError.badRequest("\(error)")
            }
        case "delete":
            main = ModelConsentView.deleteConfirmation(entry, csrfToken: policy.csrfToken)
        default:
            throw WebError.notFound("There is no page \(verb) for model \(id).")
        }
        let shell = PageShell(title: entry.displayName, csrfToken: policy.csrfToken, theme: theme, bodyClass: "settings")
        return .html(shell.render(sidebar: try sidebar(MailLocation(box: "none"), accounts: accounts), main: main))
    }

    func modelAction(_ id: String, _ verb: String, _ request: WebRequest) async throws -> WebResponse {
        let manager = ai.manager
        guard manager.catalog.entry(id) != nil else { throw WebError.notFound("There is no model \(id).") }
        func done(_ notice: String) -> WebResponse {
            request.wantsJSON ? .json(["model": id, "notice": notice]) : .redirect("/settings?notice=\(FormDecoding.encode(notice))#ai")
        }
        func failed(_ message: String) throws -> WebResponse {
            request.wantsJSON ? .json(["model": id, "error": message], status: 400) : withStatus(try settingsPage(request, error: message), 400)
        }
        switch verb {
        case "download":
            // The consent page's button carries consent=yes: nothing is fetched without it.
            guard request.field("consent") == "yes" else { return try failed("Confirm the download on its consent page first.") }
            do { _ = try manager.consent(for: id) } catch { return try failed("\(error)") }
            downloads.start(id, manager: manager)
            return done("Downloading \(id)…")
        case "cancel":
            return done(downloads.cancel(id) ? "Download cancelled. Downloading again resumes where it stopped." : "No download was running.")
        case "import":
            let path = (request.field("path") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            guard path.hasPrefix("/") else { return try failed("Give the full path of the GGUF file on this computer (starting with /).") }
            do {
                // Hashing hundreds of megabytes: off the request's executor.
                _ = try await Task.detached { try manager.importModel(from: URL(fileURLWithPath: path), as: id) }.value
            } catch {
                return try failed("Import failed: \(error)")
            }
            downloads.clear(id)
            ai.modelsChanged()
            return done("Imported \(id): SHA-256 verified.")
        case "delete":
            downloads.cancel(id)
            // Unload first so no inference keeps the file open; features then hide themselves.
            await InferenceHost.shared.unloadAll()
            do { try manager.delete(id) } catch { return try failed("\(error)") }
            downloads.clear(id)
            ai.modelsChanged()
            return done("Model deleted.")
        default:
            throw WebError.notFound("No model action \(verb).")
        }
    }
}

/// The consent page and the delete confirmation.
struct ModelConsentView {
    var consent: DownloadConsent
    var entry: ModelCatalogEntry
    var csrfToken: String

    func render() -> String {
        let id = HTML.escape(consent.modelID)
        return """
        <section class="settings-pane model-consent" aria-labelledby="consent-title">
        <h1 id="consent-title">Download \(HTML.escape(consent.displayName))?</h1>
        <p>Hearth will download this file once, over HTTPS, and check it before using it. No e-mail, contact or account data is sent.</p>
        <dl class="consent-details">
        <dt>What</dt><dd>\(HTML.escape(consent.displayName)) — \(HTML.escape(ModelCatalogView.purpose(entry.role)))</dd>
        <dt>From</dt><dd><span class="url" id="consent-source">\(HTML.escape(consent.sourceURL))</span></dd>
        <dt>Size</dt><dd id="consent-size">\(Display.bytes(consent.sizeBytes)) (\(consent.sizeBytes) bytes)</dd>
        <dt>Licence</dt><dd>\(HTML.escape(consent.license))\(entry.licenseURL.map { " · <span class=\"url\">\(HTML.escape($0))</span>" } ?? "")</dd>
        <dt>SHA-256</dt><dd><code class="hash">\(HTML.escape(consent.sha256))</code></dd>
        <dt>Note</dt><dd>\(HTML.escape(consent.note))</dd>
        </dl>
        <div class="consent-actions">
        <form method="post" action="/settings/models/\(id)/download" class="inline-form">\(HTML.csrfField(csrfToken))
        <input type="hidden" name="consent" value="yes">
        <button class="button primary" type="submit" id="consent-download">Download</button></form>
        <a class="button" href="/settings#ai" id="consent-cancel">Cancel</a>
        </div>
        </section>
        """
    }

    static func deleteConfirmation(_ entry: ModelCatalogEntry, csrfToken: String) -> String {
        """
        <section class="settings-pane" aria-labelledby="delete-model-title">
        <h1 id="delete-model-title">Delete \(HTML.escape(entry.displayName))?</h1>
        <p role="note">\(HTML.escape(ModelManager.deleteWarning))</p>
        <p>It frees \(Display.bytes(entry.sizeBytes)). You can download or import it again later.</p>
        <div class="consent-actions">
        <form method="post" action="/settings/models/\(HTML.escape(entry.id))/delete" class="inline-form">\(HTML.csrfField(csrfToken))
        <button class="button danger" type="submit" id="delete-model-confirm">Delete model</button></form>
        <a class="button" href="/settings#ai" id="delete-model-cancel">Cancel</a>
        </div>
        </section>
        """
    }
}
