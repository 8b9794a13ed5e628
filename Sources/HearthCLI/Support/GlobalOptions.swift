import ArgumentParser
import Foundation

/// Options every command accepts, before or after the command's name:
/// `hearth --data-dir D --json threads` and `hearth threads --data-dir D --json` are the same.
public struct GlobalOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"), help: ArgumentHelp(
        "Where Hearth keeps its data (default: $HEARTH_DATA_DIR, else $XDG_DATA_HOME/hearth, else $HOME/.local/share/hearth).",
        valueName: "path"))
    public var dataDirectory: String?

    @Flag(name: .long, help: "Print machine-readable JSON (schema in docs/json-schema.md).")
    public var json = false

    @Flag(name: .long, help: "Never draw progress bars.")
    public var noProgress = false

    public init() {}

    /// The usage line of `hearth --help`.
    static let usage = "hearth [--data-dir <path>] [--json] [--no-progress] <subcommand>"

    /// Moves the global options written before the (last) subcommand's name to after it, where
    /// ArgumentParser looks for them (it has no options inherited by subcommands: each command
    /// declares `@OptionGroup var global: GlobalOptions`): `hearth --json threads`,
    /// `hearth account --data-dir D add …`. The other arguments keep their order; the moved
    /// options go last, before a `--` terminator.
    static func movingLeadingOptions(_ arguments: [String], root: any ParsableCommand.Type = HearthCommand.self) -> [String] {
        var moved: [String] = []
        var kept: [String] = []
        var command = root
        var index = arguments.startIndex
        scan: while index < arguments.endIndex {
            let argument = arguments[index]
            switch argument {
            case "--json", "--no-progress":
                moved.append(argument)
                index += 1
            case "--data-dir":
                guard index + 1 < arguments.endIndex else { break scan }   // ArgumentParser reports the missing value
                moved += [argument, arguments[index + 1]]
                index += 2
            case _ where argument.hasPrefix("--data-dir="):
                moved.append(argument)
                index += 1
            default:
                // A subcommand's name: go down one level; anything else starts the leaf's arguments.
                guard let sub = subcommand(named: argument, of: command) else { break scan }
                kept.append(argument)
                command = sub
                index += 1
            }
        }
        guard !moved.isEmpty, index < arguments.endIndex || !kept.isEmpty else { return arguments }
        var rest = kept + arguments[index...]
        let end = rest.firstIndex(of: "--") ?? rest.endIndex
        rest.insert(contentsOf: moved, at: end)
        return rest
    }

    static func subcommand(named name: String, of command: any ParsableCommand.Type) -> (any ParsableCommand.Type)? {
        command.configuration.subcommands.first { sub in
            let configuration = sub.configuration
            return configuration.commandName == name || configuration.aliases.contains(name)
        }
    }
}
