import ArgumentParser
import Foundation
import HearthCore

/// `hearth stats`: what the store holds.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats", abstract: "Counts of accounts, folders, messages, threads and storage.")

    @OptionGroup var global: GlobalOptions

    @Option(help: "Only this account (id or address).")
    var account: String?

    func run() throws {
        try reportingErrors(json: global.json) {
            let engine = try Engine.open(global)
            let scope = try account.map { try engine.account(matching: $0) }?.id
            let stats = try engine.store.statistics(account: scope)
            if global.json {
                StandardStreams.out(try JSONOutput.render("stats", stats))
                return
            }
            StandardStreams.out("""
                Data directory: \(engine.dataDirectory.path)
                Accounts:       \(stats.accounts)
                Folders:        \(stats.folders)
                Messages:       \(stats.emails)
                Threads:        \(stats.threads) (largest: \(stats.largestThreadSize) messages)
                Ghost parents:  \(stats.ghostNodes)
                Attachments:    \(stats.attachments)
                Contacts:       \(stats.contacts)
                Database:       \(TextRendering.byteCount(Int(stats.databaseBytes)))
                """)
        }
    }
}
