import Foundation
import HearthSync

/// Draws `SyncProgress` reports (which arrive from the sync task) on the one-line progress bar.
final class SyncProgressBar: @unchecked Sendable {
    private let lock = NSLock()
    private let bar: ProgressBar

    init(label: String, enabled: Bool) { bar = ProgressBar(label: label, enabled: enabled) }

    func update(_ progress: SyncProgress) {
        lock.withLock {
            let fraction = progress.foldersTotal > 0
                ? (Double(progress.foldersDone) + (progress.messagesTotal > 0 ? Double(progress.messagesDone) / Double(progress.messagesTotal) : 0))
                    / Double(progress.foldersTotal)
                : nil
            let mb = String(format: "%.1f MB", Double(progress.bytesDone) / 1_000_000)
            let detail = [progress.folder, progress.messagesTotal > 0 ? "\(progress.messagesDone)/\(progress.messagesTotal)" : nil, mb]
                .compactMap { $0 }.joined(separator: "  ")
            bar.update(fraction: fraction, detail: detail)
        }
    }

    func finish() { lock.withLock { bar.finish() } }
}
