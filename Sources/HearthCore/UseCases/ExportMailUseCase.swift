import Foundation

/// Exports the user's mail (spec §5.8 "Export data"): every folder of the chosen accounts as mbox
/// or Maildir, plus the settings and account set-up as JSON (never a password or token: those
/// stay in the secret store). Messages are written as received (mbox adds `Status:` lines for
/// the flags unless a message has them already). Synced mail whose
/// source is not kept on this device is fetched from the server when a `remoteContent` is given;
/// otherwise — or when the server cannot be reached — it is counted as skipped and named in the
/// report's notes, never silently left out. Every front end (CLI `hearth export`, Settings in the
/// web app) calls this one.
public struct ExportMailUseCase: Sendable {
    public let accounts: any AccountRepository
    public let folders: any FolderRepository
    public let emails: any EmailRepository
    public let source: any MailExportSource
    public let settings: SettingsService
    /// Fetches the raw source of synced mail for one account (nil: local copies only).
    public let remoteContent: @Sendable (Account) -> (any RemoteMessageContent)?

    public init(accounts: any AccountRepository, folders: any FolderRepository, emails: any EmailRepository,
                source: any MailExportSource, settings: SettingsService,
                remoteContent: @escaping @Sendable (Account) -> (any RemoteMessageContent)? = { _ in nil }) {
        self.accounts = accounts; self.folders = folders; self.emails = emails; self.source = source
        self.settings = settings; self.remoteContent = remoteContent
    }

    /// Exports `only` (ids or addresses; empty = every account) in `format` to `destination`.
    /// `progress` hears how many distinct messages are done out of all of them: first with 0
    /// once they are counted, then after each message (the caller throttles what it shows).
    public func run(format: MailExportFormat, only: [String] = [], includeSettings: Bool = true,
                    to destination: any MailExportDestination,
                    progress: @Sendable (MailExportProgress) -> Void = { _ in }) async throws(MailExportError) -> MailExportReport {
        let started = Date()
        let chosen = try chooseAccounts(only)
        var counter = MailExportProgress(done: 0, total: try count(chosen))
        progress(counter)
        var report = MailExportReport(format: format, accounts: [], settingsFile: nil, notes: [], seconds: 0)
        for account in chosen {
            report.accounts.append(try await export(account, format: format, to: destination, notes: &report.notes) {
                counter.done += 1
                progress(counter)
            })
        }
        if Task.isCancelled { throw .cancelled }
        if includeSettings {
            do { report.settingsFile = try destination.writeSettings(try settingsJSON(chosen)) } catch let error as MailExportError {
                throw error
            } catch {
                throw .write(String(describing: error))
            }
        }
        report.seconds = Date().timeIntervalSince(started)
        return report
    }

    private func chooseAccounts(_ only: [String]) throws(MailExportError) -> [Account] {
        let all: [Account]
        do { all = try accounts.accounts() } catch { throw .store(error) }
        guard !only.isEmpty else { return all }
        return try only.map { (key: String) throws(MailExportError) -> Account in
            let match = all.first { $0.email.caseInsensitiveCompare(key) == .orderedSame || $0.id.map { String($0.rawValue) } == key }
            guard let match else { throw .noSuchAccount(key) }
            return match
        }
    }

    /// Distinct messages of the chosen accounts (a message in INBOX and All Mail counts once).
    private func count(_ chosen: [Account]) throws(MailExportError) -> Int {
        var total = 0
        for account in chosen {
            guard let accountID = account.id else { continue }
            var ids = Set<EmailID>()
            do {
                for folder in try folders.folders(account: accountID) {
                    guard let folderID = folder.id else { continue }
                    ids.formUnion(try source.emailIDs(inFolder: folderID))
                }
            } catch { throw .store(error) }
            total += ids.count
        }
        return total
    }

    private func export(_ account: Account, format: MailExportFormat, to destination: any MailExportDestination,
                        notes: inout [String], handled: () -> Void) async throws(MailExportError) -> MailExportReport.AccountPart {
        guard let accountID = account.id else { throw .noSuchAccount(account.email) }
        var part = MailExportReport.AccountPart(account: account.email, messages: 0, folderCopies: 0, folders: 0, skipped: 0, paths: [])
        var writer: any MailExportWriter
        do { writer = try destination.writer(for: account, format: format) } catch { throw .write(String(describing: error)) }
        let remote = remoteContent(account)
        var written = Set<EmailID>(), skipped = Set<EmailID>(), seen = Set<EmailID>()
        let accountFolders: [Folder]
        do { accountFolders = try folders.folders(account: accountID) } catch { throw .store(error) }
        for folder in accountFolders {
            guard let folderID = folder.id else { continue }
            let ids: [EmailID]
            do { ids = try source.emailIDs(inFolder: folderID) } catch { throw .store(error) }
            if !ids.isEmpty { part.folders += 1 }
            for id in ids where !skipped.contains(id) {
                // A cancelled task (the user pressed Cancel) stops between messages.
                if Task.isCancelled { throw .cancelled }
                if seen.insert(id).inserted { handled() }
                let email: Email?
                do { email = try emails.email(id) } catch { throw .store(error) }
                guard let email else { continue }
                guard let raw = await rawSource(id, remote: remote, notes: &notes) else {
                    skipped.insert(id); continue
                }
                let message = ExportedMessage(
                    folderPath: folder.imapPath, folderType: folder.folderType, raw: raw,
                    date: email.dateSent ?? email.dateReceived, sender: email.from?.address,
                    isRead: email.isRead, isStarred: email.isStarred, isAnswered: email.isAnswered, isDraft: email.isDraft)
                do { try writer.write(message) } catch { throw .write(String(describing: error)) }
                written.insert(id)
                part.folderCopies += 1
            }
        }
        do { part.paths = try writer.finish() } catch { throw .write(String(describing: error)) }
        part.messages = written.count
        part.skipped = skipped.count
        return part
    }

    private func rawSource(_ id: EmailID, remote: (any RemoteMessageContent)?, notes: inout [String]) async -> Data? {
        if let local = try? emails.rawSource(of: id) { return local }
        guard let remote else {
            if notes.count < 20 { notes.append("Message \(id.rawValue): its source is not on this device (connect the account and export again to fetch it).") }
            return nil
        }
        do { return try await remote.rawSource(of: id) } catch {
            if notes.count < 20 { notes.append("Message \(id.rawValue): could not fetch it from the server (\(error)).") }
            return nil
        }
    }

    /// The settings and accounts as JSON: what someone moving to another machine or program
    /// needs to set things up again. Secrets are never included.
    func settingsJSON(_ chosen: [Account]) throws(MailExportError) -> Data {
        struct Document: Encodable {
            struct AccountEntry: Encodable {
                var email: String, displayName: String, provider: String, signIn: String
                var imap: ServerEndpoint?, smtp: ServerEndpoint?, syncWindowDays: Int?
            }
            struct SettingEntry: Encodable { var key: String, account: String?, value: String }
            var format = "hearth-settings", version = 1
            var exportedAt: Date
            var accounts: [AccountEntry]
            var settings: [SettingEntry]
        }
        let chosenEmails = Set(chosen.map(\.email))
        let values: [(setting: Setting, account: Account?, value: String)]
        do { values = try settings.all() } catch { throw .write("settings: \(error)") }
        let document = Document(
            exportedAt: Date(),
            accounts: chosen.map { .init(email: $0.email, displayName: $0.displayName, provider: $0.provider.rawValue,
                                         signIn: $0.authType.rawValue, imap: $0.imap, smtp: $0.smtp, syncWindowDays: $0.syncWindowDays) },
            settings: values.filter { $0.account.map { chosenEmails.contains($0.email) } ?? true }
                .map { .init(key: $0.setting.rawValue, account: $0.account?.email, value: $0.value) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        do { return try encoder.encode(document) } catch { throw .write("settings: \(error)") }
    }
}
