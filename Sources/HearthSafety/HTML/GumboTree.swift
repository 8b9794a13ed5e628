import CGumbo
import Foundation

/// A read-only view of one node of Gumbo's parse tree. Valid only inside `GumboTree.parse`'s
/// body: Gumbo owns the memory and frees it when the body returns.
struct GumboNodeRef {
    let pointer: UnsafeMutablePointer<GumboNode>

    var type: GumboNodeType { pointer.pointee.type }
    var isElement: Bool { type == GUMBO_NODE_ELEMENT || type == GUMBO_NODE_TEMPLATE }
    var isText: Bool { type == GUMBO_NODE_TEXT || type == GUMBO_NODE_WHITESPACE }

    /// The lower-case tag name of a known HTML tag, "" for a tag Gumbo does not know.
    var tagName: String {
        guard isElement else { return "" }
        return String(cString: gumbo_normalized_tagname(pointer.pointee.v.element.tag))
    }

    var isUnknownTag: Bool { pointer.pointee.v.element.tag == GUMBO_TAG_UNKNOWN }

    /// Elements of the SVG or MathML namespaces (foreign content: its own parsing rules and
    /// its own script vectors, so the sanitizer never keeps any of it).
    var isForeign: Bool { pointer.pointee.v.element.tag_namespace != GUMBO_NAMESPACE_HTML }

    /// The decoded text of a text or whitespace node (entities already resolved by the parser).
    var text: String { String(cString: pointer.pointee.v.text.text) }

    var children: [GumboNodeRef] {
        let vector: GumboVector
        if isElement { vector = pointer.pointee.v.element.children } else if type == GUMBO_NODE_DOCUMENT {
            vector = pointer.pointee.v.document.children
        } else { return [] } // text, comment and CDATA nodes have no children
        guard vector.length > 0, let data = vector.data else { return [] }
        var out: [GumboNodeRef] = []
        out.reserveCapacity(Int(vector.length))
        for index in 0..<Int(vector.length) {
            if let raw = data[index] { out.append(GumboNodeRef(pointer: raw.assumingMemoryBound(to: GumboNode.self))) }
        }
        return out
    }

    /// Attributes as the parser resolved them: lower-case names, decoded values, the first of
    /// any duplicates (HTML5 keeps the first).
    var attributes: [(name: String, value: String)] {
        guard isElement else { return [] }
        let vector = pointer.pointee.v.element.attributes
        guard vector.length > 0, let data = vector.data else { return [] }
        var out: [(String, String)] = []
        out.reserveCapacity(Int(vector.length))
        for index in 0..<Int(vector.length) {
            guard let raw = data[index] else { continue }
            let attribute = raw.assumingMemoryBound(to: GumboAttribute.self).pointee
            // Namespaced attributes (xlink:href, xml:base …) only exist on foreign elements; the
            // sanitizer drops those, but refuse them here too so no caller can ever keep one.
            guard attribute.attr_namespace == GUMBO_ATTR_NAMESPACE_NONE else { continue }
            out.append((String(cString: attribute.name), String(cString: attribute.value)))
        }
        return out
    }
}

/// Why HTML could not be parsed; the caller falls back to the plain-text body.
public enum HTMLParseFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// Larger than `HTMLSanitizer.Limits.maxInputBytes`.
    case tooLarge(bytes: Int, limit: Int)
    /// More tags than `HTMLSanitizer.Limits.maxTags`: a tree that deep or wide is an attack.
    case tooManyTags(count: Int, limit: Int)
    /// Gumbo returned no tree (out of memory).
    case parserFailed

    public var description: String {
        switch self {
        case .tooLarge(let bytes, let limit): "HTML body of \(bytes) bytes exceeds the \(limit)-byte limit"
        case .tooManyTags(let count, let limit): "HTML body has about \(count) tags, over the limit of \(limit)"
        case .parserFailed: "the HTML parser could not build a tree (out of memory)"
        }
    }
}

/// Runs Gumbo, the HTML5 parser, over a document and hands the tree to a body.
///
/// Gumbo builds the tree iteratively but frees it recursively, one stack frame per level of
/// nesting. A hostile message with 100,000 nested `<div>`s would overflow an ordinary thread's
/// stack, so documents with many tags are parsed on a dedicated thread with a large stack.
enum GumboTree {
    /// Above this many tags the parse moves to a big-stack thread.
    static let smallDocumentTags = 2_000
    static let bigStackBytes = 256 << 20

    static func parse<T: Sendable>(_ html: String, limits: HTMLSanitizer.Limits,
                                   _ body: @escaping @Sendable (GumboNodeRef) -> T) throws(HTMLParseFailure) -> T {
        var bytes = Array(html.utf8)
        guard bytes.count <= limits.maxInputBytes else {
            throw .tooLarge(bytes: bytes.count, limit: limits.maxInputBytes)
        }
        let tags = approximateTagCount(bytes)
        guard tags <= limits.maxTags else { throw .tooManyTags(count: tags, limit: limits.maxTags) }
        bytes.append(0) // never an empty buffer, and a C string should Gumbo ever read one
        if tags <= smallDocumentTags {
            guard let result = parseNow(&bytes, body) else { throw .parserFailed }
            return result
        }
        let box = ResultBox<T>(bytes: bytes)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.result = parseNow(&box.bytes, body)
            done.signal()
        }
        thread.stackSize = bigStackBytes
        thread.start()
        done.wait()
        guard let result = box.result else { throw .parserFailed }
        return result
    }

    private static func parseNow<T>(_ bytes: inout [UInt8], _ body: (GumboNodeRef) -> T) -> T? {
        var options = kGumboDefaultOptions
        options.max_errors = 0 // parse errors are not used; recording them costs memory
        return withUnsafePointer(to: &options) { optionsPointer in
            bytes.withUnsafeBufferPointer { buffer -> T? in
                guard let base = buffer.baseAddress else { return nil }
                let start = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
                // The buffer ends with a NUL that is not part of the document (see `parse`).
                guard let output = gumbo_parse_with_options(optionsPointer, start, buffer.count - 1) else { return nil }
                defer { gumbo_destroy_output(optionsPointer, output) }
                guard let document = output.pointee.document else { return nil }
                return body(GumboNodeRef(pointer: document))
            }
        }
    }

    /// Counts `<` followed by a letter: an upper bound on the number of elements.
    static func approximateTagCount(_ bytes: [UInt8]) -> Int {
        var count = 0
        var index = 0
        let end = bytes.count - 1
        while index < end {
            if bytes[index] == 0x3C {
                let next = bytes[index + 1] | 0x20
                if next >= 0x61 && next <= 0x7A { count += 1 }
            }
            index += 1
        }
        return count
    }

    private final class ResultBox<T>: @unchecked Sendable {
        var bytes: [UInt8]
        var result: T?
        init(bytes: [UInt8]) { self.bytes = bytes }
    }
}
