import Foundation
@testable import HearthAI
import HearthCore
import HearthTestSupport

/// Reads the hand-labelled evaluation set (Resources/category-eval.tsv) and the messages it
/// names from the SpamAssassin corpus tarball, into categoriser inputs.
///
/// This target cannot use HearthMIME (not among its dependencies), so the reader here is a
/// deliberately small one — unfolded headers, the first text part, quoted-printable/base64,
/// HTML reduced to text — enough for what the categoriser reads. The CLI's
/// `hearth-bench categorize` runs the same set through the real parser.
enum EvalCorpus {
    struct Item { let key: String; let label: AICategory; let clear: Bool; let holdout: Bool; let input: CategorizationInput }

    static func load() throws -> [Item] {
        let tsv = try String(contentsOf: TestResources.url("category-eval.tsv"), encoding: .utf8)
        let rows = tsv.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: "\t").map(String.init) }
        let tarball = Corpora.url("bulk-spamassassin-public/spamassassin-public-corpus-20030228.tar.xz")
        let dir = try Corpora.temporaryDirectory("hearth-eval")
        defer { try? FileManager.default.removeItem(at: dir) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/tar")
        process.arguments = ["-xJf", tarball.path, "-C", dir.path] + rows.map { "spamassassin-public-corpus/\($0[0])" }
        try process.run()
        process.waitUntilExit()
        return try rows.compactMap { row in
            guard row.count >= 3, let label = AICategory(rawValue: row[1]) else { return nil }
            let data = try Data(contentsOf: dir.appendingPathComponent("spamassassin-public-corpus/\(row[0])"))
            return Item(key: row[0], label: label, clear: row[2] == "clear", holdout: row.count >= 5 && row[4] == "holdout",
                        input: input(from: data))
        }
    }

    static func input(from data: Data) -> CategorizationInput {
        let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        let parts = text.components(separatedBy: "\n\n")
        var headerBlock = parts.first ?? ""
        if headerBlock.hasPrefix("From ") { headerBlock = headerBlock.split(separator: "\n", maxSplits: 1).dropFirst().first.map(String.init) ?? "" }
        let headers = unfold(headerBlock)
        func value(_ name: String) -> String? { headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value }
        let body = bodyText(headers: headers, body: parts.dropFirst().joined(separator: "\n\n"))
        let recipients = ((value("To") ?? "") + "," + (value("Cc") ?? "")).split(separator: ",")
            .compactMap { address(String($0)) }
        return CategorizationInput(from: value("From").flatMap(address), recipients: recipients, subject: value("Subject") ?? "",
                                   text: MailTextTrimmer.trim(body, maxCharacters: 1_000), headers: headers,
                                   listID: value("List-Id"), isReply: value("In-Reply-To") != nil || value("References") != nil)
    }

    static func unfold(_ block: String) -> [HeaderField] {
        var fields: [HeaderField] = []
        for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
            if let first = line.first, first == " " || first == "\t", !fields.isEmpty {
                fields[fields.count - 1].value += " " + line.trimmingCharacters(in: .whitespaces)
            } else if let colon = line.firstIndex(of: ":") {
                fields.append(HeaderField(name: String(line[..<colon]), value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
            }
        }
        return fields
    }

    static func address(_ text: String) -> EmailAddress? {
        if let open = text.firstIndex(of: "<"), let close = text.lastIndex(of: ">"), open < close {
            let name = text[..<open].trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
            return EmailAddress(name: name.isEmpty ? nil : name, address: String(text[text.index(after: open)..<close]))
        }
        let bare = text.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) ?? ""
        return bare.contains("@") ? EmailAddress(address: bare) : nil
    }

    /// The first text/plain (else text/html) part, decoded.
    static func bodyText(headers: [HeaderField], body: String) -> String {
        let contentType = headers.first { $0.name.lowercased() == "content-type" }?.value ?? "text/plain"
        let encoding = headers.first { $0.name.lowercased() == "content-transfer-encoding" }?.value.lowercased() ?? ""
        if contentType.lowercased().hasPrefix("multipart/"),
           let range = contentType.range(of: "boundary=", options: .caseInsensitive) {
            let boundary = contentType[range.upperBound...].split(separator: ";").first?
                .trimmingCharacters(in: CharacterSet(charactersIn: "\" ")) ?? ""
            let sections = body.components(separatedBy: "--" + boundary).dropFirst()
            var html: String?
            for section in sections {
                let pieces = section.trimmingCharacters(in: .newlines).components(separatedBy: "\n\n")
                let partHeaders = unfold(pieces.first ?? "")
                let partBody = pieces.dropFirst().joined(separator: "\n\n")
                let type = partHeaders.first { $0.name.lowercased() == "content-type" }?.value.lowercased() ?? "text/plain"
                if type.hasPrefix("text/plain") { return bodyText(headers: partHeaders, body: partBody) }
                if type.hasPrefix("text/html"), html == nil { html = bodyText(headers: partHeaders, body: partBody) }
                if type.hasPrefix("multipart/") { return bodyText(headers: partHeaders, body: partBody) }
            }
            return html ?? ""
        }
        var decoded = body
        if encoding.contains("base64"), let data = Data(base64Encoded: body.filter { !$0.isWhitespace }) {
            decoded = String(decoding: data, as: UTF8.self)
        } else if encoding.contains("quoted-printable") {
            decoded = quotedPrintable(body)
        }
        return contentType.lowercased().hasPrefix("text/html") ? MailTextTrimmer.plainText(fromHTML: decoded) : decoded
    }

    static func quotedPrintable(_ text: String) -> String {
        var bytes: [UInt8] = []
        let source = Array(text.replacingOccurrences(of: "=\n", with: "").utf8)
        var i = 0
        while i < source.count {
            if source[i] == UInt8(ascii: "="), i + 2 < source.count,
               let value = UInt8(String(decoding: source[(i + 1)...(i + 2)], as: UTF8.self), radix: 16) {
                bytes.append(value); i += 3
            } else { bytes.append(source[i]); i += 1 }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
