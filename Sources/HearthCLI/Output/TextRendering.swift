import Foundation
import HearthApp
import HearthCore

/// Human-readable rendering of the CLI's results. Kept apart from the commands so the web app
/// and tests can rely on the JSON forms, and this can change freely.
package enum TextRendering {
    static func shortDate(_ date: Date, now: Date = Date()) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        let calendar = Calendar.current
        if calendar.isDate(date, inSameDayAs: now) {
            formatter.dateFormat = "HH:mm"
        } else if calendar.component(.year, from: date) == calendar.component(.year, from: now) {
            formatter.dateFormat = "MMM d"
        } else {
            formatter.dateFormat = "yyyy-MM-dd"
        }
        return formatter.string(from: date)
    }

    static func fullDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE, d MMM yyyy HH:mm ZZZZZ"
        return formatter.string(from: date)
    }

    /// Pads or cuts to exactly `width` characters.
    package static func fit(_ text: String, _ width: Int) -> String {
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        if flat.count > width { return String(flat.prefix(max(0, width - 1))) + "…" }
        return flat + String(repeating: " ", count: width - flat.count)
    }

    static func senders(_ thread: MailThread) -> String {
        let names = thread.participants.map(\.displayName)
        switch names.count {
        case 0: return "(no sender)"
        case 1: return names[0]
        case 2: return "\(names[0]), \(names[1])"
        default: return "\(names[0]) … \(names[names.count - 1])"
        }
    }

    static func threadLine(_ thread: MailThread) -> String {
        let unread = thread.unreadCount > 0 ? "●" : " "
        let star = thread.isStarred ? "★" : " "
        let clip = thread.hasAttachments ? "@" : " "
        let count = thread.messageCount > 1 ? " (\(thread.messageCount))" : ""
        let id = String(thread.id?.rawValue ?? 0)
        return "\(fit(id, 7)) \(unread)\(star)\(clip) \(fit(shortDate(thread.latestDate), 10)) "
            + "\(fit(senders(thread) + count, 26)) \(fit(thread.subject.isEmpty ? "(no subject)" : thread.subject, 50))"
    }

    static func message(_ email: Email, attachments: [Attachment]) -> String {
        var lines: [String] = []
        lines.append("From:    \(email.from?.formatted ?? "(unknown)")")
        if !email.to.isEmpty { lines.append("To:      \(email.to.map(\.formatted).joined(separator: ", "))") }
        if !email.cc.isEmpty { lines.append("Cc:      \(email.cc.map(\.formatted).joined(separator: ", "))") }
        lines.append("Date:    \(fullDate(email.sortDate))")
        lines.append("Subject: \(email.subject)")
        for a in attachments {
            lines.append("Attachment: \(a.filename) (\(a.mimeType), \(byteCount(a.sizeBytes)))\(a.isInline ? " inline" : "")")
        }
        lines.append("")
        if let text = email.bodyPlain, !text.isEmpty {
            lines.append(text)
        } else if email.bodyHTML != nil {
            lines.append("[HTML only] \(email.snippet)")
        } else {
            lines.append("(no text)")
        }
        return lines.joined(separator: "\n")
    }

    /// A time still to wait, worded as the web app's smart-search line words it.
    package static func timeLeft(_ seconds: Double) -> String { SmartSearchProgress.Status.timeLeft(seconds) }

    package static func byteCount(_ bytes: Int) -> String {
        ByteCountFormatter.string(fromByteCount: Int64(bytes), countStyle: .file)
    }
}
