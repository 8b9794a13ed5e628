import Foundation
import HearthCore
import HearthSafety

/// Small standalone pages: messages, the lock screen, the attachment warning
/// (`bare.mustache` around `message`, `lock`, `attachment-warning`).
enum Pages {
    struct BareModel { var title: String; var theme: String; var body: String; var csrfToken: String }

    static func bare(title: String, theme: Theme, body: String, csrfToken: String = "") -> String {
        Templates.render("bare", BareModel(title: title, theme: theme.rawValue, body: body, csrfToken: csrfToken))
    }

    static func message(title: String, text: String, theme: Theme) -> String {
        struct Model { var title: String; var text: String }
        return bare(title: title, theme: theme, body: Templates.render("message", Model(title: title, text: text)))
    }

    static func lock(csrfToken: String, error: String?) -> String {
        struct Model { var csrfToken: String; var error: String? }
        return bare(title: "Locked", theme: .system, body: Templates.render("lock", Model(csrfToken: csrfToken, error: error)), csrfToken: csrfToken)
    }

    static func attachmentWarning(_ attachment: Attachment, _ assessment: AttachmentAssessment, theme: Theme) -> String {
        struct Model { var name: String; var warnings: [String]; var emailID: Int64; var attachmentID: Int64 }
        let model = Model(name: assessment.displayName, warnings: assessment.warnings.map(\.message),
                          emailID: attachment.emailID.rawValue, attachmentID: attachment.id?.rawValue ?? 0)
        return bare(title: "Download \(assessment.displayName)?", theme: theme, body: Templates.render("attachment-warning", model))
    }
}
