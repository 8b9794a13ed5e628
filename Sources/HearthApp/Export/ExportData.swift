import Foundation
import HearthCore
import HearthMailbox

/// "Export data" (spec §5.8; `hearth export`, Settings › Data in the web app, later SwiftUI):
/// every chosen account's mail as mbox or Maildir++ and the settings as JSON (never a password
/// or token), into a folder the user names or a new one under the data directory. HearthCore's
/// `ExportMailUseCase` does the work; this wires it to the store, the export writers and — unless
/// offline — the servers, for synced mail whose source is not on this device.
public struct ExportData: Sendable {
    let app: AppContext

    public init(_ app: AppContext) { self.app = app }

    public struct Request: Sendable {
        public var format: MailExportFormat
        /// nil: a new folder under the data directory (`defaultDirectory`).
        public var directory: URL?
        /// Accounts by id or address; empty: every account.
        public var accounts: [String]
        public var includeSettings: Bool
        /// Only what is on this device: nothing is fetched from the servers.
        public var offline: Bool

        public init(format: MailExportFormat, directory: URL? = nil, accounts: [String] = [], includeSettings: Bool = true, offline: Bool = false) {
            self.format = format; self.directory = directory; self.accounts = accounts
            self.includeSettings = includeSettings; self.offline = offline
        }
    }

    /// What was written, and where.
    public struct Outcome: Sendable, Equatable {
        public var directory: URL
        public var report: MailExportReport
        /// The folder as one ZIP file to download (`ExportJob` makes it; nil when not made).
        public var archive: URL?
    }

    /// `DATA/exports/hearth-YYYY-MM-DD-HHMMSS`: new at every export, inside the folder the user
    /// already trusts with the mail.
    public static func defaultDirectory(in dataDirectory: URL, at date: Date = Date()) -> URL {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd-HHmmss"
        return dataDirectory.appendingPathComponent("exports").appendingPathComponent("hearth-" + formatter.string(from: date))
    }

    /// Where the export will go, checked now (new or empty; never overwrites), so a front end can
    /// refuse a bad folder at once before running the export in the background (`ExportJob`).
    public func destination(for request: Request) throws(AppError) -> URL {
        let directory = request.directory ?? Self.defaultDirectory(in: app.dataDirectory)
        do { _ = try MailboxExportDestination(directory: directory) } catch {
            throw .invalidInput(Self.describe(error))
        }
        return directory
    }

    /// Runs the export; `progress` hears how many messages are done out of how many.
    public func callAsFunction(_ request: Request,
                               progress: @Sendable (MailExportProgress) -> Void = { _ in }) async throws(AppError) -> Outcome {
        let directory = try destination(for: request)
        let destination: MailboxExportDestination
        do { destination = try MailboxExportDestination(directory: directory) } catch {
            throw .invalidInput(Self.describe(error))
        }
        let remote = request.offline ? nil : MailContent.remote(app)
        let store = app.store
        let useCase = ExportMailUseCase(accounts: store, folders: store, emails: store, source: store, settings: app.settings,
                                        remoteContent: { account in account.provider == .local ? nil : remote })
        do {
            let report = try await useCase.run(format: request.format, only: request.accounts, includeSettings: request.includeSettings,
                                               to: destination, progress: progress)
            return Outcome(directory: directory, report: report)
        } catch {
            switch error {
            case .noSuchAccount: throw .notFound(error.description)
            case .store, .write: throw AppError(.io, error.description)
            }
        }
    }

    static func describe(_ error: any Error) -> String {
        (error as? MailExportError)?.description ?? "\(error)"
    }
}
