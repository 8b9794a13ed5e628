import Foundation

/// Decides which URLs may survive sanitising. An allowlist of schemes, checked on the URL as a
/// browser would read it: entities are already decoded by the parser, and the browser's URL
/// parser strips leading/trailing C0 controls and spaces and removes every tab and newline
/// (WHATWG URL §4.4), so `jav&#x09;ascript:` and ` javascript:` become `javascript:`. The
/// sanitizer re-emits the cleaned string, so what was checked is exactly what the browser gets.
public enum URLPolicy {
    /// Where a URL appears, which decides the schemes it may have.
    public enum Context: Sendable { case link, image }

    /// What an attribute URL turned out to be.
    public enum Verdict: Sendable, Equatable {
        /// `http:`/`https:`: network content (images) or an external link.
        case remote(URL)
        case mailto(String)
        /// `cid:` of an inline part; the Content-ID without the scheme, percent-decoded.
        case contentID(String)
        /// A `data:image/…;base64,` URL of a raster type, only for images.
        case inlineData(String)
        /// A same-document fragment (`#section`).
        case fragment(String)
        case rejected
    }

    /// Raster types a `data:` image may have. SVG is refused: it is a document that can carry
    /// script and links, not an image.
    static let dataImageTypes: Set<String> = ["image/png", "image/gif", "image/jpeg", "image/jpg", "image/webp", "image/bmp"]

    /// The URL as the browser's URL parser sees it before it looks at the scheme.
    public static func clean(_ raw: String) -> String {
        var scalars = Substring(raw).unicodeScalars
        while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
        while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
        var out = String.UnicodeScalarView()
        for scalar in scalars where scalar != "\t" && scalar != "\n" && scalar != "\r" {
            out.append(scalar)
        }
        return String(out)
    }

    /// The lower-cased scheme, or nil for a relative reference.
    public static func scheme(of cleaned: String) -> String? {
        guard let colon = cleaned.firstIndex(of: ":") else { return nil }
        let candidate = cleaned[..<colon]
        func isLetter(_ v: UInt32) -> Bool { (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A) }
        guard let first = candidate.unicodeScalars.first, isLetter(first.value) else { return nil }
        for scalar in candidate.unicodeScalars {
            let v = scalar.value
            let ok = isLetter(v) || (v >= 0x30 && v <= 0x39) || scalar == "+" || scalar == "-" || scalar == "."
            if !ok { return nil }
        }
        return candidate.lowercased()
    }

    public static func evaluate(_ raw: String, context: Context) -> Verdict {
        let cleaned = clean(raw)
        guard !cleaned.isEmpty, cleaned.count <= 8_192 else { return .rejected }
        // A backslash is read as a slash by browsers in special schemes; refuse the ambiguity.
        if cleaned.contains("\\") { return .rejected }
        guard let scheme = scheme(of: cleaned) else {
            if context == .link, cleaned.hasPrefix("#"), cleaned.count > 1 { return .fragment(cleaned) }
            // Relative references would resolve against the app's own origin: never.
            return .rejected
        }
        switch scheme {
        case "http", "https":
            guard let url = URL(string: cleaned), let host = url.host, !host.isEmpty,
                  cleaned.lowercased().hasPrefix(scheme + "://") else { return .rejected }
            return .remote(url)
        case "mailto":
            return context == .link ? .mailto(cleaned) : .rejected
        case "cid":
            guard context == .image else { return .rejected }
            let id = String(cleaned.dropFirst(4))
            let decoded = id.removingPercentEncoding ?? id
            return decoded.isEmpty ? .rejected : .contentID(decoded)
        case "data":
            guard context == .image else { return .rejected }
            let body = cleaned.dropFirst(5)
            guard let comma = body.firstIndex(of: ",") else { return .rejected }
            let header = body[..<comma].lowercased().split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let type = header.first, dataImageTypes.contains(type), header.last == "base64" else { return .rejected }
            let payload = body[body.index(after: comma)...]
            guard payload.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "/" || $0 == "=") })
            else { return .rejected }
            return .inlineData(cleaned)
        default:
            return .rejected
        }
    }
}
