import Foundation
import Hummingbird
import Logging

/// Between Hummingbird's types and the app's plain `WebRequest` / `WebResponse` values.
extension WebRequest {
    /// The request's head (method, path, query, headers) without its body.
    init(head request: Request, body: Data = Data()) {
        var headers: [String: String] = [:]
        for field in request.headers {
            let name = field.name.canonicalName.lowercased()
            headers[name] = headers[name].map { "\($0), \(field.value)" } ?? field.value
        }
        // HTTP/1.1's Host header arrives as the request's authority.
        if let authority = request.head.authority { headers["host"] = authority }
        self.init(method: request.method.rawValue, path: request.uri.path,
                  query: request.uri.query.map(FormDecoding.decode) ?? [:], headers: headers, body: body)
    }

    /// The same request for Hummingbird's router (in-process use: `WebApp.handle`).
    var hummingbird: Request? {
        var fields = HTTPFields()
        for (name, value) in headers where name != "host" {
            if let field = HTTPFields.Element.Name(name) { fields.append(HTTPFields.Element(name: field, value: value)) }
        }
        let pairs = query.flatMap { key, values in values.map { "\(FormDecoding.encode(key))=\(FormDecoding.encode($0))" } }
        let target = pairs.isEmpty ? path : path + "?" + pairs.joined(separator: "&")
        guard let verb = HTTPRequest.Method(method) else { return nil }
        let head = HTTPRequest(method: verb, scheme: nil, authority: headers["host"], path: target, headerFields: fields)
        return Request(head: head, body: RequestBody(buffer: ByteBuffer(bytes: body)))
    }
}

extension WebResponse {
    /// Byte bodies as they are; `stream` bodies (server-sent events) as a chunked stream that
    /// ends when the client goes away or the producer stops; `file` bodies read from disk in
    /// 128 KB chunks by Hummingbird's `FileIO` (NIO's file system on its thread pool) as the
    /// client takes them, so a download of any size costs the server a few chunks of memory.
    var hummingbird: Response {
        var fields = HTTPFields()
        for header in headers {
            // `HTTPFields.Element` is swift-http-types' `HTTPField`, reached through Hummingbird's exports.
            if let name = HTTPFields.Element.Name(header.name) { fields.append(HTTPFields.Element(name: name, value: header.value)) }
        }
        let status = HTTPResponse.Status(code: status)
        switch body {
        case .bytes(let data):
            return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
        case .file(let path, let size):
            return Response(status: status, headers: fields, body: ResponseBody(contentLength: size) { writer in
                let file = try await FileIO().loadFile(path: path, context: WebContext(logger: Logger(label: "hearth.web.file")))
                try await file.write(writer)
            })
        case .stream(let produce):
            return Response(status: status, headers: fields, body: ResponseBody { writer in
                let channel = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(64))
                let producer = Task {
                    await produce { chunk in
                        if case .terminated = channel.continuation.yield(chunk) { throw CancellationError() }
                    }
                    channel.continuation.finish()
                }
                defer { producer.cancel() }
                for await chunk in channel.stream {
                    try await writer.write(ByteBuffer(string: chunk))
                }
                try await writer.finish(nil)
            })
        }
    }

    /// A router's answer as a plain value (its body read in full: pages, not event streams).
    static func collecting(_ response: Response) async -> WebResponse {
        let collected = Locked(Data())
        try? await response.body.write(CollectingWriter(data: collected))
        return WebResponse(status: response.status.code, headers: response.headers.map { ($0.name.canonicalName, $0.value) },
                           body: .bytes(collected.value))
    }

    private struct CollectingWriter: ResponseBodyWriter {
        let data: Locked<Data>
        mutating func write(_ buffer: ByteBuffer) async throws { data.withLock { $0.append(contentsOf: buffer.readableBytesView) } }
        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
