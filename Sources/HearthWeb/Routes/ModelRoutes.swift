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
            // Onboarding's AI step sends the user here too, and gets them back (`return`).
            let back = safeReturn(request.query("return"), fallback: "/settings#ai")
            do {
                main = ModelConsentView(consent: try ai.manager.consent(for: id), entry: entry, csrfToken: policy.csrfToken, returnTo: back).render()
            } catch {
                throw WebError.badRequest("\(error)")
            }
            if back.hasPrefix("/welcome") {
                return .html(Pages.bare(title: entry.displayName, theme: theme, body: main, csrfToken: policy.csrfToken))
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
            if request.wantsJSON { return .json(["model": id, "notice": notice]) }
            if let back = request.field("return"), LocalRedirect.isSameOriginPath(back), back.hasPrefix("/welcome") { return .redirect(back) }
            return .redirect("/settings?notice=\(FormDecoding.encode(notice))#ai")
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

