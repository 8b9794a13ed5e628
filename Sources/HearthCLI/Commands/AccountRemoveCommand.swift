import ArgumentParser
import Foundation
import HearthApp
import HearthCore
import HearthSecurity
import HearthStore

/// `hearth account remove EMAIL --yes`: revokes the OAuth grant, then deletes every local trace
/// of the account (mail, threads, attachments, index, vectors, contacts, sync state, AI results,
/// settings, secrets). Register in AccountCommand's subcommands.
struct AccountRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove an account and all its local data (the server keeps its mail).")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The account (id or address).") var account: String
    @Flag(help: "Confirm: all local emails, drafts and cached data of this account are deleted.") var yes = false

    func run() async throws {
        try await reportingErrors(json: global.json) {
            let engine = try Engine.open(global)
            let target = try engine.account(matching: account)
            guard yes else {
                throw CLIError.invalidInput("Remove \(target.email)? All local emails, drafts, and cached data for this account will be deleted. Run again with --yes.")
            }
            let report = try await AppErrors.mapping { try await RemoveAccount(engine.app)(target) }
            if report.revocation.hasPrefix("failed") {
                // Best effort: local data is gone either way; the user may still revoke by hand.
                StandardStreams.err("hearth: could not revoke Hearth's access at the provider: \(report.revocation.dropFirst("failed: ".count))")
            }
            if global.json {
                StandardStreams.out(try JSONOutput.render("account-removal", report))
            } else {
                StandardStreams.out("Removed \(report.email): \(report.emailsDeleted) emails, \(report.attachmentFilesDeleted) cached attachments, secrets deleted; grant: \(report.revocation).")
                if report.onboardingRequired { StandardStreams.out("No account is left: add one with `hearth account add`.") }
            }
        }
    }
}

/// `hearth wipe --yes`: deletes ALL local data (accounts, mail, caches, secrets, AI models).
struct WipeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wipe", abstract: "Delete all local data: accounts, emails, caches, secrets and AI models.")
    @OptionGroup var global: GlobalOptions
    @Flag(help: "Confirm: this cannot be undone; you will need to set Hearth up again.") var yes = false
    @Flag(help: "Keep the downloaded AI models.") var keepModels = false

    func run() async throws {
        try await reportingErrors(json: global.json) {
            guard yes else {
                throw CLIError.invalidInput("This will delete ALL local data including emails, accounts, and AI models. This cannot be undone. You will need to set up the app again. Run again with --yes.")
            }
            let engine = try Engine.open(global)
            let report = try await AppErrors.mapping {
                try await RemoveAccount(engine.app).wipeAll(modelDirectory: StorageCommand.modelDirectory, keepModels: keepModels)
            }
            if global.json {
                StandardStreams.out(try JSONOutput.render("wipe", report))
            } else {
                StandardStreams.out("Wiped \(report.accountsRemoved.count) accounts" + (report.modelsRemoved ? " and the AI models" : "") + ". Add an account to start again.")
                for (email, outcome) in report.revocations.sorted(by: { $0.key < $1.key }) where outcome != "revoked" && outcome != "not-applicable" {
                    StandardStreams.err("\(email): \(outcome)")
                }
            }
        }
    }
}
