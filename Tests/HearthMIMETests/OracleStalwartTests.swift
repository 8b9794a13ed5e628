import Foundation
import Testing
import HearthTestSupport
import HearthMIME
import HearthCore

/// Comparison with Stalwart mail-parser's header vectors and message expectations, on the
/// fields that map onto our API.
@Suite struct OracleStalwartTests {
    static let base = "mime-stalwart-mailparser/resources"

    static func load(_ name: String) throws -> [[String: Any]] {
        let data = try Data(contentsOf: Corpora.url("\(base)/\(name)"))
        return try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
    }

    /// The vectors are raw header text (value, possibly followed by more header lines or a
    /// blank line and a body): run them through the real header reader first.
    static func field(_ header: String) -> RawHeaderField? {
        HeaderSection.parse(Array(("X:" + header).utf8)).fields.first
    }

    /// Flattens {"List": [...]} / {"Group": [{"addresses": [...]}]} into "name <address>" strings,
    /// leaving out entries without an address (we do not model those).
    static func flatten(_ value: Any?) -> [String] {
        guard let dict = value as? [String: Any] else { return [] }
        var boxes: [[String: Any]] = []
        if let list = dict["List"] as? [[String: Any]] { boxes = list }
        if let groups = dict["Group"] as? [[String: Any]] { boxes = groups.flatMap { $0["addresses"] as? [[String: Any]] ?? [] } }
        return boxes.compactMap { b in
            guard let address = b["address"] as? String else { return nil }
            return "\(Normalize.spaces(b["name"] as? String)) <\(address)>"
        }
    }

    static func ours(_ list: [EmailAddress]) -> [String] { list.map { "\(Normalize.spaces($0.name)) <\($0.address)>" } }

    static func instant(_ d: [String: Any]) -> Date? {
        func i(_ k: String) -> Int { d[k] as? Int ?? 0 }
        let sign = (d["tz_before_gmt"] as? Bool ?? false) ? -1 : 1
        let c = MailDateParser.Components(year: i("year"), month: i("month"), day: i("day"), hour: i("hour"), minute: i("minute"),
                                          second: i("second"), zoneOffset: sign * (i("tz_hour") * 3600 + i("tz_minute") * 60))
        return c.date
    }

    @Test(.corporaPresent)
    func headerVectors() throws {
        var agreement = Agreement()
        for v in try Self.load("address.json") {
            let header = v["header"] as? String ?? ""
            let expected = Self.flatten(v["expected"])
            let got = Self.ours(AddressParser.parseList(Self.field(header)?.unfoldedValue ?? ""))
            agreement.record("address", expected == got, "\(header.debugDescription): \(expected) vs \(got)")
        }
        for v in try Self.load("date.json") {
            let header = v["header"] as? String ?? ""
            let got = MailDateParser.parse(Self.field(header)?.unfoldedValue ?? "")
            if let exp = v["expected"] as? [String: Any] {
                let e = Self.instant(exp)
                agreement.record("date", e != nil && e == got, "\(header.debugDescription): \(String(describing: e)) vs \(String(describing: got))")
            } else {
                agreement.record("date(invalid→nil)", got == nil, "\(header.debugDescription): got \(String(describing: got))")
            }
        }
        for v in try Self.load("content_type.json") {
            let header = v["header"] as? String ?? ""
            let got = MIMEContentType.parse(Self.field(header)?.unfoldedValue ?? "")
            if let exp = v["expected"] as? [String: Any], let type = exp["c_type"] as? String {
                let subtype = exp["c_subtype"] as? String
                var attrs: [String: String] = [:]
                for pair in exp["attributes"] as? [[Any]] ?? [] where pair.count == 2 {
                    // Stalwart reports RFC 2231 languages as "<name>-language"; we do not model them.
                    if let k = pair[0] as? String, let val = pair[1] as? String, !k.hasSuffix("-language"), attrs[k.lowercased()] == nil {
                        attrs[k.lowercased()] = val
                    }
                }
                if let subtype {
                    let ok = got?.type == type.lowercased() && got?.subtype == subtype.lowercased() && got?.parameters == attrs
                    agreement.record("content-type", ok, "\(header.debugDescription): \(type)/\(subtype) \(attrs) vs \(String(describing: got))")
                } else {
                    // No subtype: Stalwart keeps the lone token, RFC 2045 §5.2 says default (we return nil).
                    agreement.record("content-type(no subtype)", got == nil, "\(header.debugDescription): \(String(describing: got))")
                }
            } else {
                agreement.record("content-type(invalid→nil)", got == nil, "\(header.debugDescription): \(String(describing: got))")
            }
        }
        for v in try Self.load("id.json") {
            let header = v["header"] as? String ?? ""
            let expected = v["expected"] as? [String] ?? []
            let got = MessageIDParser.parse(Self.field(header)?.unfoldedValue ?? "")
            agreement.record("message-id", expected == got, "\(header.debugDescription): \(expected) vs \(got)")
        }
        for v in try Self.load("unstructured.json") {
            let header = v["header"] as? String ?? ""
            let expected = v["expected"] as? String ?? ""
            let got = Self.field(header)?.decodedValue ?? ""
            agreement.record("unstructured", expected == got, "\(header.debugDescription): «\(expected)» vs «\(got)»")
        }
        agreement.report("mime-stalwart-mailparser header vectors")
        #expect(agreement.rate("address") >= 0.88)
        #expect(agreement.rate("date") >= 0.96)
        #expect(agreement.rate("content-type") >= 0.86)
        #expect(agreement.rate("message-id") >= 0.99)
        #expect(agreement.rate("unstructured") >= 0.76)
    }

    static func headerValue(_ part: [String: Any], _ name: String) -> Any? {
        (part["headers"] as? [[String: Any]] ?? []).first { ($0["name"] as? String) == name }?["value"]
    }

    @Test(.corporaPresent)
    func messages() throws {
        var agreement = Agreement()
        let files = Corpora.files(in: "\(Self.base)/eml") { $0.pathExtension == "json" && !$0.lastPathComponent.contains(".crlf.") }
        #expect(files.count > 100)
        for file in files {
            let rel = file.path.replacingOccurrences(of: Corpora.url(Self.base).path + "/", with: "")
            guard let json = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any],
                  let raw = try? Data(contentsOf: file.deletingPathExtension().appendingPathExtension("eml")),
                  let parts = json["parts"] as? [[String: Any]], let top = parts.first else { continue }
            let parsed: ParsedMessage
            do { parsed = try MIMEParser().parse(raw) } catch {
                agreement.record("parse", false, "\(rel): \(error)"); continue
            }
            agreement.record("parse", true, rel)
            if let subject = (Self.headerValue(top, "subject") as? [String: Any])?["Text"] as? String {
                agreement.record("subject", subject == parsed.subject, "\(rel): «\(subject)» vs «\(parsed.subject)»")
            }
            for (name, mine) in [("from", parsed.from), ("to", parsed.to), ("cc", parsed.cc)] {
                guard let value = (Self.headerValue(top, name) as? [String: Any])?["Address"] else { continue }
                let exp = Self.flatten(value)
                agreement.record(name, exp == Self.ours(mine), "\(rel): \(exp) vs \(Self.ours(mine))")
            }
            if let dt = (Self.headerValue(top, "date") as? [String: Any])?["DateTime"] as? [String: Any] {
                let e = Self.instant(dt)
                agreement.record("date", e == parsed.date, "\(rel): \(String(describing: e)) vs \(String(describing: parsed.date))")
            }
            // Bodies: the Text/Html leaves Stalwart selected.
            func bodies(_ key: String, _ kind: String) -> String? {
                let idx = json[key] as? [Int] ?? []
                let texts = idx.compactMap { i -> String? in
                    guard i < parts.count else { return nil }
                    return (parts[i]["body"] as? [String: Any])?[kind] as? String
                }
                return texts.isEmpty ? nil : texts.joined(separator: "\n")
            }
            if let text = bodies("text_body", "Text") {
                agreement.record("text", Normalize.body(text) == Normalize.body(parsed.textBody),
                                 "\(rel): «\(Normalize.body(text).prefix(100))» vs «\(Normalize.body(parsed.textBody).prefix(100))»")
            }
            if let html = bodies("html_body", "Html") {
                agreement.record("html", Normalize.body(html) == Normalize.body(parsed.htmlBody),
                                 "\(rel): «\(Normalize.body(html).prefix(100))» vs «\(Normalize.body(parsed.htmlBody).prefix(100))»")
            }
            // Structure: content types of the top message's entities in document order.
            // Parts without Content-Type default to message/rfc822 inside multipart/digest (RFC 2046 §5.1.5).
            var digestChildren = Set<Int>()
            for p in parts {
                let ct = (Self.headerValue(p, "content_type") as? [String: Any])?["ContentType"] as? [String: Any]
                if (ct?["c_subtype"] as? String)?.lowercased() == "digest",
                   let kids = (p["body"] as? [String: Any])?["Multipart"] as? [Int] { digestChildren.formUnion(kids) }
            }
            let expTypes = parts.enumerated().map { k, p -> String in
                guard let ct = (Self.headerValue(p, "content_type") as? [String: Any])?["ContentType"] as? [String: Any],
                      let t = ct["c_type"] as? String else { return digestChildren.contains(k) ? "message/rfc822" : "text/plain" }
                return "\(t)/\((ct["c_subtype"] as? String) ?? "")".lowercased()
            }
            let structure = try MIMEParser().structure(of: raw)
            var ourTypes: [String] = []
            var stack = [0]
            while let i = stack.popLast() {
                let p = structure.parts[i]
                ourTypes.append(p.contentType.mimeType)
                if !p.contentType.isEncapsulatedMessage { stack.append(contentsOf: p.children.reversed()) }
            }
            agreement.record("structure", expTypes == ourTypes, "\(rel): \(expTypes) vs \(ourTypes)")
        }
        agreement.report("mime-stalwart-mailparser messages")
        #expect(agreement.rate("parse") >= 1.0)
        #expect(agreement.rate("subject") >= 0.93)
        #expect(agreement.rate("from") >= 0.97)
        #expect(agreement.rate("to") >= 0.89)
        #expect(agreement.rate("date") >= 0.99)
        #expect(agreement.rate("structure") >= 0.84)
        #expect(agreement.rate("text") >= 0.81)
        #expect(agreement.rate("html") >= 0.96)
    }
}
