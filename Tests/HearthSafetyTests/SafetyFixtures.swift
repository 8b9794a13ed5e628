import CGumbo
import Foundation
import HearthCore
import HearthMIME
import HearthTestSupport
@testable import HearthSafety

/// Shared helpers: the hostile vectors of the corpora, real HTML mail, and an independent
/// checker that re-parses sanitizer output and lists anything that should not be there.
enum SafetyFixtures {
    static func sanitize(_ html: String, _ options: SanitizeOptions = .init()) throws -> SanitizedHTML {
        try HTMLSanitizer(options: options).sanitize(html)
    }

    // MARK: XSS vectors

    struct Vector: Sendable {
        let source: String
        let payload: String
        /// DOMPurify's acceptable outputs, when the vector comes from its fixtures.
        let dompurifyExpected: [String]
    }

    /// Every vector of xss-dompurify, xss-owasp-cheatsheet and xss-payloadsallthethings.
    static let vectors: [Vector] = {
        var out: [Vector] = []
        if let data = try? Data(contentsOf: Corpora.url("xss-dompurify/dompurify-expect.json")),
           let cases = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] {
            for c in cases {
                guard let payload = c["payload"] as? String else { continue }
                let expected = (c["expected"] as? [String]) ?? ((c["expected"] as? String).map { [$0] } ?? [])
                out.append(Vector(source: "dompurify: \(c["title"] as? String ?? "?")", payload: payload, dompurifyExpected: expected))
            }
        }
        if let data = try? Data(contentsOf: Corpora.url("xss-owasp-cheatsheet/owasp-xss-vectors.json")),
           let cases = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] {
            for c in cases {
                guard let payload = c["vector"] as? String else { continue }
                out.append(Vector(source: "owasp: \(c["section"] as? String ?? "?")", payload: payload, dompurifyExpected: []))
            }
        }
        let patt = "xss-payloadsallthethings/XSS Injection"
        for file in Corpora.files(in: patt + "/Intruders", where: { $0.pathExtension == "txt" }) {
            guard let text = try? String(contentsOf: file, encoding: .utf8) ?? String(contentsOf: file, encoding: .isoLatin1) else { continue }
            for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                out.append(Vector(source: "patt: \(file.lastPathComponent)", payload: String(line), dompurifyExpected: []))
            }
        }
        for file in Corpora.files(in: patt + "/Files", where: { ["svg", "xml", "html", "htm", "xsl", "xhtml", "vml", "rdf", "md", "txt"].contains($0.pathExtension.lowercased()) }) {
            guard let data = try? Data(contentsOf: file) else { continue }
            out.append(Vector(source: "patt file: \(file.lastPathComponent)", payload: String(decoding: data, as: UTF8.self), dompurifyExpected: []))
        }
        return out
    }()

    // MARK: Independent output checker

    /// Problems found in sanitizer output by re-parsing it with Gumbo and walking the tree
    /// against rules written independently of the sanitizer's own tables.
    static func violations(in html: String) -> [String] {
        (try? GumboTree.parse(html, limits: .init()) { document in
            var problems: [String] = []
            var stack = [document]
            let forbiddenElements: Set<String> = ["script", "iframe", "frame", "frameset", "object", "embed", "applet",
                "form", "input", "button", "select", "textarea", "meta", "link", "base", "svg", "math", "noscript",
                "template", "audio", "video", "source", "style-in-foreign", "isindex", "param", "portal", "xmp", "noembed", "noframes"]
            let urlAttributes: Set<String> = ["href", "src", "action", "formaction", "background", "poster", "srcset",
                "xlink:href", "data", "codebase", "cite", "longdesc", "lowsrc", "dynsrc", "usemap", "ping", "manifest", "icon", "profile"]
            while let node = stack.popLast() {
                if node.isElement {
                    if node.isForeign { problems.append("foreign element <\(node.tagName)>") }
                    let name = node.tagName
                    if forbiddenElements.contains(name) { problems.append("element <\(name)>") }
                    if name == "style" {
                        let css = node.children.filter(\.isText).map(\.text).joined().lowercased()
                        for bad in ["url(", "@import", "expression", "@font-face", "javascript", "behavior", "binding", "\\"] where css.contains(bad) {
                            problems.append("stylesheet contains \(bad)")
                        }
                    }
                    for (attr, value) in node.attributes {
                        if attr.hasPrefix("on") { problems.append("event handler \(attr)") }
                        if urlAttributes.contains(attr) {
                            let allowed = (attr == "href" && name == "a") || (attr == "src" && name == "img")
                            if !allowed { problems.append("url attribute \(attr) on <\(name)>") }
                            let scheme = URLPolicy.scheme(of: URLPolicy.clean(value)) ?? "(relative)"
                            let okSchemes: Set<String> = name == "img" ? ["http", "https", "data", "(relative)"] : ["http", "https", "mailto", "(relative)"]
                            if !okSchemes.contains(scheme) { problems.append("\(attr) with scheme \(scheme)") }
                            if scheme == "data", !value.lowercased().hasPrefix("data:image/") || value.lowercased().hasPrefix("data:image/svg") {
                                problems.append("non-raster data URL")
                            }
                            if scheme == "(relative)" && !(value.hasPrefix("#") || value.hasPrefix("/inline/")) {
                                problems.append("relative URL \(value.prefix(60))")
                            }
                        }
                        if attr == "style" {
                            let css = value.lowercased()
                            for bad in ["url(", "expression", "javascript", "behavior", "binding", "\\", "@import"] where css.contains(bad) {
                                problems.append("inline style contains \(bad)")
                            }
                        }
                        if attr == "http-equiv" || attr == "srcdoc" || attr == "is" { problems.append("attribute \(attr)") }
                    }
                    if name == "a", node.attributes.contains(where: { $0.name == "href" && !$0.value.hasPrefix("#") }) {
                        let rel = node.attributes.first(where: { $0.name == "rel" })?.value ?? ""
                        let target = node.attributes.first(where: { $0.name == "target" })?.value ?? ""
                        if rel != "noopener noreferrer" || target != "_blank" { problems.append("link without noopener/_blank") }
                    }
                } else if node.type.rawValue == 4 /* comment */ {
                    problems.append("comment")
                } else if node.type.rawValue == 3 /* cdata */ {
                    problems.append("CDATA")
                }
                stack.append(contentsOf: node.children)
            }
            return problems
        }) ?? ["output could not be parsed"]
    }

    /// Element and attribute names present in a fragment (to compare with DOMPurify's output).
    static func features(of html: String) -> (elements: Set<String>, attributes: Set<String>) {
        (try? GumboTree.parse(html, limits: .init()) { document in
            var elements = Set<String>()
            var attributes = Set<String>()
            var stack = [document]
            while let node = stack.popLast() {
                if node.isElement {
                    elements.insert(node.isUnknownTag ? "(unknown)" : node.tagName)
                    for (name, _) in node.attributes { attributes.insert(name) }
                }
                stack.append(contentsOf: node.children)
            }
            return (elements, attributes)
        }) ?? ([], [])
    }

    // MARK: Real HTML mail

    struct Mail: Sendable {
        let name: String
        let html: String
    }

    /// The HTML bodies of the SpamAssassin public corpus, extracted once per test process.
    static let spamAssassinHTML: [Mail] = {
        guard Corpora.isAvailable else { return [] }
        let tarball = Corpora.url("bulk-spamassassin-public/spamassassin-public-corpus-20030228.tar.xz")
        guard let dir = try? Corpora.temporaryDirectory("hearth-safety-sa") else { return [] }
        defer { try? FileManager.default.removeItem(at: dir) }
        let tar = Process()
        tar.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        tar.arguments = ["tar", "-xJf", tarball.path, "-C", dir.path]
        tar.standardOutput = FileHandle.nullDevice
        tar.standardError = FileHandle.nullDevice
        guard (try? tar.run()) != nil else { return [] }
        tar.waitUntilExit()
        let parser = MIMEParser()
        var out: [Mail] = []
        let files = (FileManager.default.enumerator(at: dir, includingPropertiesForKeys: [.isRegularFileKey])?
            .compactMap { $0 as? URL } ?? []).filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .sorted { $0.path < $1.path }
        for file in files {
            // Only messages that mention HTML at all are worth a MIME parse.
            guard let raw = try? Data(contentsOf: file), raw.range(of: Data("html".utf8)) != nil || raw.range(of: Data("HTML".utf8)) != nil,
                  let message = try? parser.parse(raw),
                  let html = message.htmlBody, !html.isEmpty else { continue }
            out.append(Mail(name: file.deletingLastPathComponent().lastPathComponent + "/" + file.lastPathComponent, html: html))
        }
        return out
    }()
}
