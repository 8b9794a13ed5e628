import Foundation

/// Content-Disposition as BODYSTRUCTURE reports it.
public struct ContentDisposition: Hashable, Sendable {
    /// Lower-cased: `attachment`, `inline`.
    public var kind: String
    public var parameters: [String: String]
    public init(kind: String, parameters: [String: String]) { self.kind = kind; self.parameters = parameters }
}

/// A non-multipart body part (RFC 3501 `body-type-1part`). Type names are lower-cased;
/// parameter names lower-cased, values as sent.
public struct SinglePart: Hashable, Sendable {
    public var type: String
    public var subtype: String
    public var parameters: [String: String]
    public var id: String?
    public var description: String?
    public var encoding: String
    /// Size in octets of the encoded body.
    public var size: Int
    /// Text lines (text/* and message/rfc822).
    public var lines: Int?
    /// message/rfc822: the enclosed message's envelope and structure.
    public var embeddedEnvelope: Envelope?
    public var embeddedBody: BodyStructure?
    public var md5: String?
    public var disposition: ContentDisposition?
    public var language: [String]?
    public var location: String?

    public init(type: String, subtype: String, parameters: [String: String] = [:], id: String? = nil,
                description: String? = nil, encoding: String = "7bit", size: Int = 0, lines: Int? = nil) {
        self.type = type; self.subtype = subtype; self.parameters = parameters; self.id = id
        self.description = description; self.encoding = encoding; self.size = size; self.lines = lines
    }

    public var mimeType: String { "\(type)/\(subtype)" }

    /// The file name from Content-Disposition (`filename`, or RFC 2231 `filename*`, percent-decoded)
    /// or else Content-Type `name`. RFC 2047 encoded words are left for the MIME layer.
    public var filename: String? {
        if let params = disposition?.parameters {
            if let extended = params["filename*"], let decoded = SinglePart.decodeRFC2231(extended) { return decoded }
            if let plain = params["filename"] { return plain }
        }
        if let extended = parameters["name*"], let decoded = SinglePart.decodeRFC2231(extended) { return decoded }
        return parameters["name"]
    }

    /// Content-ID without angle brackets, for resolving `cid:` references of inline images.
    public var contentID: String? {
        guard var value = id?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if value.hasPrefix("<") && value.hasSuffix(">") { value = String(value.dropFirst().dropLast()) }
        return value
    }

    public var isAttachment: Bool { disposition?.kind == "attachment" || (filename != nil && type != "text") }

    /// `charset'language'percent-encoded` (RFC 2231 §4) for UTF-8 and Latin-1.
    static func decodeRFC2231(_ value: String) -> String? {
        let pieces = value.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
        guard pieces.count == 3 else { return nil }
        let charset = pieces[0].lowercased()
        var bytes: [UInt8] = []
        var iterator = Array(pieces[2].utf8).makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%"), let h = iterator.next(), let l = iterator.next(),
               let value = UInt8(String(decoding: [h, l], as: UTF8.self), radix: 16) {
                bytes.append(value)
            } else {
                bytes.append(byte)
            }
        }
        switch charset {
        case "utf-8", "us-ascii", "": return String(bytes: bytes, encoding: .utf8)
        case "iso-8859-1", "latin1": return String(bytes: bytes, encoding: .isoLatin1)
        default: return String(bytes: bytes, encoding: .utf8)
        }
    }
}

/// A multipart body (RFC 3501 `body-type-mpart`).
public struct MultiPart: Hashable, Sendable {
    public var parts: [BodyStructure]
    /// Lower-cased: `mixed`, `alternative`, `related`, ...
    public var subtype: String
    public var parameters: [String: String]
    public var disposition: ContentDisposition?
    public var language: [String]?
    public var location: String?

    public init(parts: [BodyStructure], subtype: String, parameters: [String: String] = [:]) {
        self.parts = parts; self.subtype = subtype; self.parameters = parameters
    }
}

/// BODYSTRUCTURE: the MIME tree of a message, enough to decide which parts to download, their
/// sizes, file names and content ids — without downloading the message.
public indirect enum BodyStructure: Hashable, Sendable {
    case single(SinglePart)
    case multipart(MultiPart)

    /// Every leaf part with its section number for `BODY[n.m]` (RFC 3501 §6.4.5: a
    /// non-multipart message's only part is `1`). Parts inside message/rfc822 are not descended.
    public var leafParts: [(section: [Int], part: SinglePart)] {
        switch self {
        case .single(let part): return [([1], part)]
        case .multipart(let multi): return BodyStructure.collect(multi, prefix: [])
        }
    }

    private static func collect(_ multi: MultiPart, prefix: [Int]) -> [(section: [Int], part: SinglePart)] {
        var out: [(section: [Int], part: SinglePart)] = []
        for (index, child) in multi.parts.enumerated() {
            let section = prefix + [index + 1]
            switch child {
            case .single(let part): out.append((section, part))
            case .multipart(let inner): out.append(contentsOf: collect(inner, prefix: section))
            }
        }
        return out
    }

    /// Leaf parts that are attachments (by disposition or file name).
    public var attachments: [(section: [Int], part: SinglePart)] { leafParts.filter { $0.part.isAttachment } }
}
