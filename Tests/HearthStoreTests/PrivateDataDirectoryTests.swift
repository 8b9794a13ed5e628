import Foundation
import HearthCore
import HearthStore
import HearthTestSupport
import Testing

/// The data directory is 0700 and the database files 0600 whatever the umask (022 here); `$HOME` and the
/// XDG variables decide where the data directory is.
@Suite struct PrivateDataDirectoryTests {
    static func mode(_ path: String) throws -> Int {
        try #require((try FileManager.default.attributesOfItem(atPath: path))[.posixPermissions] as? Int)
    }

    @Test func aNewStoreIsPrivateEvenUnderAPermissiveUmask() throws {
        let parent = try Corpora.temporaryDirectory("hearth-private")
        defer { try? FileManager.default.removeItem(at: parent) }
        let directory = parent.appendingPathComponent("nested/data")
        // Under the usual umask 022, files were 0644 and the folder 0755 before.
        let store = try MailStore.open(directory: directory)
        _ = try store.create(Account(email: "me@example.org", displayName: "Me", provider: .local, authType: .local))
        #expect(try Self.mode(directory.path) == 0o700)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("hearth.sqlite") }
        #expect(files.contains("hearth.sqlite") && files.contains("hearth.sqlite-wal"), "\(files)")
        for file in files {
            #expect(try Self.mode(directory.appendingPathComponent(file).path) == 0o600, "\(file)")
        }
    }

    @Test func anExistingWorldReadableStoreIsTightenedWhenOpened() throws {
        let directory = try Corpora.temporaryDirectory("hearth-private")
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = DataDirectory.databaseURL(in: directory).path
        // What earlier versions left behind: 0644 in 0755 (an empty file is an empty SQLite database).
        #expect(FileManager.default.createFile(atPath: database, contents: nil, attributes: [.posixPermissions: 0o644]))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        _ = try HearthDatabase.openSingleConnection(directory: directory)
        #expect(try Self.mode(database) == 0o600)
        #expect(try Self.mode(directory.path) == 0o700)
    }

    @Test func homeAndXDGVariablesDecideTheDefaultLocation() {
        #expect(DataDirectory.resolve(explicit: nil, environment: ["HOME": "/home/elsewhere"]).path
                == "/home/elsewhere/.local/share/hearth")
        #expect(DataDirectory.resolve(explicit: nil, environment: ["HOME": "/h", "XDG_DATA_HOME": "/x/data"]).path == "/x/data/hearth")
        // The XDG spec: a relative path in the variable is ignored.
        #expect(DataDirectory.resolve(explicit: nil, environment: ["HOME": "/h", "XDG_DATA_HOME": "rel/data"]).path
                == "/h/.local/share/hearth")
        #expect(DataDirectory.resolve(explicit: "~/mail", environment: ["HOME": "/home/elsewhere"]).path == "/home/elsewhere/mail")
        #expect(UserDirectories.configHome(environment: ["HOME": "/h"]).path == "/h/.config")
        #expect(UserDirectories.cacheHome(environment: ["HOME": "/h", "XDG_CACHE_HOME": "/c"]).path == "/c")
    }

    @Test func holdsMailboxOnlyWhereADatabaseIs() throws {
        let directory = try Corpora.temporaryDirectory("hearth-private")
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(!DataDirectory.holdsMailbox(directory))
        #expect(!DataDirectory.holdsMailbox(directory.appendingPathComponent("missing")))
        _ = try MailStore.open(directory: directory)
        #expect(DataDirectory.holdsMailbox(directory))
    }
}
