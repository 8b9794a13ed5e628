import Foundation

/// `/assets/NAME`: the stylesheet and the script, compiled into the binary (nothing to install,
/// nothing a local user could swap). Cached per launch: the names carry no version, and the
/// files only change with the binary.
enum Assets {
    static let css = Data(StyleSheet.css.utf8)
    static let js = Data(Script.js.utf8)

    static func response(for name: String) -> WebResponse {
        switch name {
        case "app.css": WebResponse(status: 200, headers: [("Content-Type", "text/css; charset=utf-8"), ("Cache-Control", "no-cache")], body: .bytes(css))
        case "app.js": WebResponse(status: 200, headers: [("Content-Type", "text/javascript; charset=utf-8"), ("Cache-Control", "no-cache")], body: .bytes(js))
        default: .text("No such file.", status: 404)
        }
    }
}
