import Foundation

/// `/assets/NAME`: the stylesheet and the scripts, real files in the module's resource bundle
/// (`Resources/static/`), read once per process. Only names listed here are served: a request
/// never turns into a file-system path. The names carry no version and the files only change
/// with the binary, so the browser revalidates (`no-cache`) instead of keeping stale copies.
enum Assets {
    static let types: [String: String] = [
        "app.css": "text/css; charset=utf-8",
        "app.js": "text/javascript; charset=utf-8",
        "logic.js": "text/javascript; charset=utf-8",
        "models.js": "text/javascript; charset=utf-8",
        "composer.js": "text/javascript; charset=utf-8",
        "export.js": "text/javascript; charset=utf-8",
    ]

    /// Every asset's bytes, loaded on first use.
    static let files: [String: Data] = {
        var out: [String: Data] = [:]
        for name in types.keys {
            if let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "static"),
               let data = try? Data(contentsOf: url) {
                out[name] = data
            }
        }
        return out
    }()

    static func response(for name: String) -> WebResponse {
        guard let type = types[name], let data = files[name] else { return .text("No such file.", status: 404) }
        return WebResponse(status: 200, headers: [("Content-Type", type), ("Cache-Control", "no-cache")], body: .bytes(data))
    }
}
