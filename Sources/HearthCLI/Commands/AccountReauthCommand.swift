import ArgumentParser
import Foundation
import HearthApp
import HearthCore
import HearthSecurity
import HearthStore

/// `hearth account reauth EMAIL`: signs a Gmail account in again through the browser (after a
/// revoked or expired grant marked it "re-authentication required"), checks IMAP and SMTP with
/// the new token, replaces the stored tokens and makes the account active again.
struct AccountReauthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reauth", abstract: "Sign a Gmail account in again (after its sign-in was revoked or expired).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The account (id or address).") var account: String
    @Flag(help: "Print the sign-in address instead of opening a browser.") var noBrowser = false
    @Option(help: "The OAuth client JSON file (default: docs/security.md's search order).") var oauthClient: String?

    func run() async throws {
        try await reportingErrors(json: global.json) {
            let engine = try Engine.open(global)
            let target = try engine.account(matching: account)
            let reauth = ReauthenticateAccount(engine.app)
            try AppErrors.mapping { try reauth.precondition(target) }
            let client = try AccountOAuth.client(explicitFile: oauthClient)
            let tokens = try await AccountOAuth.signIn(email: target.email, noBrowser: noBrowser, client: client)
            let folders = try await AppErrors.mapping { try await reauth(target, tokens: tokens) }
            if global.json {
                StandardStreams.out(try JSONOutput.render("account", AccountStatusJSON(account: try engine.account(matching: target.email),
                                                                                       status: .ok)))
            } else {
                StandardStreams.out("Signed \(target.email) in again (\(folders) folders); the account is active. Run `hearth sync` to fetch mail.")
            }
        }
    }
}
