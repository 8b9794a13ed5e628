import Foundation
import HearthApp
import HearthCore

extension Engine {
    /// Attachments and raw sources: the cache, the stored message, else the server
    /// (HearthApp's `MailContent`, the same path the web app takes).
    var content: MailContent { MailContent(app) }

    /// The attachment's bytes and where they came from.
    func attachmentBytes(_ attachment: Attachment) async throws -> (data: Data, source: MailContent.Source) {
        try await AppErrors.mapping { try await content.attachment(attachment) }
    }

    /// The message's raw source: stored (imported and sent mail), else fetched from the server.
    func rawSource(of email: EmailID) async throws -> Data {
        try await AppErrors.mapping { try await content.rawSource(of: email) }
    }
}
