import Foundation

/// Recognises mail sent by machines rather than people: mailing-list traffic, bulk mail,
/// auto-generated messages (RFC 3834 `Auto-Submitted`) and no-reply senders. Threading uses it to
/// keep alert and newsletter series out of the subject fallback ("CNN Alerts: bush" five weeks
/// running is 28 messages, not one conversation).
public enum AutomatedMail {
    /// Local parts that say nobody reads replies.
    private static let machineLocalParts: Set<String> = [
        "noreply", "no-reply", "no_reply", "donotreply", "do-not-reply", "do_not_reply",
        "mailer-daemon", "postmaster", "bounce", "bounces",
    ]

    public static func isAutomated(_ email: Email, signalHeaders: [HeaderField]) -> Bool {
        isAutomated(listID: email.listID, fromAddress: email.from?.address, signalHeaders: signalHeaders)
    }

    /// The same judgement from stored columns (the store's back-fill of older rows).
    public static func isAutomated(listID: String?, fromAddress: String?, signalHeaders: [HeaderField]) -> Bool {
        if listID != nil { return true }
        for field in signalHeaders {
            let value = field.value.trimmingCharacters(in: .whitespaces).lowercased()
            switch field.name.lowercased() {
            case "list-id", "list-post", "list-unsubscribe", "mailing-list", "x-mailing-list":
                return true
            case "precedence" where ["bulk", "list", "junk"].contains(value):
                return true
            case "auto-submitted" where !value.isEmpty && !value.hasPrefix("no"):
                return true
            default:
                continue
            }
        }
        guard let address = fromAddress?.lowercased(), let at = address.firstIndex(of: "@") else { return false }
        let local = String(address[..<at])
        return machineLocalParts.contains(local) || local.hasPrefix("noreply") || local.hasPrefix("no-reply")
            || local.hasPrefix("bounce")
    }
}
