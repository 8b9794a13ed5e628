import Foundation
import GRDB
import HearthCore
import HearthStore
import HearthTestSupport
import Testing

@Suite("Settings, auth status and storage (store)")
struct SettingsAndStorageStoreTests {
    func service(_ fixture: StoreFixture) -> SettingsService {
        SettingsService(app: fixture.store, perAccount: fixture.store, accounts: fixture.store)
    }

    @Test func settingsValidatePersistAndHaveDefaults() throws {
        let fixture = try StoreFixture(label: "hearth-settings")
        let settings = service(fixture)
        let account = fixture.accountID
        #expect(try settings.value(.theme) == "system")
        #expect(try settings.value(.undoSendDelay) == "5")
        #expect(try settings.value(.notifications, account: account) == "on")
        #expect(try settings.value(.attachmentCacheLimit, account: account) == "500")
        #expect(settings.visibleCategoryTabs == [.primary, .social, .promotions, .updates])

        try settings.set(.theme, to: "Dark")
        try settings.set(.undoSendDelay, to: "10s")
        try settings.set(.categoryTabSocial, to: "off")
        try settings.set(.categoryTabForums, to: "on")
        try settings.set(.notifications, to: "off", account: account)
        try settings.set(.attachmentCacheLimit, to: "250", account: account)
        try settings.set(.displayName, to: "Me at home", account: account)
        try settings.set(.defaultAccount, to: String(account.rawValue))
        #expect(throws: SettingsError.self) { try settings.set(.theme, to: "purple") }
        #expect(throws: SettingsError.self) { try settings.set(.undoSendDelay, to: "7") }
        #expect(throws: SettingsError.self) { try settings.set(.syncWindow, to: "45", account: account) }
        #expect(throws: SettingsError.self) { try settings.set(.notifications, to: "off") }
        #expect(throws: SettingsError.useAppLock) { try settings.set(.appLock, to: "on") }

        // A second store on the same file (another process, in effect) reads what was committed.
        let reopened = try MailStore.open(at: fixture.databaseURL)
        let again = SettingsService(app: reopened, perAccount: reopened, accounts: reopened)
        #expect(again.theme == .dark)
        #expect(again.undoSendDelaySeconds == 10)
        #expect(again.visibleCategoryTabs == [.primary, .promotions, .updates, .forums], "Forums is off until turned on")
        #expect(!again.notificationsEnabled(account))
        #expect(again.attachmentCacheLimitBytes(account) == 250_000_000)
        #expect(try reopened.account(account)?.displayName == "Me at home")
        #expect(try again.defaultAccount()?.id == account)
        #expect(try again.all().count == Setting.allCases.count)
    }

    @Test func reducingTheSyncWindowNeedsConfirmationAndSaysWhatHappens() throws {
        let fixture = try StoreFixture(label: "hearth-settings")
        let settings = service(fixture)
        let account = fixture.accountID
        // The fixture's account keeps everything (a local import): any window is a reduction.
        #expect(throws: SettingsError.self) { try settings.set(.syncWindow, to: "60", account: account) }
        try settings.set(.syncWindow, to: "60", account: account, confirmed: true)
        #expect(throws: SettingsError.confirmationRequired(SettingsService.syncWindowReductionNotice)) {
            try settings.set(.syncWindow, to: "14", account: account)
        }
        #expect(try settings.value(.syncWindow, account: account) == "60")
        let change = try settings.set(.syncWindow, to: "14", account: account, confirmed: true)
        #expect(change.purgeOutsideDays == 14)
        #expect(change.notice?.contains("Server emails are not affected") == true)
        let growing = try settings.set(.syncWindow, to: "90", account: account)
        #expect(growing.purgeOutsideDays == nil)
    }

    @Test func reauthenticationStateDeactivatesAndRecovers() throws {
        let fixture = try StoreFixture(label: "hearth-auth")
        let store = fixture.store
        let account = fixture.accountID
        #expect(try store.authStatus(of: account) == .ok)
        try store.markReauthenticationRequired(account, reason: "Token has been expired or revoked.", at: day(3))
        #expect(try store.account(account)?.isActive == false)
        #expect(try store.authStatus(of: account) == .reauthenticationRequired(reason: "Token has been expired or revoked.", since: day(3)))
        try store.markAuthenticated(account)
        #expect(try store.account(account)?.isActive == true)
        #expect(try store.authStatus(of: account) == .ok)
        #expect(throws: StoreError.self) { try store.markAuthenticated(AccountID(9999)) }
    }

    @Test func storageBreakdownAt10KMessagesIsFast() throws {
        let fixture = try StoreFixture(label: "hearth-storage")
        let store = fixture.store
        let second = try store.create(StoreFixture.accountValue("ivan@example.test")).id!
        let secondInbox = try fixture.folder("INBOX", .inbox, account: second)
        let body = String(repeating: "Quarterly numbers and a long paragraph of text. ", count: 40)
        let raw = Data(("Subject: x\r\n\r\n" + body).utf8)
        for batch in 0..<20 {
            let messages = (0..<500).map { index -> NewMessage in
                let n = batch * 500 + index
                var new = message("<m\(n)@example.org>", account: fixture.accountID, folder: fixture.inbox.id!,
                                  subject: "Report \(n)", date: day(Double(n % 365)), size: raw.count, raw: raw)
                new.email.bodyPlain = body
                return new
            }
            try store.insert(messages)
        }
        try store.insert([message("<other@example.org>", account: second, folder: secondInbox.id!, size: 100)])
        let clock = ContinuousClock()
        var report: StorageReport?
        let elapsed = try clock.measure { report = try store.storageReport(dataDirectory: fixture.directory) }
        let result = try #require(report)
        print("storage breakdown at 10,000 messages: \(elapsed) (report says \(result.computeSeconds) s)")
        #expect(elapsed < .seconds(2), "NFR-SET-05: took \(elapsed)")
        let first = try #require(result.accounts.first { $0.accountID == fixture.accountID })
        #expect(first.messages == 10_000)
        #expect(first.emailBytes >= Int64(10_000 * raw.count))
        #expect(first.searchIndexBytes > 0)
        let other = try #require(result.accounts.first { $0.accountID == second })
        #expect(other.messages == 1)
        #expect(other.searchIndexBytes < first.searchIndexBytes / 1000)
        #expect(result.totalBytes >= first.emailBytes / 2, "the database file holds the mail")
        #expect(result.warnings.isEmpty)
    }

    @Test func warningsAt2GBPerAccountAnd5GBTotal() {
        let big = StorageReport.AccountUsage(accountID: AccountID(1), email: "a@x", messages: 1, emailBytes: 2_100_000_000,
                                             attachmentBytes: 0, searchIndexBytes: 0, vectorBytes: 0)
        let small = StorageReport.AccountUsage(accountID: AccountID(2), email: "b@x", messages: 1, emailBytes: 1_000,
                                               attachmentBytes: 0, searchIndexBytes: 0, vectorBytes: 0)
        #expect(StorageReport(accounts: [small], totalBytes: 1_000, modelBytes: 0, computeSeconds: 0).warnings.isEmpty)
        let one = StorageReport(accounts: [big, small], totalBytes: 2_200_000_000, modelBytes: 0, computeSeconds: 0)
        #expect(one.warnings.count == 1 && one.warnings[0].contains("a@x"))
        let total = StorageReport(accounts: [small], totalBytes: 5_500_000_000, modelBytes: 3_000_000_000, computeSeconds: 0)
        #expect(total.warnings.count == 1 && total.warnings[0].contains("5 GB"))
        #expect(StorageReport.format(1_234_567) == "1.2 MB")
    }

    @Test func attachmentCacheEvictsLeastRecentlyUsedAndClearCacheKeepsMail() throws {
        let fixture = try StoreFixture(label: "hearth-cache")
        let store = fixture.store
        let attachments = (0..<4).map { ParsedAttachment(filename: "f\($0).bin", mimeType: "application/octet-stream", sizeBytes: 4000, partPath: "\($0 + 2)") }
        let email = try store.insert([message("<a@x>", account: fixture.accountID, folder: fixture.inbox.id!, attachments: attachments)])[0]
        let ids = try store.attachments(of: email).compactMap(\.id)
        #expect(ids.count == 4)
        let limit: Int64 = 3 * 4000 + 100
        for (index, id) in ids.enumerated() {
            try store.cacheAttachment(Data(repeating: UInt8(index), count: 4000), attachment: id, dataDirectory: fixture.directory,
                                      limitBytes: limit, now: day(Double(index)))
            if index == 2 { try store.recordAttachmentAccess(ids[0], at: day(10)) } // the first one is used again
        }
        // Four files do not fit in three: the least recently used (the second) went.
        let kept = try store.attachments(of: email).filter(\.isDownloaded).compactMap(\.id)
        #expect(Set(kept) == [ids[0], ids[2], ids[3]])
        let directory = AttachmentCacheLayout.directory(for: fixture.accountID, in: fixture.directory)
        #expect(AttachmentCacheLayout.usage(of: directory).files == 3)

        let preview = try store.cacheClearingPreview(dataDirectory: fixture.directory)
        #expect(preview.attachmentFiles == 3)
        #expect(preview.attachmentBytes >= 12_000)
        let freed = try store.clearCache(dataDirectory: fixture.directory)
        #expect(freed == preview)
        #expect(AttachmentCacheLayout.usage(of: directory).files == 0)
        #expect(try store.email(email) != nil, "mail is kept")
        #expect(try store.attachments(of: email).filter(\.isDownloaded).isEmpty)
        #expect(try store.accounts().count == 1)
    }
}
