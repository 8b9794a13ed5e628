/// What `hearth search` is asked to do: its options as a plain value. `SearchCommand` fills it
/// through ArgumentParser; `quickParse` fills it without ArgumentParser for the invocations
/// scripts and search boxes send on every keystroke, because a process that builds
/// ArgumentParser's command tree pays the Swift runtime's protocol-conformance scans of the
/// whole executable first — in a 10K-message search, more CPU than the search (docs/search.md
/// "Per process"). Anything `quickParse` does not recognise goes to ArgumentParser, so help,
/// errors and every unusual form stay exactly ArgumentParser's.
struct SearchArguments: Equatable, Sendable {
    var dataDirectory: String?
    var json = false
    var noProgress = false
    var query: [String] = []
    var scope: SearchCommand.Scope = .all
    var folder: String?
    var accounts: [String] = []
    var limit = 20
    var exact = false
    var noSemantic = false
    var noHistory = false
    var clearRecent = false
    var embedder: String?

    /// Why these options cannot run (ArgumentParser reports it as a usage error), or nil.
    var problem: String? {
        if limit <= 0 { return "--limit must be positive" }
        if scope == .folder && folder == nil { return "--scope folder needs --folder NAME" }
        return nil
    }

    /// The options of `hearth [global options] search …` (`arguments` without the program
    /// name) when they are in the forms ArgumentParser would read the same way: the global
    /// options before `search`, then words and `--name value` / `--name=value` options in any
    /// order. Nil for everything else — another command, `--help`, an unknown, repeated or
    /// short option, a value starting with `-`, `--`, an empty argument, an invalid value —
    /// which then goes through ArgumentParser unchanged. `SearchArgumentsTests` holds the two
    /// parsers to the same result.
    static func quickParse(_ arguments: [String]) -> SearchArguments? {
        var parsed = SearchArguments()
        var inCommand = false
        var seen: Set<String> = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard !argument.isEmpty else { return nil }
            guard argument.hasPrefix("-") else {
                if inCommand {
                    parsed.query.append(argument)
                } else if argument == "search" {
                    inCommand = true
                } else {
                    return nil
                }
                continue
            }
            let name: Substring, inline: Substring?
            if let equals = argument.firstIndex(of: "=") {
                name = argument[..<equals]
                inline = argument[argument.index(after: equals)...]
            } else {
                name = argument[...]
                inline = nil
            }
            guard name.hasPrefix("--"), seen.insert(String(name)).inserted || name == "--account" else { return nil }
            guard inCommand || globalOptions.contains(String(name)) else { return nil }
            if parsed.setFlag(name) {
                guard inline == nil else { return nil }
                continue
            }
            // An option's value: after `=`, or the next argument.
            let value: String
            if let inline {
                value = String(inline)
            } else {
                guard index < arguments.endIndex else { return nil }
                value = arguments[index]
                index += 1
            }
            guard !value.isEmpty, !value.hasPrefix("-") else { return nil }
            switch name {
            case "--data-dir": parsed.dataDirectory = value
            case "--folder": parsed.folder = value
            case "--embedder": parsed.embedder = value
            case "--account": parsed.accounts.append(value)
            case "--scope":
                guard let scope = SearchCommand.Scope(rawValue: value) else { return nil }
                parsed.scope = scope
            case "--limit":
                guard let limit = Int(value) else { return nil }
                parsed.limit = limit
            default: return nil
            }
        }
        guard inCommand, parsed.problem == nil else { return nil }
        return parsed
    }

    /// `GlobalOptions`, which may also come before the command's name.
    private static let globalOptions: Set<String> = ["--data-dir", "--json", "--no-progress"]

    /// Sets the flag called `name`; false when `name` is not a flag.
    private mutating func setFlag(_ name: Substring) -> Bool {
        switch name {
        case "--json": json = true
        case "--no-progress": noProgress = true
        case "--exact": exact = true
        case "--no-semantic": noSemantic = true
        case "--no-history": noHistory = true
        case "--clear-recent": clearRecent = true
        default: return false
        }
        return true
    }
}
