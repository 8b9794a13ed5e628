import Foundation

/// The few header fields the categoriser's strong signals read (list, bulk and automation
/// markers). Synced mail keeps no raw source, so these are picked out of the parsed headers at
/// ingestion and stored beside the email; without them a synced mailing-list post would look
/// like personal mail.
public enum CategorizationHeaders {
    /// Lower-cased names; everything else in the header is ignored.
    public static let names: Set<String> = [
        "list-id", "list-post", "list-unsubscribe", "list-help", "mailing-list", "x-mailing-list",
        "precedence", "auto-submitted",
    ]

    /// The signal fields of a parsed header, in their original order, values capped at 300
    /// characters (a List-Unsubscribe with a dozen URLs says nothing more than one).
    public static func pick(_ headers: [HeaderField]) -> [HeaderField] {
        headers.filter { names.contains($0.name.lowercased()) }
            .map { HeaderField(name: $0.name, value: String($0.value.prefix(300))) }
    }
}

/// What the background AI queue asks the store beyond `AIRepository`: the stored signal
/// headers of emails, and the threads whose automatic summary is missing or stale.
public protocol AIBacklogRepository: Sendable {
    /// Signal header fields stored at ingestion (synced and imported mail), per email; emails
    /// stored before they were kept have no entry.
    func signalHeaders(of ids: [EmailID]) throws(StoreError) -> [EmailID: [HeaderField]]
    /// Threads with at least `minimumMessages` emails whose cached summary is missing or was
    /// written for fewer messages, newest activity first.
    func threadsNeedingSummary(minimumMessages: Int, limit: Int) throws(StoreError) -> [ThreadID]
}
