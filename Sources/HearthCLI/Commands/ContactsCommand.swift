import ArgumentParser
import Foundation
import HearthCore

/// `hearth contacts QUERY`: recipient autocomplete from local mail only (spec §5.5.4).
struct ContactsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contacts", abstract: "Suggest recipients seen in your mail (frequency and recency; local only).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "Start of an address, a name, or a word of a name.") var query: String = ""
    @Option(help: "Only this account (id or address); default: all accounts, merged by address.") var account: String?
    @Option(help: "At most this many.") var limit: Int = 10

    struct SuggestionJSON: Encodable {
        let address: String
        let name: String?
        let frequency: Int
        let lastSeen: Date
        let accounts: [Int64]
        let score: Double
    }

    func run() throws {
        try reportingErrors(json: global.json) {
            let engine = try Engine.open(global)
            let scope = try account.map { try engine.account(matching: $0).id }
            let found = try engine.store.suggestions(matching: query, account: scope ?? nil, limit: limit, now: Date())
            if global.json {
                StandardStreams.out(try JSONOutput.render("contacts", found.map {
                    SuggestionJSON(address: $0.address, name: $0.displayName, frequency: $0.frequency, lastSeen: $0.lastSeen,
                                   accounts: $0.accounts.map(\.rawValue), score: ($0.score * 1000).rounded() / 1000)
                }))
            } else if found.isEmpty {
                StandardStreams.out("No contact matches \"\(query)\".")
            } else {
                for s in found {
                    StandardStreams.out("\(s.displayName.map { "\($0) <\(s.address)>" } ?? s.address)\t\(s.frequency)×")
                }
            }
        }
    }
}
