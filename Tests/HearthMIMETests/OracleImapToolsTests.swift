import Foundation
import Testing
import HearthTestSupport
import HearthMIME
import HearthCore

/// Field-by-field comparison with imap_tools (Python `email`) on its own corpus.
@Suite struct OracleImapToolsTests {
    /// A JSON string value, or one stored as surrogate-escaped bytes (decoded as UTF-8 with
    /// replacement; such values are counted apart).
    static func string(_ any: Any?) -> (String, escaped: Bool)? {
        if let s = any as? String { return (s, false) }
        if let d = any as? [String: Any], let b64 = d["surrogateescaped_utf8_bytes_base64"] as? String,
           let data = Data(base64Encoded: b64) { return (String(decoding: data, as: UTF8.self), true) }
        return nil
    }

    static func addresses(_ any: Any?) -> [String] {
        let list: [[String: Any]]
        if let one = any as? [String: Any] { list = [one] } else { list = any as? [[String: Any]] ?? [] }
        return list.map { v in
            let name = string(v["name"])?.0 ?? ""
            let email = string(v["email"])?.0 ?? ""
            return "\(Normalize.spaces(name)) <\(email)>"
        }
    }

    static func ours(_ list: [EmailAddress]) -> [String] {
        list.map { "\(Normalize.spaces($0.name)) <\($0.address)>" }
    }

    static func isoDate(_ s: String) -> Date? {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        if let d = f.date(from: s) { return d }
        f.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
        f.timeZone = TimeZone(identifier: "UTC")
        return f.date(from: s)
    }

    @Test(.corporaPresent)
    func imapToolsAgreement() throws {
        let base = Corpora.url("mime-imaptools")
        let expectedFiles = Corpora.files(in: "mime-imaptools/expected") { $0.pathExtension == "json" }
        #expect(expectedFiles.count > 100)
        var agreement = Agreement()
        let parser = MIMEParser(keepAttachmentContent: true)
        for file in expectedFiles {
            let rel = file.path.replacingOccurrences(of: base.path + "/expected/", with: "")
            let emlURL = base.appendingPathComponent("tests/messages/" + rel.replacingOccurrences(of: ".json", with: ".eml"))
            guard let raw = try? Data(contentsOf: emlURL),
                  let json = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] else {
                agreement.record("files", false, rel); continue
            }
            agreement.record("files", true, rel)
            let parsed: ParsedMessage
            do { parsed = try parser.parse(raw) } catch {
                agreement.record("parse", false, "\(rel): \(error)"); continue
            }
            agreement.record("parse", true, rel)

            if let (subject, escaped) = Self.string(json["subject"]) {
                let ok = Normalize.spaces(subject) == Normalize.spaces(parsed.subject)
                agreement.record(escaped ? "subject(escaped)" : "subject", ok, "\(rel): expected «\(subject)» got «\(parsed.subject)»")
            }
            let expFrom = Self.addresses(json["from_values"])
            agreement.record("from", expFrom == Self.ours(Array(parsed.from.prefix(1))), "\(rel): \(expFrom) vs \(Self.ours(parsed.from))")
            for (key, mine) in [("to_values", parsed.to), ("cc_values", parsed.cc)] {
                let exp = Self.addresses(json[key])
                agreement.record(String(key.prefix(2)), exp == Self.ours(mine), "\(rel): \(exp) vs \(Self.ours(mine))")
            }
            if let dateText = json["date"] as? String, let dateStr = json["date_str"] as? String {
                let expected = Self.isoDate(dateText)
                let isDefault = dateText.hasPrefix("1900-01-01")
                if isDefault {
                    agreement.record("date(unparseable)", parsed.date == nil, "\(rel): «\(dateStr)» → \(String(describing: parsed.date))")
                } else {
                    agreement.record("date", expected != nil && parsed.date == expected,
                                     "\(rel): «\(dateStr)» expected \(dateText) got \(String(describing: parsed.date))")
                }
            }
            if let (text, _) = Self.string(json["text"]) {
                agreement.record("text", Normalize.body(text) == Normalize.body(parsed.textBody),
                                 "\(rel): expected «\(Normalize.body(text).prefix(120))» got «\(Normalize.body(parsed.textBody).prefix(120))»")
            }
            if let (html, _) = Self.string(json["html"]) {
                // imap_tools rewrites the <meta> charset of the HTML it returns to utf-8.
                let metaCharset = { (s: String) in s.replacingOccurrences(of: "charset=[\"']?[A-Za-z0-9_-]+", with: "charset=utf-8", options: [.regularExpression, .caseInsensitive]) }
                agreement.record("html", Normalize.body(metaCharset(html)) == Normalize.body(parsed.htmlBody.map(metaCharset)),
                                 "\(rel): expected «\(Normalize.body(html).prefix(120))» got «\(Normalize.body(parsed.htmlBody).prefix(120))»")
            }
            // Names we generate (the part has none) compare as ""; message/rfc822 sizes are not
            // compared because Python measures its re-serialisation, not the transmitted bytes.
            let expAtt = (json["attachments"] as? [[String: Any]] ?? []).map { a -> String in
                let name = Self.string(a["filename"])?.0 ?? ""
                let size = ((a["payload"] as? [String: Any])?["base64"] as? String).flatMap { Data(base64Encoded: $0) }?.count ?? -1
                return "\(name):\((a["content_type"] as? String) == "message/rfc822" ? "msg" : String(size))"
            }.sorted()
            let structure = try MIMEParser().structure(of: raw)
            let ourAtt = parsed.attachments.map { a -> String in
                let generated = structure.index(ofPath: a.partPath).map { structure.parts[$0].filename == nil } ?? false
                return "\(generated ? "" : a.filename):\(a.mimeType == "message/rfc822" ? "msg" : String(a.sizeBytes))"
            }.sorted()
            agreement.record("attachments", expAtt == ourAtt, "\(rel): \(expAtt) vs \(ourAtt)")
        }
        agreement.report("mime-imaptools")
        #expect(agreement.rate("parse") >= 1.0)
        #expect(agreement.rate("subject") >= 0.97)
        #expect(agreement.rate("from") >= 0.96)
        #expect(agreement.rate("to") >= 0.95)
        #expect(agreement.rate("cc") >= 0.99)
        #expect(agreement.rate("date") >= 0.99)
        #expect(agreement.rate("text") >= 0.88)
        #expect(agreement.rate("html") >= 0.97)
        #expect(agreement.rate("attachments") >= 0.91)
    }
}
