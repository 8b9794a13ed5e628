import Foundation
import HearthSearch

/// How much of the mailbox semantic ("smart") search covers while embeddings are still being
/// built (issue 16): read from the search index's backlog in the store, so it also counts what
/// another process (`hearth reindex`, the background AI run) embeds. Every front end says the
/// same sentence: the web app's search screen, later SwiftUI.
public struct SmartSearchProgress: Sendable {
    public struct Status: Sendable, Equatable {
        /// Messages with a vector of the search model.
        public var ready: Int
        public var total: Int
        /// Seconds the embedding run of this process still needs at its rate so far; nil when
        /// no run is going here (another process may be embedding: the count still moves).
        public var secondsLeft: Double?

        public init(ready: Int, total: Int, secondsLeft: Double? = nil) {
            self.ready = ready; self.total = total; self.secondsLeft = secondsLeft
        }

        /// "Smart search: 12,400 of 60,000 messages ready", and ", about 40 min left" while
        /// this process embeds.
        public var sentence: String {
            "Smart search: \(Self.number(ready)) of \(Self.number(total)) messages ready"
                + (secondsLeft.map { ", \(Self.timeLeft($0)) left" } ?? "")
        }

        /// A time still to wait, as every progress line says it: "under a minute", "about 12
        /// min", "about 1 h 05 min".
        public static func timeLeft(_ seconds: Double) -> String {
            guard seconds.isFinite, seconds >= 60 else { return "under a minute" }
            let minutes = Int((seconds / 60).rounded())
            return minutes < 60 ? "about \(minutes) min" : String(format: "about %d h %02d min", minutes / 60, minutes % 60)
        }

        static func number(_ n: Int) -> String {
            let formatter = NumberFormatter()
            formatter.numberStyle = .decimal
            formatter.locale = Locale(identifier: "en_US")
            return formatter.string(from: NSNumber(value: n)) ?? String(n)
        }
    }

    let index: SearchIndexManager

    public init(index: SearchIndexManager) { self.index = index }

    /// The backlog of `model` (the installed search model's identifier); nil when there is
    /// nothing to say: no search model (search is keyword-only and says nothing), every message
    /// embedded, or the index cannot be read.
    public func status(model: String?) -> Status? {
        guard let model, let status = try? index.status(model: model), status.pendingEmbeddings > 0 else { return nil }
        let run = index.embeddingProgress.flatMap { $0.model == model ? $0 : nil }
        return Status(ready: status.embedded, total: status.emails, secondsLeft: run?.secondsLeft)
    }
}
