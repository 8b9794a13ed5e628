import HearthIMAP

extension BodyStructure {
    /// The part a section number names (RFC 3501 §6.4.5), descending into message/rfc822
    /// parts: `2` is the second child of a multipart; `2.1` inside a forwarded message is the
    /// first part of its body (or its whole body when that is not multipart). A non-multipart
    /// message's only part is `1`. Nil when the path does not exist.
    func part(at path: [Int]) -> SinglePart? {
        guard let first = path.first, first >= 1 else { return nil }
        let rest = Array(path.dropFirst())
        switch self {
        case .single(let part):
            guard first == 1 else { return nil }
            return rest.isEmpty ? part : part.embeddedBody?.part(at: rest)
        case .multipart(let multi):
            guard first <= multi.parts.count else { return nil }
            let child = multi.parts[first - 1]
            if rest.isEmpty {
                if case .single(let part) = child { return part }
                return nil
            }
            switch child {
            case .multipart: return child.part(at: rest)
            case .single(let part): return part.embeddedBody?.part(at: rest)
            }
        }
    }
}
