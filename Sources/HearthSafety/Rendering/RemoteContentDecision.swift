import HearthCore

/// Whether a message's remote images load: blocked unless the user chose "Load remote images"
/// for this message, or "Always load remote images" for its sender (spec product §5.4.3).
public enum RemoteContentDecision {
    public static func policy(loadRequestedForMessage: Bool, senderAlwaysAllowed: Bool) -> RemoteImagePolicy {
        loadRequestedForMessage || senderAlwaysAllowed ? .allow : .block
    }

    /// Looks the sender's preference up; an error reading it blocks (fail closed).
    public static func policy(for email: Email, loadRequestedForMessage: Bool,
                              preferences: any RemoteContentPreferences) -> RemoteImagePolicy {
        if loadRequestedForMessage { return .allow }
        guard let sender = email.from?.address else { return .block }
        let always = (try? preferences.alwaysLoadsRemoteContent(from: sender, account: email.accountID)) ?? false
        return policy(loadRequestedForMessage: false, senderAlwaysAllowed: always)
    }
}
