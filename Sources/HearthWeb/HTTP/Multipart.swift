import Foundation

/// `multipart/form-data` (RFC 7578), for the composer's file attachments. Only what browsers
/// send: one level, `Content-Disposition: form-data; name=…; filename=…`, optional type.
struct MultipartForm: Sendable {
    struct File: Sendable {
        var field: String
        var filename: String
        var contentType: String
        var data: Data
    }

    var fields: [String: [String]] = [:]
    var files: [File] = []

    init?(contentType: String?, body: Data) {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/form-data"),
              let boundary = Self.parameter("boundary", in: contentType), !boundary.isEmpty else { return nil }
        let delimiter = Data("--\(boundary)".utf8)
        let bytes = body
        var position = bytes.startIndex
        var parts: [Data] = []
        guard let first = bytes.range(of: delimiter, in: position..<bytes.endIndex) else { return nil }
        position = first.upperBound
        while position < bytes.endIndex {
            // After a delimiter: "--" ends the body, else CRLF then the part.
            if bytes[position...].starts(with: Data("--".utf8)) { break }
            if bytes[position...].starts(with: Data("\r\n".utf8)) { position += 2 }
            guard let next = bytes.range(of: Data("\r\n".utf8) + delimiter, in: position..<bytes.endIndex) else { break }
            parts.append(bytes[position..<next.lowerBound])
            position = next.upperBound
        }
        for part in parts {
            guard let split = part.range(of: Data("\r\n\r\n".utf8)) else { continue }
            let head = String(decoding: part[part.startIndex..<split.lowerBound], as: UTF8.self)
            let content = Data(part[split.upperBound..<part.endIndex])
            var disposition = "", type = "application/octet-stream"
            for line in head.components(separatedBy: "\r\n") {
                let lower = line.lowercased()
                if lower.hasPrefix("content-disposition:") { disposition = String(line.dropFirst("content-disposition:".count)) }
                if lower.hasPrefix("content-type:") { type = line.dropFirst("content-type:".count).trimmingCharacters(in: .whitespaces) }
            }
            guard let name = Self.parameter("name", in: disposition) else { continue }
            if let filename = Self.parameter("filename", in: disposition) {
                if !filename.isEmpty || !content.isEmpty {
                    files.append(File(field: name, filename: filename, contentType: type, data: content))
                }
            } else {
                fields[name, default: []].append(String(decoding: content, as: UTF8.self))
            }
        }
    }

    /// A `key=value` or `key="value"` parameter of a header value.
    static func parameter(_ key: String, in header: String) -> String? {
        for piece in header.split(separator: ";") {
            let kv = piece.split(separator: "=", maxSplits: 1)
            guard kv.count == 2, kv[0].trimmingCharacters(in: .whitespaces).lowercased() == key else { continue }
            var value = kv[1].trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
            }
            return value
        }
        return nil
    }
}

extension WebRequest {
    /// The body as a multipart form, when it is one.
    var multipart: MultipartForm? { MultipartForm(contentType: header("content-type"), body: body) }

    /// Form fields whatever the encoding (urlencoded or multipart).
    var formFields: [String: [String]] {
        if let multipart { return multipart.fields }
        return form
    }
}
