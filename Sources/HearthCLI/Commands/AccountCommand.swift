import ArgumentParser

/// `hearth account add|remove|reauth`: adding, removing and re-signing-in accounts.
struct AccountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account", abstract: "Add or manage mail accounts.",
        subcommands: [AccountAddCommand.self, AccountDiscoverCommand.self, AccountRemoveCommand.self, AccountReauthCommand.self])
}
