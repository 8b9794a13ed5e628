import Foundation
import HearthApp
import HearthCore
import HearthStore

/// The application context for one CLI invocation: the store opened in the data directory and
/// the adapters the use cases (HearthApp) work with. Commands parse, call a use case, render.
struct Engine {
    let app: AppContext
    var dataDirectory: URL { app.dataDirectory }
    var store: MailStore { app.store }

    /// Opens the mailbox of the data directory. Only commands that set one up (`import`,
    /// `account add`, `serve`'s onboarding, `settings set`) pass `creating: true`; every other
    /// command refuses a data directory without a mailbox, so a mistyped `--data-dir` is an error
    /// (exit 66) instead of a new, empty mailbox at the wrong place.
    static func open(_ options: GlobalOptions, creating: Bool = false) throws -> Engine {
        let directory = try dataDirectory(options, creating: creating)
        return Engine(dataDirectory: directory, store: try MailStore.open(directory: directory))
    }

    /// The resolved data directory; without `creating`, it must already hold a mailbox.
    static func dataDirectory(_ options: GlobalOptions, creating: Bool = false) throws -> URL {
        try dataDirectory(explicit: options.dataDirectory, creating: creating)
    }

    /// `dataDirectory(_:creating:)` for the `--data-dir` value itself (nil: not given).
    static func dataDirectory(explicit: String?, creating: Bool = false) throws -> URL {
        let directory = DataDirectory.resolve(explicit: explicit)
        guard creating || DataDirectory.holdsMailbox(directory) else { throw CLIError.noMailbox(directory) }
        return directory
    }

    /// The context over a store the caller opened (`hearth search` opens a single connection).
    init(dataDirectory directory: URL, store: MailStore) {
        let margin = ProcessInfo.processInfo.environment[Self.oauthRefreshMarginVariable].flatMap(TimeInterval.init) ?? 300
        app = AppContext(dataDirectory: directory, store: store, oauthRefreshMargin: margin)
    }

    /// Seconds before expiry at which an access token is refreshed (default 300). Only worth
    /// changing to watch a refresh happen against a server issuing very short-lived tokens.
    static let oauthRefreshMarginVariable = "HEARTH_OAUTH_REFRESH_MARGIN"

    /// Finds an account by id or e-mail address.
    func account(matching reference: String) throws -> Account {
        do { return try app.account(matching: reference) } catch {
            throw CLIError.notFound("no account \"\(reference)\" (see `hearth accounts`)")
        }
    }
}
