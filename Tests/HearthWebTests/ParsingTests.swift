import Foundation
import Testing
@testable import HearthWeb

@Suite("Web app: request parsing")
struct ParsingTests {
    @Test("urlencoded forms and queries")
    func forms() {
        let decoded = FormDecoding.decode("a=1&b=x+y%21&a=2&empty=&flag")
        #expect(decoded["a"] == ["1", "2"])
        #expect(decoded["b"] == ["x y!"])
        #expect(decoded["empty"] == [""] && decoded["flag"] == [""])
        let request = WebRequest(method: "get", target: "/mail?box=inbox&t=3")
        #expect(request.method == "GET" && request.path == "/mail" && request.query("t") == "3")
    }

    @Test("multipart forms with files")
    func multipart() throws {
        let boundary = "----hearth42"
        var body = "--\(boundary)\r\nContent-Disposition: form-data; name=\"subject\"\r\n\r\nHello\r\n"
        body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"attachments\"; filename=\"../../etc/a b.txt\"\r\nContent-Type: text/plain\r\n\r\nline1\r\nline2\r\n"
        body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"attachments\"; filename=\"\"\r\nContent-Type: application/octet-stream\r\n\r\n\r\n"
        body += "--\(boundary)--\r\n"
        let form = try #require(MultipartForm(contentType: "multipart/form-data; boundary=\(boundary)", body: Data(body.utf8)))
        #expect(form.fields["subject"] == ["Hello"])
        #expect(form.files.count == 1)
        #expect(String(decoding: form.files[0].data, as: UTF8.self) == "line1\r\nline2")
        #expect(AttachmentNames.clean(form.files[0].filename) == "a b.txt")
    }

    @Test("cursor round trip and location URLs")
    func location() {
        let request = WebRequest(method: "GET", target: "/mail?box=inbox&cat=social&before=1704067200123:42&t=7")
        let location = MailLocation(request)
        #expect(location.category == .social && location.thread?.rawValue == 7)
        #expect(location.before?.threadID.rawValue == 42)
        #expect(MailLocation.formatCursor(location.before!) == "1704067200123:42")
        #expect(location.listURL == "/mail?box=inbox&cat=social&before=1704067200123%3A42")
    }
}
