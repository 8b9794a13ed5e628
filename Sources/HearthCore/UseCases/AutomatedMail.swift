import Foundation

/// Recognises mail sent by machines rather than people: mailing-list traffic, bulk mail,
/// auto-generated messages (RFC 3834 `Auto-Submitted`) and no-reply senders. Threading uses it to
/// keep alert and newsletter series out of the subject fallback ("CNN Alerts: bush" five weeks
/// running is 28 messages, not one conversation); the categoriser (`HearthAI.BulkMailEvidence`)
/// reads the same header markers through the predicates below, so both agree on what a list
/// header, a bulk precedence or an auto-submitted message is.
public enum AutomatedMail {
    /// Local parts that say nobody reads replies.
    private static let machineLocalParts: Set<String> = [
        "noreply", "no-reply", "no_reply", "donotreply", "do-not-reply", "do_not_reply",
        "mailer-daemon", "postmaster", "bounce", "bounces",
    ]

    /// Lower-cased names of the fields only list software adds: RFC 2369's List-* fields, RFC
    /// 2919's List-Id, and the Mailing-List / X-Mailing-List of older list managers. Any value
    /// counts ("List-Post: NO" is an announcement list, still a list).
    public static let listFieldNames: Set<String> = [
        "list-id", "list-post", "list-unsubscribe", "list-help", "mailing-list", "x-mailing-list",
    ]

    /// `Precedence: bulk | list | junk` (the de-facto marker RFC 3834 §3.1.8 asks responders to honour).
    public static func isBulkPrecedence(_ value: String) -> Bool {
        ["bulk", "list", "junk"].contains(value.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// An `Auto-Submitted` value other than "no" (RFC 3834 §5: "auto-generated", "auto-replied",
    /// "auto-notified", each possibly with parameters).
    public static func isAutoSubmitted(_ value: String) -> Bool {
        let value = value.trimmingCharacters(in: .whitespaces).lowercased()
        return !value.isEmpty && !value.hasPrefix("no")
    }

    public static func isAutomated(_ email: Email, signalHeaders: [HeaderField]) -> Bool {
        isAutomated(listID: email.listID, fromAddress: email.from?.address, signalHeaders: signalHeaders)
    }

    /// The same judgement from stored columns (the store's back-fill of older rows).
    public static func isAutomated(listID: String?, fromAddress: String?, signalHeaders: [HeaderField]) -> Bool {
        if listID != nil { return true }
        for field in signalHeaders {
            let name = field.name.lowercased()
            if listFieldNames.contains(name)
                || (name == "precedence" && isBulkPrecedence(field.value))
                || (name == "auto-submitted" && isAutoSubmitted(field.value)) {
                return true
            }
        }
        return fromAddress.map(isMachineSender) ?? false
    }

    /// A no-reply, bounce or system address (`noreply@`, `no-reply-alerts@`, `mailer-daemon@`):
    /// nobody reads what is sent back to it.
    public static func isMachineSender(_ address: String) -> Bool {
        let address = address.lowercased()
        guard let at = address.firstIndex(of: "@") else { return false }
        let local = String(address[..<at])
        return machineLocalParts.contains(local) || local.hasPrefix("noreply") || local.hasPrefix("no-reply")
            || local.hasPrefix("bounce")
    }
}
