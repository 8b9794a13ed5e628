import Foundation
import HearthCore

/// Why `MIMEParser.partContent` could not return a part.
public enum PartContentError: Error, Sendable, Equatable {
    case unparseable(MessageParseError)
    /// No entity carries that IMAP part number.
    case partNotFound(String)
}

/// RFC 5322 / MIME parser producing the domain's `ParsedMessage`.
///
/// Works on bytes, never on a String of the whole message; every step is linear in the input.
/// `notAMessage` is thrown only for empty (or blank) input and for input whose first line is not
/// a header field (after an optional mbox "From " line): such data has no header block at all.
/// Input larger than `limits.maxTotalSize` is refused with `limitExceeded`. Everything else
/// yields a parse, degraded where needed, with `defects` saying what was wrong.
public struct MIMEParser: MessageParser {
    public let limits: MIMELimits
    /// Whether `ParsedAttachment.content` is filled (it costs memory; attachments can instead be
    /// fetched later with `partContent(raw:partPath:)`).
    public let keepAttachmentContent: Bool

    public init(limits: MIMELimits = .default, keepAttachmentContent: Bool = false) {
        self.limits = limits
        self.keepAttachmentContent = keepAttachmentContent
    }

    /// The MIME tree of `raw`, for callers that need more than `ParsedMessage` (part listings,
    /// content fetch, tests).
    public func structure(of raw: Data) throws(MessageParseError) -> MIMEStructure {
        if raw.count > limits.maxTotalSize {
            throw .limitExceeded("message of \(raw.count) bytes exceeds \(limits.maxTotalSize) bytes")
        }
        let bytes = [UInt8](raw)
        if bytes.allSatisfy(ASCII.isSpaceOrNewline) { throw .notAMessage(bytes.isEmpty ? "empty input" : "blank input") }
        var builder = MIMETreeBuilder(bytes: bytes, limits: limits)
        return try builder.build()
    }

    public func parse(_ raw: Data) throws(MessageParseError) -> ParsedMessage {
        let structure = try structure(of: raw)
        return MessageAssembler(structure: structure, keepContent: keepAttachmentContent).assemble(size: raw.count)
    }

    /// The decoded bytes of the part numbered `partPath` (IMAP numbering, as in
    /// `ParsedAttachment.partPath`). For a message/rfc822 part this is the whole encapsulated message.
    public static func partContent(raw: Data, partPath: String, limits: MIMELimits = .default) throws(PartContentError) -> Data {
        let structure: MIMEStructure
        do {
            structure = try MIMEParser(limits: limits).structure(of: raw)
        } catch {
            throw .unparseable(error)
        }
        guard let index = structure.index(ofPath: partPath) else { throw .partNotFound(partPath) }
        return Data(structure.decodedBody(index))
    }
}

/// Turns a MIME tree into a `ParsedMessage`.
struct MessageAssembler {
    let structure: MIMEStructure
    let keepContent: Bool

    func assemble(size: Int) -> ParsedMessage {
        var defects = structure.defects
        let root = structure.root
        var message = ParsedMessage(sizeBytes: size)
        func first(_ name: String) -> RawHeaderField? { root.header(name) }
        func all(_ name: String) -> [RawHeaderField] {
            let lowered = name.lowercased()
            return root.headers.filter { $0.lowercasedName == lowered }
        }
        func addresses(_ name: String) -> [EmailAddress] {
            // Duplicate address fields (forbidden, yet seen) are merged rather than dropped.
            all(name).flatMap { AddressParser.parseList(bytes: HeaderText.unfoldedBytes($0.rawValue), defects: &defects) }
        }

        message.headers = root.headers.map { HeaderField(name: $0.name, value: $0.decodedValue) }
        message.messageID = first("message-id").flatMap { MessageIDParser.parse($0.unfoldedValue).first }
        message.inReplyTo = first("in-reply-to").map { MessageIDParser.parse($0.unfoldedValue) } ?? []
        message.references = all("references").flatMap { MessageIDParser.parse($0.unfoldedValue) }
        message.from = all("from").lazy.map { AddressParser.parseList(bytes: HeaderText.unfoldedBytes($0.rawValue), defects: &defects) }.first { !$0.isEmpty } ?? []
        message.sender = first("sender").flatMap { AddressParser.parseList(bytes: HeaderText.unfoldedBytes($0.rawValue), defects: &defects).first }
        message.replyTo = addresses("reply-to")
        message.to = addresses("to")
        message.cc = addresses("cc")
        message.bcc = addresses("bcc")
        if let subject = first("subject") {
            message.subject = RFC2047.decode(bytes: HeaderText.unfoldedBytes(subject.rawValue), defects: &defects)
        }
        if let date = first("date") {
            let value = date.unfoldedValue
            message.date = MailDateParser.parse(value)
            if message.date == nil { defects.append(ParseDefect(.invalidDate, "unreadable Date \"\(value.prefix(60))\"")) }
        }

        let selection = BodySelection(structure: structure)
        var collected = selection.collect(from: 0)
        if collected.html.isEmpty, let inner = collected.messages.first,
           collected.text.allSatisfy({ structure.decodedBody($0).allSatisfy(ASCII.isSpaceOrNewline) }) {
            let forwarded = selection.collect(from: inner)
            collected.text = forwarded.text
            collected.html = forwarded.html
        }
        message.textBody = joinBodies(collected.text, &defects)
        message.htmlBody = joinBodies(collected.html, &defects)
        message.attachments = collected.attachments.map { attachment($0.index, inline: $0.inline) }

        if let text = message.textBody, !text.isEmpty {
            message.snippet = Snippet.make(fromText: text)
        }
        if message.snippet.isEmpty, let html = message.htmlBody {
            message.snippet = Snippet.make(fromText: HTMLText.plainText(fromHTML: html, dropQuotes: true, maxOutput: 16_384))
        }
        message.defects = defects
        return message
    }

    private func joinBodies(_ indexes: [Int], _ defects: inout [ParseDefect]) -> String? {
        guard !indexes.isEmpty else { return nil }
        var out = ""
        for i in indexes {
            let text = structure.text(i, defects: &defects)
            if !out.isEmpty && !out.hasSuffix("\n") && !text.isEmpty { out.append("\n") }
            out.append(text)
        }
        return out
    }

    private func attachment(_ index: Int, inline: Bool) -> ParsedAttachment {
        let part = structure.parts[index]
        let body = structure.decodedBody(index)
        return ParsedAttachment(
            filename: filename(for: part), mimeType: part.contentType.mimeType, sizeBytes: body.count,
            partPath: part.path, contentID: part.contentID, isInline: inline,
            content: keepContent ? Data(body) : nil)
    }

    /// The part's own name; for a forwarded message its subject + ".eml"; else a generated
    /// "part-<path>.<ext>" so every attachment can be saved under a sensible name.
    func filename(for part: MIMEPart) -> String {
        if let name = part.filename { return sanitize(name) }
        if part.contentType.isEncapsulatedMessage {
            let subject = part.children.first.flatMap { structure.parts[$0].header("subject") }
                .map(\.decodedValue) ?? ""
            let base = sanitize(subject)
            return (base.isEmpty ? "forwarded message" : String(base.prefix(120))) + ".eml"
        }
        if part.contentType.mimeType == "application/ms-tnef" { return "winmail.dat" }
        return "part-\(part.path)" + Self.extensionFor(part.contentType.mimeType)
    }

    /// Path separators and control characters would make a name unsafe to save.
    private func sanitize(_ name: String) -> String {
        let cleaned = String(String.UnicodeScalarView(name.unicodeScalars.map { s in
            (s.value < 0x20 || s == "/" || s == "\\" || s.value == 0x7F) ? "_" : s
        }))
        return cleaned.trimmingCharacters(in: .whitespaces)
    }

    static func extensionFor(_ mimeType: String) -> String {
        switch mimeType {
        case "text/plain", "message/delivery-status", "message/disposition-notification", "text/rfc822-headers": return ".txt"
        case "text/html": return ".html"
        case "text/calendar": return ".ics"
        case "text/csv": return ".csv"
        case "image/png": return ".png"
        case "image/jpeg", "image/jpg", "image/pjpeg": return ".jpg"
        case "image/gif": return ".gif"
        case "application/pdf": return ".pdf"
        case "application/pgp-signature": return ".asc"
        case "application/pkcs7-signature", "application/x-pkcs7-signature": return ".p7s"
        case "application/zip": return ".zip"
        default: return ".bin"
        }
    }
}
