import ArgumentParser
import Foundation
import HearthAI

/// `hearth model list|download|import|delete`: the AI model manager (FR-SET-04).
struct ModelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "model", abstract: "Manage the on-device AI models (list, download, import, delete).",
        subcommands: [ModelListCommand.self, ModelDownloadCommand.self, ModelImportCommand.self, ModelDeleteCommand.self])
}

struct ModelStatusJSON: Encodable {
    let id: String
    let name: String
    let role: String
    let state: String
    let sizeBytes: Int64
    let partialBytes: Int64
    let license: String
    let sourceUrl: String?
    let sha256: String
    let provenance: String
    let path: String?

    init(_ s: ModelStatus) {
        id = s.entry.id; name = s.entry.displayName; role = s.entry.role.rawValue; state = s.state.rawValue
        sizeBytes = s.entry.sizeBytes; partialBytes = s.partialBytes; license = s.entry.license
        sourceUrl = s.entry.downloadURL?.absoluteString; sha256 = s.entry.sha256; provenance = s.entry.provenance; path = s.path
    }
}

struct ModelListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Models, their state, size, licence and source.")
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let manager = ModelManager()
        let statuses = manager.statuses()
        if global.json {
            StandardStreams.out(try JSONOutput.render("models", statuses.map(ModelStatusJSON.init)))
            return
        }
        StandardStreams.out("models in \(manager.directory.path)")
        for s in statuses {
            let state = s.state == .partial ? "partial (\(TextRendering.byteCount(Int(s.partialBytes))))" : s.state.rawValue
            StandardStreams.out("\(TextRendering.fit(s.entry.id, 20)) \(TextRendering.fit(s.entry.role.rawValue, 10)) \(TextRendering.fit(state, 16)) \(TextRendering.fit(TextRendering.byteCount(Int(s.entry.sizeBytes)), 9)) \(s.entry.license)")
            StandardStreams.out("    \(s.entry.displayName)")
            StandardStreams.out("    source: \(s.entry.downloadURL?.absoluteString ?? "import only") — \(s.entry.provenance)")
        }
    }
}

struct ModelDownloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "download",
        abstract: "Download a model over HTTPS (resumable), after showing its source, size and licence.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Model id (see `hearth model list`).") var id: String
    @Option(help: "Download from this HTTPS URL instead (a mirror); the pinned SHA-256 still applies.") var url: String?
    @Flag(name: .long, help: "Agree to the download without asking (scripts).") var yes = false

    func run() throws {
        try reportingAIErrors(json: global.json) {
            let manager = ModelManager()
            let override = try url.map { text -> URL in
                guard let parsed = URL(string: text) else { throw CLIError.invalidInput("not a URL: \(text)") }
                return parsed
            }
            let consent = try manager.consent(for: id, overrideURL: override)
            StandardStreams.err("""
                Model:   \(consent.displayName)
                Source:  \(consent.sourceURL)
                Size:    \(TextRendering.byteCount(Int(consent.sizeBytes)))
                Licence: \(consent.license)
                SHA-256: \(consent.sha256)
                \(consent.note)
                """)
            if !yes {
                guard StandardStreams.stderrIsTerminal else {
                    throw CLIError.invalidInput("confirm the download with --yes (no terminal to ask on)")
                }
                StandardStreams.errRaw("Download? [y/N] ")
                guard let answer = readLine(), answer.lowercased().hasPrefix("y") else { throw CLIError.invalidInput("download declined") }
            }
            let quiet = global.noProgress
            let id = self.id
            let path = try AsyncBridge.run {
                try await manager.download(id, from: override) { p in
                    guard !quiet else { return }
                    let percent = p.fraction.map { String(format: "%5.1f%%", $0 * 100) } ?? ""
                    StandardStreams.errRaw("\r\(TextRendering.byteCount(Int(p.receivedBytes))) \(percent)")
                }
            }
            StandardStreams.err("")
            StandardStreams.out(global.json ? try JSONOutput.render("model.download", ["id": id, "path": path.path]) : "installed \(id) at \(path.path)")
        }
    }
}

struct ModelImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Install a GGUF file you already have (verified against the catalog's SHA-256).")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Path of the .gguf file.") var path: String
    @Option(name: .customLong("as"), help: "Catalog id the file is (see `hearth model list`).") var id: String

    func run() throws {
        try reportingAIErrors(json: global.json) {
            let installed = try ModelManager().importModel(from: URL(fileURLWithPath: path), as: id)
            StandardStreams.out(global.json ? try JSONOutput.render("model.import", ["id": id, "path": installed.path]) : "installed \(id) at \(installed.path)")
        }
    }
}

struct ModelDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete an installed model.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Model id.") var id: String
    @Flag(name: .long, help: "Delete without asking.") var yes = false

    func run() throws {
        try reportingAIErrors(json: global.json) {
            StandardStreams.err(ModelManager.deleteWarning)
            if !yes {
                guard StandardStreams.stderrIsTerminal else { throw CLIError.invalidInput("confirm with --yes") }
                StandardStreams.errRaw("Delete \(id)? [y/N] ")
                guard let answer = readLine(), answer.lowercased().hasPrefix("y") else { throw CLIError.invalidInput("kept") }
            }
            try ModelManager().delete(id)
            StandardStreams.out(global.json ? try JSONOutput.render("model.delete", ["id": id]) : "deleted \(id)")
        }
    }
}
