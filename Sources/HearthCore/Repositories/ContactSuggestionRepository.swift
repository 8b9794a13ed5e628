import Foundation

/// A recipient suggestion for the composer's To/Cc/Bcc fields (spec product §5.5.4).
public struct ContactSuggestion: Sendable, Hashable, Codable {
    public var address: String
    public var displayName: String?
    public var frequency: Int
    public var lastSeen: Date
    /// Accounts whose mail the address appeared in (one in a per-account query).
    public var accounts: [AccountID]
    public var score: Double

    public init(address: String, displayName: String?, frequency: Int, lastSeen: Date, accounts: [AccountID], score: Double) {
        self.address = address; self.displayName = displayName; self.frequency = frequency
        self.lastSeen = lastSeen; self.accounts = accounts; self.score = score
    }
}

/// Autocomplete over the local contact cache only: no system contacts, no directory lookups.
public protocol ContactSuggestionRepository: Sendable {
    /// Contacts whose address or name (or a word of it) starts with `prefix`, best first by
    /// `ContactRanking`. `account` nil: every account, de-duplicated by address (the unified view).
    func suggestions(matching prefix: String, account: AccountID?, limit: Int, now: Date) throws(StoreError) -> [ContactSuggestion]
}

/// Frequency first, recency second: `ln(1 + frequency) + 2 · 0.5^(age in days / 30)`.
/// Someone you wrote to 50 times last year still beats someone seen once yesterday
/// (3.9 vs 2.7), but a new correspondent seen 5 times this week (3.6) passes a person seen
/// 20 times years ago (3.0). Pure, so the ranking is tested without a database.
public enum ContactRanking {
    public static let recencyHalfLifeDays = 30.0

    public static func score(frequency: Int, lastSeen: Date, now: Date) -> Double {
        let ageDays = max(0, now.timeIntervalSince(lastSeen) / 86_400)
        return log(1 + Double(max(0, frequency))) + 2 * pow(0.5, ageDays / recencyHalfLifeDays)
    }
}
