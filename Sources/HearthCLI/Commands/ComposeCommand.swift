import ArgumentParser
import Foundation
import HearthCore
import HearthMIME
import HearthOutbox
#if canImport(Glibc)
import Glibc
#endif

/// `hearth compose`: write a message (flags, or $EDITOR) and send it with the undo window.
struct ComposeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compose", abstract: "Write and send a message (flags, or $EDITOR when no body is given).",
        discussion: "Formatting with --markup: *bold*, _italic_, [text](https://…). Ctrl-C during the undo window keeps it as a draft.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var send: SendOptions

    @Option(help: "Recipient (repeatable, or comma-separated).") var to: [String] = []
    @Option(help: "Copy recipient.") var cc: [String] = []
    @Option(help: "Blind copy recipient (never written into the message).") var bcc: [String] = []
    @Option(help: "Subject.") var subject: String?
    @Option(help: "Body text.") var body: String?
    @Option(name: .customLong("body-file"), help: "Read the body from a file.") var bodyFile: String?
    @Option(help: "Attach a file (repeatable).") var attach: [String] = []
    @Flag(help: "Render *bold*, _italic_ and [links](url) as an HTML alternative.") var markup = false
    @Flag(help: "Save as a draft (and copy it to the server's Drafts) instead of sending.") var draft = false

    func run() throws {
        try reportingErrors(json: global.json) { try mappingSendErrors {
            let pipeline = try SendEngine.open(global, send)
            var message: ComposedMessage
            if body == nil && bodyFile == nil {
                let template = EditorTemplate(from: EmailAddress(name: pipeline.account.displayName, address: pipeline.account.email),
                                              to: to, cc: cc, bcc: bcc, subject: subject ?? "", body: "", markup: markup)
                message = try EditorTemplate.edit(template, attachments: attach.map(SendEngine.attachment))
            } else {
                let text = try bodyFile.map { path -> String in
                    guard let data = FileManager.default.contents(atPath: path) else { throw CLIError.notFound("cannot read \(path)") }
                    return String(decoding: data, as: UTF8.self)
                } ?? body ?? ""
                message = try pipeline.message(to: to, cc: cc, bcc: bcc, subject: subject ?? "", body: text, markup: markup, attachments: attach)
            }
            message.from = EmailAddress(name: pipeline.account.displayName, address: pipeline.account.email)
            try pipeline.saveAndSend(message, draftOnly: draft, json: global.json)
        } }
    }
}

/// The text the editor shows: header lines, a marker, then the body.
struct EditorTemplate {
    static let marker = "--- write the message below this line; an empty To, Cc and Bcc keeps it as a draft ---"
    var from: EmailAddress
    var to: [String], cc: [String], bcc: [String]
    var subject: String
    var body: String
    var markup: Bool

    var text: String {
        """
        From: \(from.formatted)
        To: \(to.joined(separator: ", "))
        Cc: \(cc.joined(separator: ", "))
        Bcc: \(bcc.joined(separator: ", "))
        Subject: \(subject)
        Format: \(markup ? "markup" : "plain")
        \(Self.marker)
        \(body)
        """
    }

    /// Opens $VISUAL / $EDITOR (vi) on the template and reads it back.
    static func edit(_ template: EditorTemplate, attachments: [ComposedAttachment]) throws -> ComposedMessage {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-compose-\(UUID().uuidString).txt")
        try template.text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let env = ProcessInfo.processInfo.environment
        let editor = env["VISUAL"] ?? env["EDITOR"] ?? "vi"
        let status = system("\(editor) '\(file.path)'")
        guard status == 0 else { throw CLIError.io("the editor exited with status \(status)") }
        let text = try String(contentsOf: file, encoding: .utf8)
        var message = try parse(text, from: template.from)
        message.attachments = attachments
        return message
    }

    static func parse(_ text: String, from: EmailAddress) throws -> ComposedMessage {
        let lines = text.components(separatedBy: "\n")
        guard let markerIndex = lines.firstIndex(where: { $0.hasPrefix("--- write the message") }) else {
            throw CLIError.invalidInput("the marker line was removed; nothing saved")
        }
        var fields: [String: String] = [:]
        for line in lines[..<markerIndex] {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        func list(_ key: String) throws -> [EmailAddress] {
            guard let value = fields[key], !value.isEmpty else { return [] }
            return try SendEngine.addresses([value])
        }
        return ComposedMessage(from: from, to: try list("to"), cc: try list("cc"), bcc: try list("bcc"),
                               subject: fields["subject"] ?? "", body: lines[(markerIndex + 1)...].joined(separator: "\n"),
                               bodyFormat: fields["format"] == "markup" ? .markup : .plain)
    }
}
