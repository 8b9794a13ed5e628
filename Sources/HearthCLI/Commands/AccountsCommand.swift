import ArgumentParser
import HearthCore

/// `hearth accounts`: the configured accounts.
struct AccountsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accounts", abstract: "List accounts.")

    @OptionGroup var global: GlobalOptions

    func run() throws {
        try reportingErrors(json: global.json) {
            let engine = try Engine.open(global)
            let accounts = try engine.store.accounts()
            if global.json {
                StandardStreams.out(try JSONOutput.render("accounts", accounts.map(AccountJSON.init)))
            } else if accounts.isEmpty {
                StandardStreams.out("No accounts. Import a mailbox with `hearth import PATH`.")
            } else {
                for a in accounts {
                    StandardStreams.out("\(a.id?.rawValue ?? 0)\t\(a.email)\t\(a.displayName)\t\(a.provider.rawValue)")
                }
            }
        }
    }
}
