import Foundation
import HearthAI

/// Settings › AI features (FR-SET-04): every catalog model with what it is for, size, licence,
/// source, SHA-256 and whether it is installed; Download… (to the consent page), a progress bar
/// with Cancel while downloading, import of a local GGUF, Delete… (to a confirmation page).
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

    func render() -> String {
        var html = "<section id=\"ai\" aria-labelledby=\"ai-h\"><h2 id=\"ai-h\">AI features</h2>"
        html += "<p>Models run on this computer only. Without them Hearth works fully: categories fall back to header signals, and summaries and suggested replies are hidden.</p>"
        html += "<ul class=\"model-list\">"
        for model in models { html += row(model) }
        html += "</ul></section>"
        return html
    }

    private func row(_ model: ModelStatus) -> String {
        let entry = model.entry
        let id = HTML.escape(entry.id)
        let domID = "model-" + entry.id.map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
        let download = downloads[entry.id]
        let running = download.map { $0.phase == .downloading || $0.phase == .verifying } ?? false
        let state: String = switch model.state {
        case .installed: "✓ Installed"
        case .partial: "◐ Partly downloaded (\(Display.bytes(model.partialBytes)))"
        case .notInstalled: "○ Not installed"
        }
        var html = "<li class=\"model\" id=\"\(domID)\" data-model=\"\(id)\" aria-labelledby=\"\(domID)-name\">"
        html += "<h3 id=\"\(domID)-name\">\(HTML.escape(entry.displayName))</h3>"
        html += "<p class=\"model-state\" data-model-state=\"\(model.state.rawValue)\">\(state)</p>"
        html += "<dl class=\"model-details\">"
        html += "<dt>For</dt><dd>\(HTML.escape(Self.purpose(entry.role)))</dd>"
        html += "<dt>Size</dt><dd>\(Display.bytes(entry.sizeBytes))</dd>"
        html += "<dt>Licence</dt><dd>\(HTML.escape(entry.license))\(entry.licenseURL.map { " · <span class=\"url\">\(HTML.escape($0))</span>" } ?? "")</dd>"
        html += "<dt>Source</dt><dd><span class=\"url\">\(HTML.escape(entry.downloadURL?.absoluteString ?? "no download source: import the file (scripts/fetch-models.sh obtains it)"))</span></dd>"
        html += "<dt>Origin</dt><dd>\(HTML.escape(entry.provenance))</dd>"
        html += "<dt>SHA-256</dt><dd><code class=\"hash\">\(HTML.escape(entry.sha256))</code></dd>"
        html += "</dl>"
        // Progress, updated by `model` events; the page also renders it on reload.
        let fraction = download.flatMap { d in d.totalBytes.map { $0 > 0 ? Double(d.receivedBytes) / Double($0) : 0 } } ?? 0
        html += "<div class=\"model-progress\" data-model=\"\(id)\"\(running ? "" : " hidden")>"
        html += "<progress id=\"\(domID)-progress\" max=\"100\" value=\"\(Int(fraction * 100))\" aria-label=\"Download of \(HTML.escape(entry.displayName))\"></progress> "
        html += "<span class=\"progress-text\" role=\"status\" aria-live=\"polite\">\(running ? "Downloading… \(Int(fraction * 100)) %" : "")</span> "
        html += "<form method=\"post\" action=\"/settings/models/\(id)/cancel\" class=\"inline-form model-cancel\">\(HTML.csrfField(csrfToken))<button class=\"button subtle\" type=\"submit\">Cancel download</button></form>"
        html += "</div>"
        if let message = download?.message, !running {
            let failed = download?.phase == .failed
            html += "<p class=\"\(failed ? "error" : "hint") model-message\"\(failed ? " role=\"alert\"" : "")>\(HTML.escape(message))</p>"
        } else {
            html += "<p class=\"hint model-message\" hidden></p>"
        }
        html += "<div class=\"model-actions\">"
        if model.state == .installed {
            html += "<a class=\"button subtle\" href=\"/settings/models/\(id)/delete\" id=\"\(domID)-delete\">Delete…</a>"
        } else {
            if entry.downloadURL != nil {
                let label = model.state == .partial || download?.phase == .failed || download?.phase == .cancelled ? "Resume download…" : "Download…"
                html += "<a class=\"button model-download\" href=\"/settings/models/\(id)/consent\" id=\"\(domID)-download\"\(running ? " hidden" : "")>\(label)</a>"
            }
            html += """
            <form method="post" action="/settings/models/\(id)/import" class="model-import">\(HTML.csrfField(csrfToken))
            <label for="\(domID)-path">Import a GGUF file already on this computer</label>
            <input id="\(domID)-path" name="path" type="text" placeholder="/path/to/\(HTML.escape(entry.fileName))" autocomplete="off" spellcheck="false">
            <button class="button subtle" type="submit">Import</button>
            <p class="hint">The file must have the SHA-256 above; it is copied into the model folder.</p></form>
            """
        }
        html += "</div></li>"
        return html
    }
}
