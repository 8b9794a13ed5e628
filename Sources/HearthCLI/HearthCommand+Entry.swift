import ArgumentParser

extension HearthCommand {
    /// The program's entry point. Not `await HearthCommand.main()`: from top-level code the
    /// compiler picks ArgumentParser's synchronous `main()`, which refuses an async root command
    /// ("Asynchronous root command needs availability annotation", apple/swift-argument-parser
    /// #688), so no async subcommand (sync, serve, …) would run. This is what the async `main` does.
    ///
    /// Global options may come before the subcommand (`hearth --json threads`): they are moved
    /// after it first (`GlobalOptions.movingLeadingOptions`).
    public static func start() async {
        do {
            var command = try parseAsRoot(GlobalOptions.movingLeadingOptions(Array(CommandLine.arguments.dropFirst())))
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }

    /// Runs `arguments` when they are a `hearth search` in a form `SearchArguments.quickParse`
    /// reads exactly as ArgumentParser would, and says whether it did. Errors end the process
    /// as they do on ArgumentParser's path (same messages, same exit codes).
    public static func runQuickCommand(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Bool {
        guard let search = SearchArguments.quickParse(arguments) else { return false }
        do { try search.run() } catch { exit(withError: error) }
        return true
    }
}
