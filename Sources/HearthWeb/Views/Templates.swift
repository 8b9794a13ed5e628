import Foundation
import Logging
import Mustache

/// The page templates (`Resources/templates/*.mustache`), parsed once per process.
///
/// Templates receive small view-model structs (the `…Model` types next to each view) and
/// escape every `{{value}}` for HTML; `{{{value}}}` is used only for markup another template
/// rendered (a page's content inside the shell), never for text from mail or the user.
/// A partial `{{> name}}` is any other template of the folder by its file name.
enum Templates {
    /// Every template of the folder, by file name without `.mustache`; a template that does not
    /// parse is reported here, once, and rendering it answers a short error page instead.
    static let loaded: (library: MustacheLibrary, failures: [String: String]) = load()

    static func load(from folder: URL? = Bundle.module.url(forResource: "templates", withExtension: nil)) -> (library: MustacheLibrary, failures: [String: String]) {
        var library = MustacheLibrary()
        var failures: [String: String] = [:]
        guard let folder, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            return (library, ["(folder)": "the templates folder is missing from the resource bundle"])
        }
        for name in names where name.hasSuffix(".mustache") {
            let key = String(name.dropLast(".mustache".count))
            do {
                let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                library.register(try MustacheTemplate(string: text), named: key)
            } catch {
                failures[key] = String(describing: error)
            }
        }
        return (library, failures)
    }

    /// Renders template `name` with `model`. C0 control characters (other than tab, newline and
    /// carriage return) never appear in our templates; from mail they would make the document
    /// invalid, so they become spaces in the output.
    static func render(_ name: String, _ model: Any) -> String {
        guard let text = loaded.library.render(model, withTemplate: name) else {
            Logger(label: "hearth.web.templates").error("template missing or broken", metadata: ["name": "\(name)", "why": "\(loaded.failures[name] ?? "not found")"])
            return "<p class=\"error\">This part of the page could not be shown (template \(HTML.escape(name)) is missing).</p>"
        }
        return withoutControlCharacters(text)
    }

    static func withoutControlCharacters(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { out.append(isControl(scalar) ? " " : scalar) }
        return String(out)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\n" && scalar != "\t" && scalar != "\r") || scalar.value == 0x7F
    }
}
