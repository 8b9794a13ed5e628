import ArgumentParser
import Foundation
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
            guard let id = target.id else { throw CLIError.notFound("account \(account) is not saved") }
            guard target.authType == .oauth2 else {
                throw CLIError.invalidInput("\(target.email) signs in with a password; re-add it to change the password")
            }
            let client = try AccountOAuth.client(explicitFile: oauthClient)
            let tokens = try await AccountOAuth.signIn(email: target.email, noBrowser: noBrowser, client: client)
            let serverName = try engine.store.value(for: IMAPServerName.key(id))
            let folders = try await AccountOAuth.checkConnectivity(target, serverName: serverName, accessToken: tokens.accessToken)
            let secrets = try SecurityErrors.mapping { try engine.secrets() }
            try SecurityErrors.mapping { try OAuthCredentials(store: secrets).save(tokens, for: target.email) }
            // A token command would take precedence over the stored tokens; the sign-in replaces it.
            try engine.store.setValue(nil, for: AccountCredentials.commandKey(id, token: true))
            try engine.store.markAuthenticated(id)
            AccountOAuth.forgetProvider(for: target, engine: engine)
            if global.json {
                StandardStreams.out(try JSONOutput.render("account", AccountStatusJSON(account: try engine.account(matching: target.email),
                                                                                       status: .ok)))
            } else {
                StandardStreams.out("Signed \(target.email) in again (\(folders) folders); the account is active. Run `hearth sync` to fetch mail.")
            }
        }
    }
}
