import ArgumentParser
import Foundation
import HearthCore
import HearthSafety

/// `hearth attachments EMAIL`: what a message carries, and whether each file is on this
/// computer yet (synced mail keeps only the part list; the bytes come on demand).
struct AttachmentsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attachments", abstract: "List the attachments of a message.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The message's id (see `hearth show THREAD --json`).") var email: Int64

    struct Entry: Encodable {
        let id: Int64
        let filename: String
        let displayName: String
        let mimeType: String
        let sizeBytes: Int
        let isInline: Bool
        let partPath: String
        let isDownloaded: Bool
        let warnings: [String]
    }

    func run() throws {
        try reportingErrors(json: global.json) {
            let engine = try Engine.open(global)
            guard try engine.store.email(EmailID(email)) != nil else { throw CLIError.notFound("no message \(email)") }
            let entries = try engine.store.attachments(of: EmailID(email)).map { a in
                let assessment = AttachmentSafety.assess(filename: a.filename, mimeType: a.mimeType)
                let onDisk = a.localPath.map { FileManager.default.fileExists(atPath: $0) } ?? false
                return Entry(id: a.id?.rawValue ?? 0, filename: a.filename, displayName: assessment.displayName, mimeType: a.mimeType,
                             sizeBytes: a.sizeBytes, isInline: a.isInline, partPath: a.partPath, isDownloaded: onDisk,
                             warnings: assessment.warnings.map(\.message))
            }
            if global.json {
                StandardStreams.out(try JSONOutput.render("attachments", entries))
            } else if entries.isEmpty {
                StandardStreams.out("Message \(email) has no attachments.")
            } else {
                for e in entries {
                    let flags = (e.isDownloaded ? "downloaded" : "on server") + (e.isInline ? ", inline" : "")
                    StandardStreams.out("\(e.id)\t\(e.displayName)\t\(e.mimeType)\t\(e.sizeBytes) B\t\(flags)")
                    for w in e.warnings { StandardStreams.out("\t⚠ \(w)") }
                }
            }
        }
    }
}

/// `hearth attachment save EMAIL ATTACHMENT_ID [--to PATH]`.
struct AttachmentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attachment", abstract: "Save an attachment to a file.", subcommands: [AttachmentSaveCommand.self])
}

struct AttachmentSaveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "save", abstract: "Save an attachment (fetched from the server on demand, then cached).",
        discussion: """
            Without --to the file goes into the current directory under its sanitised name. An existing file is \
            never overwritten unless --force. The file is written 0600 and never opened. Exit 69 when the server \
            cannot be reached, 66 when the message is no longer on the server (sync and retry).
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The message's id.") var email: Int64
    @Argument(help: "The attachment's id (see `hearth attachments EMAIL`).") var attachment: Int64
    @Option(help: "Where to write it (a file, or an existing directory).") var to: String?
    @Flag(help: "Overwrite an existing file.") var force = false

    struct Saved: Encodable {
        let path: String
        let bytes: Int
        let source: String
        let warnings: [String]
    }

    func run() async throws {
        try await reportingErrors(json: global.json) {
            let engine = try Engine.open(global)
            guard let found = try engine.store.attachments(of: EmailID(email)).first(where: { $0.id == AttachmentID(attachment) }) else {
                throw CLIError.notFound("message \(email) has no attachment \(attachment) (see `hearth attachments \(email)`)")
            }
            let assessment = AttachmentSafety.assess(filename: found.filename, mimeType: found.mimeType)
            let target = destination(displayName: assessment.displayName.isEmpty ? "attachment-\(attachment)" : assessment.displayName)
            if FileManager.default.fileExists(atPath: target.path), !force {
                throw CLIError.cannotCreate("\(target.path) exists; use --force to overwrite it")
            }
            let (data, source) = try await engine.attachmentBytes(found)
            guard FileManager.default.createFile(atPath: target.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw CLIError.cannotCreate("cannot write \(target.path)")
            }
            do { try data.write(to: target) } catch { throw CLIError.io("cannot write \(target.path): \(error.localizedDescription)") }
            for w in assessment.warnings { StandardStreams.err("warning: \(w.message)") }
            if global.json {
                StandardStreams.out(try JSONOutput.render("attachment.save", Saved(path: target.path, bytes: data.count, source: source.rawValue,
                                                                                   warnings: assessment.warnings.map(\.message))))
            } else {
                StandardStreams.out("\(target.path)\t\(data.count) bytes (\(source.rawValue))")
            }
        }
    }

    private func destination(displayName: String) -> URL {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        guard let to else { return cwd.appendingPathComponent(displayName) }
        let url = URL(fileURLWithPath: to, relativeTo: cwd).standardizedFileURL
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return url.appendingPathComponent(displayName)
        }
        return url
    }
}
