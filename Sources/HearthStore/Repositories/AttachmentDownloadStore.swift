import Foundation
import GRDB
import HearthCore

/// Bookkeeping for attachments fetched on demand and kept by HearthSafety's `AttachmentCache`
/// (which writes the file itself, 0600): the row points at the file and the access time feeds
/// the LRU of `evictAttachments`.
extension MailStore {
    /// Records that the attachment's bytes are now at `path`, used at `date`.
    public func recordDownloadedAttachment(_ attachment: AttachmentID, path: String, at date: Date = Date()) throws(StoreError) {
        try write { db in
            try db.execute(sql: "UPDATE attachment SET is_downloaded = 1, local_path = ? WHERE id = ?",
                           arguments: [path, attachment.rawValue])
        }
        try recordAttachmentAccess(attachment, at: date)
    }

    /// Records that these attachments' cached files were evicted.
    public func forgetDownloadedAttachments(_ attachments: [AttachmentID]) throws(StoreError) {
        guard !attachments.isEmpty else { return }
        try write { db in
            for id in attachments {
                try db.execute(sql: "UPDATE attachment SET is_downloaded = 0, local_path = NULL WHERE id = ?", arguments: [id.rawValue])
                try db.execute(sql: "DELETE FROM attachment_access WHERE attachment_id = ?", arguments: [id.rawValue])
            }
        }
    }
}
