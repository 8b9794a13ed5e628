import Foundation
import HearthCore

/// Autosave for a draft being edited (spec §5.5.1: every 30 s): the composer hands over the
/// current content whenever it changes; every `interval` the latest content, if changed, is
/// saved locally and then copied to the server's Drafts folder (replacing the old copy).
public actor DraftAutosaver {
    public let account: AccountID
    public private(set) var draftID: EmailID?
    private let outbox: Outbox
    private let interval: TimeInterval
    private let clock: any OutboxClock
    private var pending: ComposedMessage?
    /// Saves so far (for tests and the CLI's progress line).
    public private(set) var saves = 0

    public init(outbox: Outbox, account: AccountID, draftID: EmailID? = nil, interval: TimeInterval = 30,
                clock: any OutboxClock = SystemOutboxClock()) {
        self.outbox = outbox; self.account = account; self.draftID = draftID; self.interval = interval; self.clock = clock
    }

    /// The composer's current content; saved on the next tick (or `flush`).
    public func update(_ message: ComposedMessage) { pending = message }

    /// Saves now if there is unsaved content; returns the draft's id.
    @discardableResult
    public func flush(syncToServer: Bool = true) async throws -> EmailID? {
        guard let message = pending else { return draftID }
        pending = nil
        let id = try await outbox.saveDraft(message, account: account, id: draftID)
        draftID = id
        saves += 1
        if syncToServer {
            do { try await outbox.syncDraft(id) } catch { /* offline: the local save stands; synced next time */ }
        }
        return id
    }

    /// Ticks every `interval` until cancelled.
    public func run() async {
        while !Task.isCancelled {
            do { try await clock.sleep(until: clock.now().addingTimeInterval(interval)) } catch { return }
            _ = try? await flush()
        }
    }
}
