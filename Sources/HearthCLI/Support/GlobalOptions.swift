import ArgumentParser
import Foundation

/// Options every command accepts.
public struct GlobalOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"), help: ArgumentHelp(
        "Where Hearth keeps its data (default: $HEARTH_DATA_DIR, else $XDG_DATA_HOME/hearth).",
        valueName: "path"))
    public var dataDirectory: String?

    @Flag(name: .long, help: "Print machine-readable JSON (schema in docs/json-schema.md).")
    public var json = false

    @Flag(name: .long, help: "Never draw progress bars.")
    public var noProgress = false

    public init() {}
}
