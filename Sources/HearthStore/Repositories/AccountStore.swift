import Foundation
import GRDB
import HearthCore

extension MailStore: AccountRepository {
    public func create(_ account: Account) throws(StoreError) -> Account {
        try write { db in
            let names = Account.columns.split(separator: ",").dropFirst()
                .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            try db.execute(
                sql: "INSERT INTO account (\(names.joined(separator: ", "))) VALUES (\(Array(repeating: "?", count: names.count).joined(separator: ", ")))",
                arguments: account.columnValues)
            var stored = account
            stored.id = AccountID(db.lastInsertedRowID)
            return stored
        }
    }

    public func account(_ id: AccountID) throws(StoreError) -> Account? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT \(Account.columns) FROM account WHERE id = ?",
                             arguments: [id.rawValue]).map(Account.init(row:))
        }
    }

    public func accounts() throws(StoreError) -> [Account] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT \(Account.columns) FROM account ORDER BY id")
                .map(Account.init(row:))
        }
    }

    public func update(_ account: Account) throws(StoreError) {
        guard let id = account.id else { throw .notFound("account without id") }
        try write { db in
            let names = Account.columns.split(separator: ",").dropFirst()
                .map { "\($0.trimmingCharacters(in: .whitespacesAndNewlines)) = ?" }
            var arguments = account.columnValues
            arguments += [id.rawValue]
            try db.execute(sql: "UPDATE account SET \(names.joined(separator: ", ")) WHERE id = ?",
                           arguments: arguments)
            if db.changesCount == 0 { throw StoreError.notFound("account \(id)") }
        }
    }

    /// Deletes the account; foreign keys cascade to its folders, emails (and through them
    /// email_folder, attachments, sources, search_index), threads, thread nodes, thread_folder
    /// rows and contacts, in one statement.
    public func delete(_ id: AccountID) throws(StoreError) {
        try write { db in
            try db.execute(sql: "DELETE FROM account WHERE id = ?", arguments: [id.rawValue])
            if db.changesCount == 0 { throw StoreError.notFound("account \(id)") }
        }
    }
}
