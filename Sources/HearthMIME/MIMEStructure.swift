import Foundation
import HearthCore

/// One entity (RFC 2045 §2.4) of a message's MIME tree.
public struct MIMEPart: Sendable {
    /// IMAP part number (RFC 3501 §6.4.5): "1", "2.1", ... For a multipart that is the root of a
    /// message (top-level or encapsulated) this is the number of the enclosing message ("" at
    /// top level), and `hasOwnNumber` is false: IMAP gives such a multipart no number of its own.
    public var path: String
    public var hasOwnNumber: Bool
    /// Nesting depth; the top-level entity is 0.
    public var depth: Int
    public var parent: Int?
    /// Indexes of child entities in `MIMEStructure.parts`, in order. A multipart's children are
    /// its body parts; a message/rfc822 part has one child, the encapsulated message's root.
    public var children: [Int] = []
    public var headers: [RawHeaderField] = []
    /// The effective content type (defaults applied, unusable multiparts downgraded to text/plain).
    public var contentType: MIMEContentType
    public var disposition: ContentDisposition?
    public var transferEncoding: TransferEncoding = .sevenBit
    /// Content-ID without angle brackets.
    public var contentID: String?
    /// Whether this entity is the root of a message (the top-level one or an encapsulated one).
    public var isMessageRoot: Bool
    /// False for a multipart or message part whose content was not opened (a limit was hit).
    public var isOpened: Bool = true

    var buffer: Int
    /// Entity bytes (headers + body) in `buffer`, then the body alone once headers are parsed.
    var entityRange: Range<Int>
    var bodyRange: Range<Int>
    /// Prefix for numbering an encapsulated message's parts (the message/rfc822 part's number).
    var numberingPrefix: String

    /// Filename from Content-Disposition, else the Content-Type "name" parameter.
    public var filename: String? {
        if let f = disposition?.filename { return f }
        if let n = contentType.parameters["name"], !n.isEmpty { return n }
        if let n = contentType.parameters["filename"], !n.isEmpty { return n }
        return nil
    }

    public func header(_ name: String) -> RawHeaderField? {
        let lowered = name.lowercased()
        return headers.first { $0.lowercasedName == lowered }
    }

    /// Size of the still-encoded body in bytes.
    public var encodedSize: Int { bodyRange.count }
}

/// The MIME tree of a message as a flat array (index 0 is the top-level entity). Flat storage
/// keeps building, walking and destroying the tree free of recursion, whatever the nesting.
public struct MIMEStructure: Sendable {
    public var parts: [MIMEPart]
    public var defects: [ParseDefect]
    /// The message bytes, plus decoded bodies of encoded message/rfc822 parts (and of base64
    /// multiparts) whose content had to be parsed separately.
    var buffers: [[UInt8]]

    public var root: MIMEPart { parts[0] }

    /// Entities in document (depth-first) order.
    public func depthFirstOrder() -> [Int] {
        var order: [Int] = []
        order.reserveCapacity(parts.count)
        var stack = [0]
        while let i = stack.popLast() {
            order.append(i)
            stack.append(contentsOf: parts[i].children.reversed())
        }
        return order
    }

    /// The entity addressed by an IMAP part number (the one that has that number itself).
    public func index(ofPath path: String) -> Int? {
        depthFirstOrder().first { parts[$0].path == path && parts[$0].hasOwnNumber }
    }

    /// The body bytes as transmitted.
    public func rawBody(_ index: Int) -> [UInt8] {
        let p = parts[index]
        return Array(buffers[p.buffer][p.bodyRange])
    }

    /// The body with its Content-Transfer-Encoding removed.
    public func decodedBody(_ index: Int) -> [UInt8] {
        let p = parts[index]
        return buffers[p.buffer].withUnsafeBufferPointer { buf in
            TransferDecoding.decode(UnsafeBufferPointer(rebasing: buf[p.bodyRange]), encoding: p.transferEncoding)
        }
    }

    /// The body decoded to text with its charset (line endings normalised to "\n").
    public func text(_ index: Int, defects: inout [ParseDefect]) -> String {
        let p = parts[index]
        let decoded = Charsets.decode(decodedBody(index), charset: p.contentType.charset)
        if !decoded.charsetRecognized, let cs = p.contentType.charset {
            defects.append(ParseDefect(.unknownCharset, "body charset \"\(cs)\" of part \(p.path)"))
        }
        return LineEndings.normalize(decoded.text)
    }
}

/// Builds a `MIMEStructure` iteratively (explicit work stack, no recursion), enforcing limits.
struct MIMETreeBuilder {
    let limits: MIMELimits
    var parts: [MIMEPart] = []
    var defects: [ParseDefect] = []
    var buffers: [[UInt8]]
    private var reported: Set<ParseDefect.Kind> = []

    init(bytes: [UInt8], limits: MIMELimits) {
        self.limits = limits
        self.buffers = [bytes]
    }

    mutating func build() throws(MessageParseError) -> MIMEStructure {
        let n = buffers[0].count
        parts.append(MIMEPart(path: "", hasOwnNumber: false, depth: 0, parent: nil, contentType: .textPlain,
                              isMessageRoot: true, buffer: 0, entityRange: 0..<n, bodyRange: 0..<n, numberingPrefix: ""))
        var stack = [0]
        while let index = stack.popLast() {
            let children = try process(index)
            stack.append(contentsOf: children.reversed())
        }
        return MIMEStructure(parts: parts, defects: defects, buffers: buffers)
    }

    private mutating func reportOnce(_ kind: ParseDefect.Kind, _ detail: String) {
        if reported.insert(kind).inserted { defects.append(ParseDefect(kind, detail)) }
    }

    /// Parses one entity's headers and creates its children; returns the children to process.
    private mutating func process(_ index: Int) throws(MessageParseError) -> [Int] {
        var part = parts[index]
        let isTop = index == 0
        let section = buffers[part.buffer].withUnsafeBufferPointer {
            HeaderSection.parse($0, range: part.entityRange, limits: limits, skipEnvelope: isTop || part.isMessageRoot)
        }
        if isTop && !section.foundField {
            throw .notAMessage("no header fields at the start of the input")
        }
        defects.append(contentsOf: section.defects)
        part.headers = section.fields
        part.bodyRange = min(section.bodyStart, part.entityRange.upperBound)..<part.entityRange.upperBound

        let parentIsDigest = part.parent.map { parts[$0].contentType.mimeType == "multipart/digest" } ?? false
        let defaultType: MIMEContentType = parentIsDigest ? .messageRFC822 : .textPlain
        if let ctField = section.first("content-type") {
            let value = ctField.unfoldedValue
            if let ct = MIMEContentType.parse(value) {
                part.contentType = ct
            } else {
                part.contentType = defaultType
                if !value.isEmpty { defects.append(ParseDefect(.invalidHeader, "unreadable Content-Type \"\(value.prefix(60))\"")) }
            }
        } else {
            part.contentType = defaultType
        }
        part.transferEncoding = TransferEncoding(headerValue: section.first("content-transfer-encoding")?.unfoldedValue)
        if let cd = section.first("content-disposition")?.unfoldedValue, !cd.isEmpty {
            part.disposition = ContentDisposition.parse(cd)
        }
        if let cid = section.first("content-id")?.unfoldedValue {
            part.contentID = MessageIDParser.parse(cid).first ?? (cid.isEmpty ? nil : cid)
        }

        // Open multiparts.
        var split: MultipartSplitter.Result?
        var splitBuffer = part.buffer
        if part.contentType.isMultipart {
            if part.depth >= limits.maxDepth {
                part.isOpened = false
                reportOnce(.nestingTooDeep, "MIME nesting deeper than \(limits.maxDepth); inner parts not opened")
            } else if var boundary = part.contentType.boundary, !boundary.isEmpty {
                let budget = max(1, limits.maxParts - parts.count)
                var result = buffers[splitBuffer].withUnsafeBufferPointer {
                    MultipartSplitter.split($0, range: part.bodyRange, boundary: boundary, maxParts: budget)
                }
                let trimmed = trimTrailingSpace(boundary)
                if !result.foundDelimiter && trimmed != boundary && !trimmed.isEmpty {
                    // RFC 2046 forbids a boundary ending in a space; senders that wrote one
                    // usually did not use it on the delimiter lines.
                    boundary = trimmed
                    result = buffers[splitBuffer].withUnsafeBufferPointer {
                        MultipartSplitter.split($0, range: part.bodyRange, boundary: boundary, maxParts: budget)
                    }
                }
                if !result.foundDelimiter && part.transferEncoding.isEncoding {
                    // Forbidden by RFC 2045 §6.4, yet some generators encode the whole multipart.
                    // Mostly the label is simply wrong, so the raw body is tried first (above).
                    let decoded = decodedBody(part)
                    buffers.append(decoded)
                    splitBuffer = buffers.count - 1
                    result = decoded.withUnsafeBufferPointer {
                        MultipartSplitter.split($0, range: 0..<$0.count, boundary: boundary, maxParts: budget)
                    }
                    if result.foundDelimiter {
                        defects.append(ParseDefect(.invalidEncoding, "multipart body with a transfer encoding"))
                    } else {
                        splitBuffer = part.buffer
                    }
                }
                if result.foundDelimiter {
                    split = result
                    if !result.closed && !result.truncated {
                        defects.append(ParseDefect(.unterminatedMultipart, "no closing boundary \"--\(boundary.prefix(70))--\""))
                    }
                } else {
                    defects.append(ParseDefect(.missingBoundary, "boundary \"\(boundary.prefix(70))\" never found; body read as text"))
                    part.contentType = MIMEContentType(type: "text", subtype: "plain", parameters: part.contentType.parameters)
                }
            } else {
                defects.append(ParseDefect(.missingBoundary, "multipart without a boundary parameter; body read as text"))
                part.contentType = MIMEContentType(type: "text", subtype: "plain", parameters: part.contentType.parameters)
            }
        }

        // Numbering (RFC 3501 §6.4.5).
        if part.isMessageRoot {
            if part.contentType.isMultipart {
                part.path = part.numberingPrefix
                part.hasOwnNumber = false
            } else {
                part.path = part.numberingPrefix.isEmpty ? "1" : part.numberingPrefix + ".1"
                part.hasOwnNumber = true
            }
        }

        var children: [Int] = []
        if let split {
            var ranges = split.parts
            let budget = max(0, limits.maxParts - parts.count)
            if ranges.count > budget || split.truncated {
                ranges = Array(ranges.prefix(budget))
                reportOnce(.tooManyParts, "more than \(limits.maxParts) MIME parts; the rest are ignored")
            }
            for (k, range) in ranges.enumerated() {
                let childPath = part.path.isEmpty ? "\(k + 1)" : "\(part.path).\(k + 1)"
                children.append(parts.count)
                parts.append(MIMEPart(path: childPath, hasOwnNumber: true, depth: part.depth + 1, parent: index,
                                      contentType: .textPlain, isMessageRoot: false, buffer: splitBuffer,
                                      entityRange: range, bodyRange: range, numberingPrefix: ""))
            }
        } else if part.contentType.isEncapsulatedMessage && !(part.disposition?.isAttachment == true && part.bodyRange.isEmpty) {
            if part.depth >= limits.maxDepth {
                part.isOpened = false
                reportOnce(.nestingTooDeep, "MIME nesting deeper than \(limits.maxDepth); inner parts not opened")
            } else if parts.count >= limits.maxParts {
                part.isOpened = false
                reportOnce(.tooManyParts, "more than \(limits.maxParts) MIME parts; the rest are ignored")
            } else if !part.bodyRange.isEmpty {
                var buffer = part.buffer
                var range = part.bodyRange
                if part.transferEncoding.isEncoding {
                    let decoded = decodedBody(part)
                    buffers.append(decoded)
                    buffer = buffers.count - 1
                    range = 0..<decoded.count
                }
                children.append(parts.count)
                parts.append(MIMEPart(path: "", hasOwnNumber: false, depth: part.depth + 1, parent: index,
                                      contentType: .textPlain, isMessageRoot: true, buffer: buffer,
                                      entityRange: range, bodyRange: range, numberingPrefix: part.path))
            }
        }
        part.children = children
        parts[index] = part
        return children
    }

    private func decodedBody(_ part: MIMEPart) -> [UInt8] {
        buffers[part.buffer].withUnsafeBufferPointer { buf in
            TransferDecoding.decode(UnsafeBufferPointer(rebasing: buf[part.bodyRange]), encoding: part.transferEncoding)
        }
    }

    private func trimTrailingSpace(_ s: String) -> String {
        var s = Substring(s)
        while let last = s.last, last == " " || last == "\t" { s = s.dropLast() }
        return String(s)
    }
}
