import HearthCore

/// One header field as found in the bytes, before any decoding.
public struct RawHeaderField: Sendable, Hashable {
    /// The field name as written (without trailing whitespace).
    public var name: String
    /// ASCII-lowercased name, for case-insensitive lookup (RFC 5322 §1.2.2).
    public var lowercasedName: String
    /// The folded value bytes after the colon, line breaks included, without the final line break.
    public var rawValue: [UInt8]

    public init(name: String, rawValue: [UInt8]) {
        self.name = name
        self.lowercasedName = name.lowercased()
        self.rawValue = rawValue
    }

    /// Unfolded text, charset-sniffed (RFC 6532 UTF-8, else Windows-1252), no RFC 2047 decoding.
    /// Structured parsers (addresses, parameters) start from this so that encoded words are
    /// decoded only where RFC 2047 allows them.
    public var unfoldedValue: String { HeaderText.unfold(rawValue) }

    /// Unfolded and RFC 2047-decoded text, for unstructured fields and display.
    public var decodedValue: String { HeaderText.decode(rawValue) }
}

/// The header block of a message or body part (RFC 5322 §2.2, RFC 2045 §3).
public struct HeaderSection: Sendable {
    public var fields: [RawHeaderField] = []
    /// Absolute index in the scanned buffer where the body starts (after the blank line).
    public var bodyStart: Int
    /// Whether at least one syntactically valid field was found.
    public var foundField: Bool { !fields.isEmpty || sawFieldBeyondLimit }
    public var defects: [ParseDefect] = []
    var sawFieldBeyondLimit = false

    /// The first field called `name` (case-insensitive).
    public func first(_ name: String) -> RawHeaderField? {
        let lowered = name.lowercased()
        return fields.first { $0.lowercasedName == lowered }
    }

    /// Every field called `name`, in order.
    public func all(_ name: String) -> [RawHeaderField] {
        let lowered = name.lowercased()
        return fields.filter { $0.lowercasedName == lowered }
    }

    /// Parses a header block starting at `range.lowerBound`.
    ///
    /// Accepts CRLF, bare LF and mixtures. Stops at the first empty line. A line that is neither
    /// a field nor a continuation ends the header block (the body starts there, as Python's
    /// `email` does) unless the next line is a field again, in which case the junk line is
    /// skipped: both happen in broken real mail. `skipEnvelope` skips a leading mbox
    /// "From " line and a UTF-8 byte-order mark.
    public static func parse(_ buffer: UnsafeBufferPointer<UInt8>, range: Range<Int>, limits: MIMELimits,
                             skipEnvelope: Bool = false) -> HeaderSection {
        var section = HeaderSection(bodyStart: range.upperBound)
        let end = range.upperBound
        var i = range.lowerBound
        if skipEnvelope {
            if i + 3 <= end, buffer[i] == 0xEF, buffer[i + 1] == 0xBB, buffer[i + 2] == 0xBF { i += 3 }
            // Leading blank lines (left by careless mbox splitting or downloads).
            while i < end && (buffer[i] == ASCII.cr || buffer[i] == ASCII.lf) { i += 1 }
            if i + 5 <= end, buffer[i] == 0x46, buffer[i + 1] == 0x72, buffer[i + 2] == 0x6F,
               buffer[i + 3] == 0x6D, buffer[i + 4] == ASCII.space {
                // "From  : x" is an (obsolete-syntax) header field, "From x@y date" an mbox envelope.
                var k = i + 4
                while k < end && ASCII.isWSP(buffer[k]) { k += 1 }
                if k < end && buffer[k] != ASCII.colon {
                    i = (buffer.firstIndex(of: ASCII.lf, from: i, to: end) ?? (end - 1)) + 1
                }
            }
        }
        // The field being accumulated: name range, value start, value end (exclusive).
        var current: (nameStart: Int, nameEnd: Int, valueStart: Int, valueEnd: Int)?
        var truncatedReported = false

        func finish(_ f: (nameStart: Int, nameEnd: Int, valueStart: Int, valueEnd: Int)) {
            if section.fields.count >= limits.maxHeaderFields {
                if !section.sawFieldBeyondLimit {
                    section.defects.append(ParseDefect(.tooManyHeaders, "more than \(limits.maxHeaderFields) header fields; the rest are ignored"))
                }
                section.sawFieldBeyondLimit = true
                return
            }
            var valueEnd = f.valueEnd
            if valueEnd - f.valueStart > limits.maxHeaderLineLength {
                valueEnd = f.valueStart + limits.maxHeaderLineLength
                if !truncatedReported {
                    section.defects.append(ParseDefect(.truncated, "header field longer than \(limits.maxHeaderLineLength) bytes truncated"))
                    truncatedReported = true
                }
            }
            let name = String(decoding: UnsafeBufferPointer(rebasing: buffer[f.nameStart..<f.nameEnd]), as: UTF8.self)
            let value = Array(UnsafeBufferPointer(rebasing: buffer[f.valueStart..<max(f.valueStart, valueEnd)]))
            section.fields.append(RawHeaderField(name: name, rawValue: value))
        }

        /// Field name range if the line `start..<contentEnd` is "name: ...".
        func fieldName(_ start: Int, _ contentEnd: Int) -> (Int, Int, Int)? {
            guard let colon = buffer.firstIndex(of: ASCII.colon, from: start, to: contentEnd) else { return nil }
            var nameEnd = colon
            while nameEnd > start && ASCII.isWSP(buffer[nameEnd - 1]) { nameEnd -= 1 } // obs "Subject :"
            guard nameEnd > start else { return nil }
            for k in start..<nameEnd where buffer[k] <= 0x20 || buffer[k] >= 0x7F { return nil }
            return (start, nameEnd, colon + 1)
        }

        func lineBounds(_ start: Int) -> (contentEnd: Int, next: Int) {
            let lf = buffer.firstIndex(of: ASCII.lf, from: start, to: end)
            var contentEnd = lf ?? end
            if contentEnd > start && buffer[contentEnd - 1] == ASCII.cr { contentEnd -= 1 }
            return (contentEnd, lf.map { $0 + 1 } ?? end)
        }

        while i < end {
            let (contentEnd, next) = lineBounds(i)
            if contentEnd == i || (contentEnd == i + 1 && buffer[i] == ASCII.cr) {
                // Empty line: end of the header block.
                if let c = current { finish(c); current = nil }
                section.bodyStart = next
                return section
            }
            if ASCII.isWSP(buffer[i]) {
                if current != nil {
                    current?.valueEnd = contentEnd
                } else if section.fields.isEmpty && !section.sawFieldBeyondLimit {
                    // Indented first line: a field with stray leading whitespace, else no header block.
                    var s = i
                    while s < contentEnd && ASCII.isWSP(buffer[s]) { s += 1 }
                    guard let (ns, ne, vs) = fieldName(s, contentEnd) else {
                        section.bodyStart = i
                        return section
                    }
                    section.defects.append(ParseDefect(.invalidHeader, "header block starts with whitespace"))
                    current = (ns, ne, vs, contentEnd)
                } else {
                    section.defects.append(ParseDefect(.invalidHeader, "continuation line without a field"))
                }
                i = next
                continue
            }
            if let (ns, ne, vs) = fieldName(i, contentEnd) {
                if let c = current { finish(c) }
                current = (ns, ne, vs, contentEnd)
                i = next
                continue
            }
            // Neither a field nor a continuation.
            if let c = current { finish(c); current = nil }
            if !section.foundField {
                section.bodyStart = i
                return section
            }
            if next < end {
                let (nextEnd, _) = lineBounds(next)
                if fieldName(next, nextEnd) != nil {
                    section.defects.append(ParseDefect(.invalidHeader, "junk line inside the header block skipped"))
                    i = next
                    continue
                }
            }
            section.defects.append(ParseDefect(.invalidHeader, "header block ended without a blank line"))
            section.bodyStart = i
            return section
        }
        if let c = current { finish(c) }
        section.bodyStart = end
        return section
    }

    /// Convenience for tests and tools: parses the header block at the start of `bytes`.
    public static func parse(_ bytes: [UInt8], limits: MIMELimits = .default, skipEnvelope: Bool = false) -> HeaderSection {
        bytes.withUnsafeBufferPointer { parse($0, range: 0..<$0.count, limits: limits, skipEnvelope: skipEnvelope) }
    }
}

/// Header text helpers: unfolding and charset sniffing of raw header bytes.
public enum HeaderText {
    /// Raw header bytes as text: RFC 6532 UTF-8 when valid, else Windows-1252 (8-bit legacy
    /// headers are nearly always Latin-1/CP1252). Never fails.
    public static func string(_ raw: [UInt8]) -> String {
        if Bytes.isASCII(raw) { return String(decoding: raw, as: UTF8.self) }
        return Charsets.sniff(raw)
    }

    /// Unfolds (RFC 5322 §2.2.3) and trims. A fold and the whitespace around it become one space:
    /// strictly the WSP should be kept as is, but runs of indentation are never meaningful and
    /// display better collapsed. Line breaks not followed by WSP (broken folding) also become a
    /// space rather than disappearing.
    public static func unfold(_ raw: [UInt8]) -> String { string(unfoldedBytes(raw)) }

    /// Unfolding on bytes, before any charset decision.
    public static func unfoldedBytes(_ raw: [UInt8]) -> [UInt8] {
        guard raw.contains(where: { $0 == ASCII.cr || $0 == ASCII.lf }) else {
            return Array(Bytes.trimmed(raw[...]))
        }
        var out = [UInt8]()
        out.reserveCapacity(raw.count)
        var i = 0
        let n = raw.count
        while i < n {
            let b = raw[i]
            if b == ASCII.cr || b == ASCII.lf {
                while let last = out.last, ASCII.isWSP(last) { out.removeLast() }
                var j = i
                while j < n && ASCII.isSpaceOrNewline(raw[j]) { j += 1 }
                out.append(ASCII.space)
                i = j
                continue
            }
            out.append(b)
            i += 1
        }
        return Array(Bytes.trimmed(out[...]))
    }

    /// Unfolds a header value given as text.
    public static func unfold(_ text: String) -> String { unfold(Array(text.utf8)) }

    /// Unfolded and RFC 2047-decoded: what a person should see for an unstructured field.
    public static func decode(_ raw: [UInt8]) -> String {
        var ignored: [ParseDefect] = []
        return RFC2047.decode(bytes: unfoldedBytes(raw), defects: &ignored)
    }
}
