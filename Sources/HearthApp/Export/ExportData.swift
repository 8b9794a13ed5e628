import Foundation
import HearthCore
import HearthMailbox

/// "Export data" (spec §5.8; `hearth export`, Settings › Data in the web app, later SwiftUI):
/// every chosen account's mail as mbox or Maildir++ and the settings as JSON (never a password
/// or token), into a folder the user names or a new one under the data directory, and/or as one
/// ZIP file (`ExportArchive`). HearthCore's `ExportMailUseCase` does the work; this wires it to
/// the store, the export writers and — unless offline — the servers, for synced mail whose source
/// is not on this device, and removes what it wrote when it fails or is cancelled.
public struct ExportData: Sendable {
    let app: AppContext

    public init(_ app: AppContext) { self.app = app }

    public struct Request: Sendable {
        public var format: MailExportFormat
        /// The folder to write. nil: with `archive`, a staging folder that is removed once
        /// zipped (the ZIP is the export); without, a new folder under the data directory.
        public var directory: URL?
        /// Accounts by id or address; empty: every account.
        public var accounts: [String]
        public var includeSettings: Bool
        /// Only what is on this device: nothing is fetched from the servers.
        public var offline: Bool
        /// Also pack the export into this ZIP file (new; never inside `directory`).
        public var archive: URL?

        public init(format: MailExportFormat, directory: URL? = nil, accounts: [String] = [], includeSettings: Bool = true,
                    offline: Bool = false, archive: URL? = nil) {
            self.format = format; self.directory = directory; self.accounts = accounts
            self.includeSettings = includeSettings; self.offline = offline; self.archive = archive
        }
    }

    /// What was written, and where.
    public struct Outcome: Sendable, Equatable {
        /// The export folder; nil when only the ZIP was wanted (its staging folder is gone).
        public var directory: URL?
        public var report: MailExportReport
        /// The export as one ZIP file (nil when none was asked for).
        public var archive: URL?
    }

    /// Where an export goes, checked and claimed before anything is exported (`plan`).
    public struct Plan: Sendable, Equatable {
        /// The folder the mail is written into (the user's, the default one, or a staging folder).
        public var folder: URL
        /// Whether the folder is removed once zipped (the ZIP is the export).
        public var staging: Bool
        /// Whether the folder was there (empty) before: on failure only what we wrote goes.
        public var folderExisted: Bool
        public var archive: URL?
    }

    /// `DATA/exports/hearth-YYYY-MM-DD-HHMMSS`: new at every export, inside the folder the user
    /// already trusts with the mail.
    public static func defaultDirectory(in dataDirectory: URL, at date: Date = Date()) -> URL {
        ExportArea(dataDirectory: dataDirectory).folder(at: date)
    }

    /// Where the export will go, checked now (the folder new or empty — never overwritten — and
    /// created; the ZIP new and not inside the folder), so a front end can refuse a bad choice
    /// at once, before running the export in the background (`ExportJob`).
    public func plan(_ request: Request) throws(AppError) -> Plan {
        let area = ExportArea(dataDirectory: app.dataDirectory)
        let staging = request.directory == nil && request.archive != nil
        let folder = request.directory ?? request.archive.map(area.staging(for:)) ?? area.folder()
        if let archive = request.archive {
            guard !FileManager.default.fileExists(atPath: archive.path) else {
                throw .invalidInput("\(archive.path) already exists; choose a new file name for the ZIP")
            }
            guard !ExportArchive.isInside(archive, folder) else {
                throw .invalidInput("The ZIP file cannot go inside the folder being exported (\(folder.path)); choose another folder")
            }
        }
        let existed = FileManager.default.fileExists(atPath: folder.path)
        do { _ = try MailboxExportDestination(directory: folder) } catch {
            throw .invalidInput(Self.describe(error))
        }
        return Plan(folder: folder, staging: staging, folderExisted: existed, archive: request.archive)
    }

    /// Runs the export (checking where it goes first); `progress` hears how many messages are
    /// done out of how many, `packing` when the ZIP is being made.
    public func callAsFunction(_ request: Request,
                               progress: @Sendable (MailExportProgress) -> Void = { _ in },
                               packing: @Sendable () -> Void = {}) async throws(AppError) -> Outcome {
        try await run(plan(request), request, progress: progress, packing: packing)
    }

    /// Runs a planned export. A failure or a cancellation (the task cancelled: `ExportJob.cancel`,
    /// Ctrl-C in the CLI) removes everything this export wrote — the folder's files, the partial
    /// ZIP — and leaves what was there before.
    public func run(_ plan: Plan, _ request: Request, cancellation: ExportArchive.Cancellation = ExportArchive.Cancellation(),
                    progress: @Sendable (MailExportProgress) -> Void = { _ in },
                    packing: @Sendable () -> Void = {}) async throws(AppError) -> Outcome {
        do throws(AppError) {
            var outcome = Outcome(directory: plan.folder, report: try await exportMail(request, into: plan.folder, progress: progress))
            if let archive = plan.archive {
                if Task.isCancelled || cancellation.isCancelled { throw AppError(.io, MailExportError.cancelled.description) }
                packing()
                do {
                    outcome.archive = try await zip(plan.folder, to: archive, cancellation: cancellation)
                } catch {
                    switch error {
                    case .cancelled: throw AppError(.io, MailExportError.cancelled.description)
                    case .exists, .write: throw AppError(.io, "Could not write the export: \(error)")
                    }
                }
            }
            if plan.staging {
                try? FileManager.default.removeItem(at: plan.folder)
                outcome.directory = nil
            }
            return outcome
        } catch {
            Self.removePartial(plan)
            throw error
        }
    }

    /// Whether an error of `run` means the user cancelled it (not a failure to report as one).
    public static func isCancellation(_ error: AppError) -> Bool {
        error.message == MailExportError.cancelled.description
    }

    private func exportMail(_ request: Request, into folder: URL,
                            progress: @Sendable (MailExportProgress) -> Void) async throws(AppError) -> MailExportReport {
        let destination: MailboxExportDestination
        do { destination = try MailboxExportDestination(directory: folder) } catch {
            throw .invalidInput(Self.describe(error))
        }
        let remote = request.offline ? nil : MailContent.remote(app)
        let store = app.store
        let useCase = ExportMailUseCase(accounts: store, folders: store, emails: store, source: store, settings: app.settings,
                                        remoteContent: { account in account.provider == .local ? nil : remote })
        do {
            return try await useCase.run(format: request.format, only: request.accounts, includeSettings: request.includeSettings,
                                         to: destination, progress: progress)
        } catch {
            switch error {
            case .noSuchAccount: throw .notFound(error.description)
            case .store, .write, .cancelled: throw AppError(.io, error.description)
            }
        }
    }

    /// Zips off the caller's executor; a cancelled task stops the ZIP between chunks.
    private func zip(_ folder: URL, to archive: URL, cancellation: ExportArchive.Cancellation) async throws(ExportArchive.Failure) -> URL {
        let root = archive.deletingPathExtension().lastPathComponent
        let result: Result<URL, ExportArchive.Failure> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                DispatchQueue.global(qos: .utility).async {
                    do throws(ExportArchive.Failure) {
                        continuation.resume(returning: .success(try ExportArchive.zip(folder, to: archive, root: root, cancellation: cancellation)))
                    } catch {
                        continuation.resume(returning: .failure(error))
                    }
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
        return try result.get()
    }

    /// What a failed or cancelled export wrote: its folder (or, when the folder was there
    /// before, its contents) and a partial ZIP. A finished ZIP of an earlier run is never touched.
    static func removePartial(_ plan: Plan) {
        let manager = FileManager.default
        if plan.folderExisted {
            for name in (try? manager.contentsOfDirectory(atPath: plan.folder.path)) ?? [] {
                try? manager.removeItem(at: plan.folder.appendingPathComponent(name))
            }
        } else {
            try? manager.removeItem(at: plan.folder)
        }
        if let archive = plan.archive {
            try? manager.removeItem(at: archive.deletingLastPathComponent().appendingPathComponent(archive.lastPathComponent + ".partial"))
        }
    }

    static func describe(_ error: any Error) -> String {
        (error as? MailExportError)?.description ?? "\(error)"
    }
}
