import Foundation
import Hummingbird

/// The one place that knows Hummingbird: turns its requests into `WebRequest`s and
/// `WebResponse`s back into its responses (byte bodies, or a stream for server-sent events).
struct WebResponder: HTTPResponder {
    typealias Context = BasicRequestContext
    let app: WebApp
    /// Uploads (composer attachments) are capped; the composer says so.
    static let maxBodyBytes = 40 << 20

    func respond(to request: Request, context: Context) async throws -> Response {
        var headers: [String: String] = [:]
        for field in request.headers {
            let name = field.name.canonicalName.lowercased()
            headers[name] = headers[name].map { "\($0), \(field.value)" } ?? field.value
        }
        // HTTP/1.1's Host header arrives as the request's authority.
        if let authority = request.head.authority { headers["host"] = authority }
        var body = Data()
        if request.method == .post || request.method == .put {
            let buffer = try await request.body.collect(upTo: Self.maxBodyBytes)
            body = Data(buffer.readableBytesView)
        }
        let uri = request.uri
        let webRequest = WebRequest(method: request.method.rawValue, path: uri.path,
                                    query: uri.query.map(FormDecoding.decode) ?? [:], headers: headers, body: body)
        let response = await app.handle(webRequest)
        var fields = HTTPFields()
        for header in response.headers {
            // `HTTPFields.Element` is swift-http-types' `HTTPField`, reached through Hummingbird's exports.
            if let name = HTTPFields.Element.Name(header.name) { fields.append(HTTPFields.Element(name: name, value: header.value)) }
        }
        let status = HTTPResponse.Status(code: response.status)
        switch response.body {
        case .bytes(let data):
            return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
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
}
