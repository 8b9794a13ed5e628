import Foundation
import HearthCore
import HearthStore

/// The adapters wired together for one CLI invocation: the store opened in the data directory.
/// This is the only place the CLI names concrete adapter types.
struct Engine {
    let dataDirectory: URL
    let store: MailStore

    static func open(_ options: GlobalOptions) throws -> Engine {
        let directory = DataDirectory.resolve(explicit: options.dataDirectory)
        let store = try MailStore.open(directory: directory)
        return Engine(dataDirectory: directory, store: store)
    }

    /// Finds an account by id or e-mail address.
    func account(matching reference: String) throws -> Account {
        let all = try store.accounts()
        if let id = Int64(reference), let match = all.first(where: { $0.id?.rawValue == id }) { return match }
        if let match = all.first(where: { $0.email.caseInsensitiveCompare(reference) == .orderedSame }) { return match }
        throw CLIError.notFound("no account \"\(reference)\" (see `hearth accounts`)")
    }
}
