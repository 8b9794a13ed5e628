/// Folder roles, provider-agnostic (spec foundation §5.3). A provider maps its paths onto them.
public enum FolderType: String, Sendable, Codable, CaseIterable {
    case inbox, sent, drafts, trash, spam, archive, starred, custom
}

/// AI category of an email or thread (spec foundation §5.2).
public enum AICategory: String, Sendable, Codable, CaseIterable {
    case primary, social, promotions, updates, forums, uncategorized
}

/// Where a message is in the send pipeline (spec foundation §5.5). `retryWait` is the proposal's
/// offline-queue state between attempts; it is still "queued" from the user's point of view.
public enum SendState: String, Sendable, Codable, CaseIterable {
    case none, queued, sending, retryWait = "retry_wait", failed, sent
}

/// How an account authenticates to its servers.
public enum AuthType: String, Sendable, Codable, CaseIterable {
    /// OAuth 2.0 bearer token (XOAUTH2 / OAUTHBEARER): the only method for Gmail accounts.
    case oauth2
    /// A password or app password over TLS (SASL PLAIN).
    case password
    /// No server at all: a mailbox imported from mbox/Maildir files.
    case local
}

/// The kind of provider, which decides provider quirks (Gmail keeps its own Sent copy, labels).
public enum ProviderKind: String, Sendable, Codable, CaseIterable {
    case gmail, imap, local
}

/// Transport security for a server connection. There is deliberately no plaintext option.
public enum TransportSecurity: String, Sendable, Codable, CaseIterable {
    case implicitTLS = "tls"
    case startTLS = "starttls"
}
