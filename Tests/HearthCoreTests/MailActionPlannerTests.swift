import Foundation
import Testing
@testable import HearthCore

@Suite struct MailActionPlannerTests {
    let accountID = AccountID(1)
    func account(_ provider: ProviderKind) -> Account {
        Account(id: accountID, email: "u@example.test", displayName: "U", provider: provider,
                authType: provider == .gmail ? .oauth2 : .password)
    }
    func folder(_ id: Int64, _ type: FolderType, _ path: String) -> Folder {
        Folder(id: FolderID(id), accountID: accountID, name: path, imapPath: path, folderType: type)
    }
    var inbox: Folder { folder(1, .inbox, "INBOX") }
    var archive: Folder { folder(2, .archive, "Archive") }
    var trash: Folder { folder(3, .trash, "Trash") }
    var work: Folder { folder(4, .custom, "Work") }
    var folders: [Folder] { [inbox, archive, trash, work] }
    let email = Email(id: EmailID(9), accountID: AccountID(1), subject: "s", dateReceived: Date(timeIntervalSince1970: 0))
    typealias A = MailActionPlanner.Association

    @Test func flagsGoToEveryFolderWithAUID() throws {
        let plan = try MailActionPlanner(account: account(.gmail), folders: folders)
            .plan(.setStarred(true), email: email, in: [A(folder: inbox, uid: 5), A(folder: archive, uid: 77), A(folder: work, uid: nil)])
        #expect(plan.local == [.setFlags(EmailID(9), isRead: nil, isStarred: true)])
        let expected: [ServerOperation] = [.store(folder: FolderID(1), uid: 5, flag: .flagged, add: true),
                                           .store(folder: FolderID(2), uid: 77, flag: .flagged, add: true)]
        #expect(plan.server == expected)
    }

    @Test func archiveWhereTheArchiveHoldsACopyOnlyLeavesTheInbox() throws {
        let plan = try MailActionPlanner(account: account(.gmail), folders: folders)
            .plan(.archive, email: email, in: [A(folder: inbox, uid: 5), A(folder: archive, uid: 77)])
        #expect(plan.local == [.unlink(EmailID(9), from: FolderID(1))])
        #expect(plan.server == [.expunge(folder: FolderID(1), uid: 5)])
    }

    @Test func archiveOnAPlainServerMoves() throws {
        let plan = try MailActionPlanner(account: account(.imap), folders: folders)
            .plan(.archive, email: email, in: [A(folder: inbox, uid: 5)])
        #expect(plan.local == [.link(EmailID(9), to: FolderID(2)), .unlink(EmailID(9), from: FolderID(1))])
        #expect(plan.server == [.move(folder: FolderID(1), uid: 5, to: FolderID(2))])
    }

    @Test func deleteOnGmailLeavesAllMailToTheServerAndTrashHoldsOneCopy() throws {
        let plan = try MailActionPlanner(account: account(.gmail), folders: folders)
            .plan(.moveToTrash, email: email, in: [A(folder: inbox, uid: 5), A(folder: work, uid: 8), A(folder: archive, uid: 77)])
        #expect(plan.local.first == .link(EmailID(9), to: FolderID(3)))
        let unlinks: Set<LocalChange> = [.unlink(EmailID(9), from: FolderID(1)), .unlink(EmailID(9), from: FolderID(4)),
                                         .unlink(EmailID(9), from: FolderID(2))]
        #expect(Set(plan.local.dropFirst()) == unlinks)
        let expected: [ServerOperation] = [.move(folder: FolderID(1), uid: 5, to: FolderID(3)), .expunge(folder: FolderID(4), uid: 8)]
        #expect(plan.server == expected)
    }

    @Test func permanentDeleteOnlyFromTrash() throws {
        let planner = MailActionPlanner(account: account(.imap), folders: folders)
        #expect(throws: MailActionError.notInTrash(EmailID(9))) {
            try planner.plan(.deletePermanently, email: email, in: [A(folder: inbox, uid: 5)])
        }
        let plan = try planner.plan(.deletePermanently, email: email, in: [A(folder: trash, uid: 3)])
        #expect(plan.local == [.delete(EmailID(9))])
        #expect(plan.server == [.expunge(folder: FolderID(3), uid: 3)])
    }

    @Test func moveNeedsAKnownTargetAndTakesTheGivenSource() throws {
        let planner = MailActionPlanner(account: account(.imap), folders: folders)
        #expect(throws: MailActionError.folderNotFound(FolderID(99))) {
            try planner.plan(.move(to: FolderID(99)), email: email, in: [A(folder: inbox, uid: 5)])
        }
        let plan = try planner.plan(.move(to: FolderID(1)), email: email, in: [A(folder: work, uid: 8), A(folder: archive, uid: 2)],
                                    from: FolderID(4))
        #expect(plan.server == [.move(folder: FolderID(4), uid: 8, to: FolderID(1))])
        #expect(throws: MailActionError.notInFolder(EmailID(9), FolderID(3))) {
            try planner.plan(.archive, email: email, in: [A(folder: inbox, uid: 5)], from: FolderID(3))
        }
    }

    @Test func missingRoleFolderIsAnActionableError() {
        let planner = MailActionPlanner(account: account(.imap), folders: [inbox])
        #expect(throws: MailActionError.noFolder(.trash, account: AccountID(1))) {
            try planner.plan(.moveToTrash, email: email, in: [A(folder: inbox, uid: 5)])
        }
    }

    @Test func notYetSyncedCopiesChangeOnlyLocally() throws {
        let plan = try MailActionPlanner(account: account(.imap), folders: folders)
            .plan(.archive, email: email, in: [A(folder: inbox, uid: nil)])
        #expect(plan.server.isEmpty)
        #expect(!plan.local.isEmpty)
    }
}
