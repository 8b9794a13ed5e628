import ArgumentParser

/// `hearth account add|remove`: adding and removing accounts.
struct AccountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account", abstract: "Add or manage mail accounts.",
        subcommands: [AccountAddCommand.self, AccountRemoveCommand.self])
}
