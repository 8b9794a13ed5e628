import HearthIMAP

/// How the sync engine signs in. Secrets are handed in by the caller (from the secret store)
/// for one sync and never stored by the engine.
public struct SyncCredentials: Sendable, CustomStringConvertible {
    /// Produces a current OAuth access token (refreshing it if needed). Called once per
    /// connection, right before AUTHENTICATE, so a long sync never starts with a stale token.
    public typealias TokenProvider = @Sendable () async throws -> String

    enum Secret: Sendable {
        case password(String)
        case oauth(TokenProvider)
    }

    /// The login name; usually the account's address.
    public let user: String
    let secret: Secret

    /// A password or app password (AUTHENTICATE PLAIN, LOGIN as fallback).
    public static func password(user: String, _ password: String) -> SyncCredentials {
        SyncCredentials(user: user, secret: .password(password))
    }

    /// An OAuth 2.0 bearer token, sent with XOAUTH2 (what Gmail requires).
    public static func oauth(user: String, token: @escaping TokenProvider) -> SyncCredentials {
        SyncCredentials(user: user, secret: .oauth(token))
    }

    /// The IMAP credentials for one connection; asks the token provider when OAuth.
    func imapCredentials() async throws(SyncError) -> IMAPCredentials {
        switch secret {
        case .password(let password):
            return .plain(user: user, password: password)
        case .oauth(let provider):
            do {
                return .xoauth2(user: user, accessToken: try await provider())
            } catch is CancellationError {
                throw .cancelled
            } catch {
                throw .tokenUnavailable(String(describing: error))
            }
        }
    }

    /// Never shows the secret.
    public var description: String {
        switch secret {
        case .password: "password(\(user))"
        case .oauth: "oauth(\(user))"
        }
    }
}
