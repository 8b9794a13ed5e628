import Foundation
import HearthCore

/// The repository methods AI fakes never use, answered with "nothing": a fake declares this
/// conformance and writes only what its test reads (thread contents, summaries).
protocol InertMailRepositories: EmailRepository, AIRepository {}

extension InertMailRepositories {
    func insert(_ messages: [NewMessage]) throws(StoreError) -> [EmailID] { [] }
    func attachments(of id: EmailID) throws(StoreError) -> [HearthCore.Attachment] { [] }
    func folders(of id: EmailID) throws(StoreError) -> [EmailFolder] { [] }
    func uids(in folder: FolderID) throws(StoreError) -> [UInt32: EmailID] { [:] }
    func rawSource(of id: EmailID) throws(StoreError) -> Data? { nil }
    func existingEmail(account: AccountID, messageID: String, sizeBytes: Int) throws(StoreError) -> EmailID? { nil }
    func link(_ id: EmailID, to folder: FolderID, imapUID: UInt32?) throws(StoreError) {}
    func unlink(_ id: EmailID, from folder: FolderID) throws(StoreError) {}
    func delete(_ id: EmailID) throws(StoreError) {}
    func setFlags(_ id: EmailID, isRead: Bool?, isStarred: Bool?, isAnswered: Bool?, isDraft: Bool?) throws(StoreError) {}
    func assignCategories(_ assignments: [CategoryAssignment]) throws(StoreError) {}
    func categoryAssignment(of id: EmailID) throws(StoreError) -> CategoryAssignment? { nil }
    func uncategorizedEmails(limit: Int) throws(StoreError) -> [EmailID] { [] }
    func recordCorrection(_ correction: CategoryCorrection) throws(StoreError) {}
    func corrections(account: AccountID?) throws(StoreError) -> [CategoryCorrection] { [] }
}
