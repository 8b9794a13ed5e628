import Foundation
import Hummingbird

/// The first checks of every request, on its head only: nothing of the body is read before
/// the Host (DNS rebinding), the Origin, Fetch-Metadata and the session cookie are right, so a
/// hostile page cannot make the app buffer large bodies (`WebApp.gateBeforeBody`). The CSRF
/// token, which a plain form sends in its body, is checked by the route after reading the
/// body within the route's limit (`WebApp.gateAfterBody`).
struct LocalAccessMiddleware: RouterMiddleware {
    typealias Context = WebContext
    weak var app: WebApp?

    func handle(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        guard let app else { return Response(status: .serviceUnavailable) }
        if let refusal = app.gateBeforeBody(WebRequest(head: request)) {
            return app.withPageHeaders(refusal.closingConnection(if: request.hasBody)).hummingbird
        }
        return try await next(request, context)
    }
}

/// The outermost layer: every answer gets the page policy headers, and what the router itself
/// answers (no such route) becomes the app's own error page.
struct PageHeadersMiddleware: RouterMiddleware {
    typealias Context = WebContext
    weak var app: WebApp?

    func handle(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        guard let app else { return Response(status: .serviceUnavailable) }
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound || error.status == .methodNotAllowed {
            let web = WebRequest(head: request)
            return app.withPageHeaders(app.errorPage(.notFound("There is no page at \(web.path)."), web)).hummingbird
        }
    }
}

extension Request {
    /// True when the client announced a body (a length above zero, or chunked).
    var hasBody: Bool {
        if let length = headers[.contentLength].flatMap(Int.init) { return length > 0 }
        return headers[.transferEncoding] != nil
    }
}

extension WebResponse {
    /// Asks the client to close the connection after a refusal, so the body it still wants to
    /// send is not read at all.
    func closingConnection(if condition: Bool) -> WebResponse {
        guard condition else { return self }
        var response = self
        response.headers.append(("Connection", "close"))
        return response
    }
}
