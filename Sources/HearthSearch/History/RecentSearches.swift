import Foundation
import HearthCore

/// The last ten searches (FR-SEARCH-09), most recent first, de-duplicated (case and spacing do
/// not make a new entry; the latest spelling wins), kept in the local settings table, never
/// anywhere else.
public struct RecentSearches: Sendable {
    public static let settingsKey = "search.recent"
    public static let capacity = 10

    public let settings: any SettingsRepository

    public init(settings: any SettingsRepository) { self.settings = settings }

    public func list() throws(StoreError) -> [String] {
        guard let stored = try settings.value(for: Self.settingsKey),
              let list = try? JSONDecoder().decode([String].self, from: Data(stored.utf8)) else { return [] }
        return Array(list.prefix(Self.capacity))
    }

    /// Puts `query` first; blank queries are not recorded. Running the latest search again
    /// changes nothing and writes nothing: a read-only search process pays no write transaction
    /// (and no WAL checkpoint when it closes the store) for a query the user just ran.
    public func record(_ query: String) throws(StoreError) {
        let cleaned = query.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !cleaned.isEmpty else { return }
        let key = Self.key(cleaned)
        let current = try list()
        let updated = Array(([cleaned] + current.filter { Self.key($0) != key }).prefix(Self.capacity))
        guard updated != current else { return }
        try save(updated)
    }

    public func clear() throws(StoreError) { try settings.setValue(nil, for: Self.settingsKey) }

    private func save(_ list: [String]) throws(StoreError) {
        let data = (try? JSONEncoder().encode(list)) ?? Data("[]".utf8)
        try settings.setValue(String(decoding: data, as: UTF8.self), for: Self.settingsKey)
    }

    static func key(_ query: String) -> String {
        query.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
