import Foundation
import HearthCore
import Testing
@testable import HearthSecurity

/// The libsecret adapter against a real gnome-keyring. Runs when the process already sits on a
/// session bus with an unlocked keyring and HEARTH_KEYRING_TEST=1: `scripts/test-keyring.sh`
/// starts `dbus-run-session`, unlocks a throwaway login keyring (its own HOME) and runs this
/// suite. Not started from inside the test process on purpose: libsecret binds the session bus
/// from the environment once per process, and changing the environment of a running test
/// process that other suites share is not safe.
@Suite("SecretServiceStore (gnome-keyring)",
       .enabled(if: ProcessInfo.processInfo.environment["HEARTH_KEYRING_TEST"] == "1",
                "set by scripts/test-keyring.sh (dbus-run-session + gnome-keyring)"),
       .serialized, .timeLimit(.minutes(1)))
struct SecretServiceStoreTests {
    @Test func keyringIsReachableAndChosenByDefault() throws {
        #expect(SecretServiceStore.availability() == .ready)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-keyring-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let selection = try SecretStores.select(dataDirectory: root)
        #expect(selection.backend == .secretService)
        #expect(try SecretStores.recordedBackend(dataDirectory: root) == .secretService)
    }

    @Test func roundTripBinaryDeleteAndDeleteAll() throws {
        let store = SecretServiceStore()
        let kate = SecretKey(accountEmail: "kate@gmail.test", kind: .oauthRefreshToken)
        let kateAccess = SecretKey(accountEmail: "kate@gmail.test", kind: .oauthAccessToken)
        let ivan = SecretKey(accountEmail: "ivan@example.test", kind: .password)
        try store.deleteEverything()
        #expect(try store.load(kate) == nil)
        try store.save(Data("1//refresh".utf8), for: kate)
        try store.save(Data("ya29.access".utf8), for: kateAccess)
        let binary = Data((0...255).map { UInt8($0) })
        try store.save(binary, for: ivan)
        #expect(try store.load(kate) == Data("1//refresh".utf8))
        #expect(try store.load(ivan) == binary, "binary secrets round-trip unchanged")
        try store.save(Data("1//second".utf8), for: kate)
        #expect(try store.load(kate) == Data("1//second".utf8), "a save replaces, never duplicates")
        try store.delete(kateAccess)
        #expect(try store.load(kateAccess) == nil)
        try store.deleteAll(accountEmail: "kate@gmail.test")
        #expect(try store.load(kate) == nil)
        #expect(try store.load(ivan) == binary, "other accounts are untouched")
        try store.save(Data(), for: kate)
        #expect(try store.load(kate) == Data(), "an empty secret is stored as empty")
        try store.deleteEverything()
        #expect(try store.load(ivan) == nil)
    }
}
