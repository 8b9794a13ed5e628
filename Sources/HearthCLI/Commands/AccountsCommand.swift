import ArgumentParser
import Foundation
import HearthCore
import HearthStore

/// `hearth accounts`: the configured accounts, with their sign-in state (an account whose
/// token refresh was refused shows "re-authentication required" and the command that fixes it).
struct AccountsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accounts", abstract: "List accounts and whether each can sign in.")

    @OptionGroup var global: GlobalOptions

    func run() throws {
        try reportingErrors(json: global.json) {
            let engine = try Engine.open(global)
            let accounts = try engine.store.accounts()
            let rows = try accounts.map { account in
                AccountStatusJSON(account: account, status: try account.id.map { try engine.store.authStatus(of: $0) } ?? .ok)
            }
            if global.json {
                StandardStreams.out(try JSONOutput.render("accounts", rows))
            } else if accounts.isEmpty {
                StandardStreams.out("No accounts. Import a mailbox with `hearth import PATH`.")
            } else {
                for (a, row) in zip(accounts, rows) {
                    var line = "\(a.id?.rawValue ?? 0)\t\(a.email)\t\(a.displayName)\t\(a.provider.rawValue)\t\(row.state)"
                    if row.state == AccountStatusJSON.reauthenticate {
                        line += "\t(\(row.reason ?? "sign-in refused"); run `hearth account reauth \(a.email)`)"
                    }
                    StandardStreams.out(line)
                }
            }
        }
    }
}

/// An account as `hearth accounts --json` shows it: `AccountJSON`'s fields plus the sign-in
/// state ("ok", "reauthentication-required" with its reason and since when). No secret.
struct AccountStatusJSON: Encodable {
    static let reauthenticate = "reauthentication-required"

    let id: Int64
    let email: String
    let displayName: String
    let provider: String
    let authType: String
    let isActive: Bool
    let lastSyncDate: Date?
    let state: String
    let reason: String?
    let since: Date?

    init(account a: Account, status: AccountAuthStatus) {
        id = a.id?.rawValue ?? 0; email = a.email; displayName = a.displayName
        provider = a.provider.rawValue; authType = a.authType.rawValue; isActive = a.isActive; lastSyncDate = a.lastSyncDate
        switch status {
        case .ok:
            state = a.isActive ? "ok" : "inactive"; reason = nil; since = nil
        case .reauthenticationRequired(let why, let when):
            state = Self.reauthenticate; reason = why; since = when
        }
    }
}
