import Foundation

/// Fetches what sync deliberately does not keep locally — an attachment's bytes, a message's
/// raw source — from the account's server when the user asks for it (open an attachment,
/// forward a synced message as an attachment). Spec §8.1: attachments are downloaded on
/// demand and cached with an LRU limit, so the store holds the part path, not the bytes.
///
/// Implemented over IMAP in HearthSync; the web app and the CLI receive it from the process
/// that knows the account's credentials. Errors carry what the user can do (reconnect, retry).
public protocol RemoteMessageContent: Sendable {
    /// The decoded bytes of one MIME part (`partPath` as stored in `attachment.part_path`).
    /// Implementations cache the result and record it on the attachment row.
    func attachmentContent(_ attachment: Attachment) async throws -> Data
    /// The message exactly as the server holds it (RFC 5322 bytes).
    func rawSource(of email: EmailID) async throws -> Data
}
