import ArgumentParser
import Foundation
import HearthCore
import HearthSecurity
import HearthStore

/// `hearth settings [list|get|set|app-lock]`: the FR-SET-01 settings, written to the database
/// before the command returns (NFR-SET-01: a kill -9 right after loses nothing).
struct SettingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings", abstract: "Show or change settings.",
        discussion: "Settings: " + Setting.allCases.map { "\($0.rawValue) (\($0.allowedValues))" }.joined(separator: "; "),
        subcommands: [SettingsListCommand.self, SettingsGetCommand.self, SettingsSetCommand.self, SettingsAppLockCommand.self],
        defaultSubcommand: SettingsListCommand.self)
}

struct SettingJSON: Encodable {
    let name: String
    let scope: String
    let account: String?
    let value: String
}

extension Engine {
    var settings: SettingsService { SettingsService(app: store, perAccount: store, accounts: store) }
}

func parseSetting(_ name: String) throws -> Setting {
    guard let setting = Setting(rawValue: name) else { throw SecurityErrors.cli(SettingsError.unknownSetting(name)) }
    return setting
}

struct SettingsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Every setting with its value.")
    @OptionGroup var global: GlobalOptions

    func run() throws {
        try reportingErrors(json: global.json) {
            let engine = try Engine.open(global)
            let all = try SecurityErrors.mapping { try engine.settings.all() }
            if global.json {
                StandardStreams.out(try JSONOutput.render("settings", all.map {
                    SettingJSON(name: $0.setting.rawValue, scope: $0.setting.scope.rawValue, account: $0.account?.email, value: $0.value)
                }))
            } else {
                for entry in all {
                    let scope = entry.account.map { " [\($0.email)]" } ?? ""
                    StandardStreams.out("\(entry.setting.rawValue)\(scope)\t\(entry.value)")
                }
            }
        }
    }
}

struct SettingsGetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "get", abstract: "One setting's value.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The setting's name (see `hearth settings --help`).") var name: String
    @Option(help: "The account (id or address), for per-account settings.") var account: String?

    func run() throws {
        try reportingErrors(json: global.json) {
            let engine = try Engine.open(global)
            let setting = try parseSetting(name)
            let owner = try account.map { try engine.account(matching: $0) }
            let value = try SecurityErrors.mapping { try engine.settings.value(setting, account: owner?.id) }
            if global.json {
                StandardStreams.out(try JSONOutput.render("setting", SettingJSON(name: name, scope: setting.scope.rawValue, account: owner?.email, value: value)))
            } else {
                StandardStreams.out(value)
            }
        }
    }
}

struct SettingsSetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Change a setting (saved at once).",
        discussion: "Reducing an account's sync window removes local copies of older mail (never on the server) and needs --yes.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The setting's name.") var name: String
    @Argument(help: "The new value.") var value: String
    @Option(help: "The account (id or address), for per-account settings.") var account: String?
    @Flag(help: "Confirm a change that removes local data (a smaller sync window).") var yes = false
    @Option(help: .hidden) var holdAfterWriteSeconds: Double?

    func run() throws {
        try reportingErrors(json: global.json) {
            let engine = try Engine.open(global, creating: true)
            let setting = try parseSetting(name)
            let owner = try account.map { try engine.account(matching: $0) }
            let text = setting == .defaultAccount ? String(try engine.account(matching: value).id?.rawValue ?? 0) : value
            let change = try SecurityErrors.mapping { try engine.settings.set(setting, to: text, account: owner?.id, confirmed: yes) }
            var purged = 0
            if let days = change.purgeOutsideDays, let id = owner?.id {
                purged = try engine.store.purgeOutsideSyncWindow(account: id, days: days)
            }
            if let notice = change.notice { StandardStreams.err(notice) }
            if global.json {
                StandardStreams.out(try JSONOutput.render("setting", SettingJSON(name: name, scope: setting.scope.rawValue, account: owner?.email, value: change.newValue)))
            } else {
                StandardStreams.out("\(name) = \(change.newValue)" + (purged > 0 ? " (\(purged) older local messages removed)" : ""))
            }
            // Test hook (hidden): stay alive after the write so a test can kill -9 this process.
            if let hold = holdAfterWriteSeconds {
                FileHandle.standardOutput.synchronizeFile()
                Thread.sleep(forTimeInterval: hold)
            }
        }
    }
}

struct SettingsAppLockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app-lock", abstract: "Turn the app lock on (new passphrase) or off (current passphrase).",
        discussion: "Passphrases are read from standard input, one per line: for `on` the new one (then the current one when changing it), for `off` the current one.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "on or off.") var state: String

    func run() throws {
        try reportingErrors(json: global.json) {
            let engine = try Engine.open(global)
            let lock = AppLock(settings: engine.store)
            try SecurityErrors.mapping {
                switch state {
                case "on":
                    guard let new = readLine(strippingNewline: true) else { throw CLIError.invalidInput("no passphrase on standard input") }
                    try lock.enable(passphrase: new, current: lock.isEnabled ? readLine(strippingNewline: true) : nil)
                case "off":
                    try lock.disable(passphrase: readLine(strippingNewline: true) ?? "")
                default:
                    throw CLIError.invalidInput("app-lock takes on or off")
                }
            }
            StandardStreams.out(global.json ? try JSONOutput.render("setting", SettingJSON(name: "app-lock", scope: "app", account: nil, value: lock.isEnabled ? "on" : "off"))
                                : "app-lock = \(lock.isEnabled ? "on" : "off")")
        }
    }
}
