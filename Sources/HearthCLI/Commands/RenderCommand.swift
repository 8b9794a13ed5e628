import ArgumentParser
import Foundation
import HearthCore
import HearthSafety

/// `hearth render EMAIL`: the message body as the app shows it — sanitised HTML (or the plain
/// text fallback), remote images blocked unless allowed, trackers stripped and counted.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Print one message's body as sanitised, tracker-free HTML.",
        discussion: """
            Remote images are blocked unless --load-remote-images is given or the sender is on the \
            "always load" list (--always-load-remote-images adds it). The tracker count goes to stderr \
            (or into --json). --document prints the full sandbox document (with its CSP) instead of the body.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Email id (as `hearth show --json` prints it).")
    var email: Int64?

    @Option(name: .customLong("html-file"), help: ArgumentHelp("Render an HTML file instead of a stored message.", valueName: "path"))
    var htmlFile: String?

    @Flag(name: .customLong("load-remote-images"), help: "Load remote images for this message (trackers stay blocked).")
    var loadRemoteImages = false

    @Flag(name: .customLong("always-load-remote-images"), help: "Always load remote images from this message's sender (stored locally).")
    var alwaysLoadFromSender = false

    @Flag(name: .long, help: "Print the complete iframe document with its Content-Security-Policy.")
    var document = false

    func run() throws {
        try reportingErrors(json: global.json) {
            let rendered: SafeBodyRenderer.Rendered
            let policy: RemoteImagePolicy
            var emailID: Int64?
            if let htmlFile {
                guard let data = FileManager.default.contents(atPath: (htmlFile as NSString).expandingTildeInPath) else {
                    throw CLIError.notFound("cannot read \(htmlFile)")
                }
                policy = loadRemoteImages ? .allow : .block
                rendered = SafeBodyRenderer(options: SanitizeOptions(remoteImages: policy))
                    .render(html: String(decoding: data, as: UTF8.self), plainText: nil)
            } else {
                guard let email else { throw CLIError.invalidInput("give an email id or --html-file PATH") }
                let engine = try Engine.open(global)
                guard let message = try engine.store.email(EmailID(email)) else {
                    throw CLIError.notFound("no email \(email)")
                }
                if alwaysLoadFromSender {
                    guard let sender = message.from?.address else { throw CLIError.invalidInput("email \(email) has no sender") }
                    try engine.store.setAlwaysLoadsRemoteContent(true, from: sender, account: message.accountID)
                    StandardStreams.err("remote images from \(sender) will always load")
                }
                policy = RemoteContentDecision.policy(for: message, loadRequestedForMessage: loadRemoteImages,
                                                      preferences: engine.store)
                rendered = SafeBodyRenderer(options: SanitizeOptions(
                    remoteImages: policy, inlineImages: InlineImageRoute(emailID: EmailID(email)))).render(message)
                emailID = email
            }
            let output = document ? RenderingContract(appOrigin: nil, remoteImages: policy).document(body: rendered.html) : rendered.html
            if global.json {
                StandardStreams.out(try JSONOutput.render("render", RenderJSON(emailId: emailID, policy: policy, rendered: rendered, html: output)))
                return
            }
            StandardStreams.out(output)
            StandardStreams.err(RenderJSON.summary(rendered, policy: policy))
        }
    }
}

/// `hearth.render` v1 (docs/json-schema.md).
struct RenderJSON: Encodable {
    let emailId: Int64?
    let html: String
    let format: String
    let fallbackReason: String?
    let remoteImages: String
    let remoteImagesBlocked: Int
    let trackersBlocked: Int
    let trackers: [BlockedTracker]
    let linksUnwrapped: Int
    let inlineContentIds: [String]

    init(emailId: Int64?, policy: RemoteImagePolicy, rendered: SafeBodyRenderer.Rendered, html: String) {
        self.emailId = emailId
        self.html = html
        format = rendered.fallback == nil ? "html" : "plain"
        fallbackReason = rendered.fallback.map(Self.describe)
        remoteImages = policy.rawValue
        remoteImagesBlocked = rendered.remoteImagesBlocked
        trackersBlocked = rendered.trackersBlocked
        trackers = rendered.sanitized?.trackers ?? []
        linksUnwrapped = rendered.sanitized?.linksUnwrapped ?? 0
        inlineContentIds = rendered.sanitized?.inlineContentIDs ?? []
    }

    static func describe(_ fallback: SafeBodyRenderer.Fallback) -> String {
        switch fallback {
        case .noHTML: "no HTML body"
        case .nothingLeft: "nothing visible left after sanitising"
        case .sanitizerFailed(let why): why.description
        }
    }

    static func summary(_ rendered: SafeBodyRenderer.Rendered, policy: RemoteImagePolicy) -> String {
        var parts = ["\(rendered.trackersBlocked) tracker(s) blocked"]
        if policy == .block { parts.append("\(rendered.remoteImagesBlocked) remote image(s) blocked") }
        if let fallback = rendered.fallback { parts.append("shown as plain text: \(describe(fallback))") }
        return parts.joined(separator: ", ")
    }
}
