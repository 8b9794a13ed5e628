import Foundation
import HearthCore
import HearthTestSupport
import Testing
@testable import HearthSecurity

/// Backend choice: environment override, the recorded choice, and the automatic probe.
@Suite("SecretStores.default")
struct SecretStoresTests {
    @Test func withoutASessionBusTheFileStoreIsChosenAndRecorded() throws {
        let root = try Corpora.temporaryDirectory("hearth-secretstores")
        defer { try? FileManager.default.removeItem(at: root) }
        let environment = [SecretKeyFile.environmentOverride: root.appendingPathComponent("key").path]
        let selection = try SecretStores.select(dataDirectory: root, environment: environment)
        #expect(selection.backend == .file)
        #expect(selection.reason.contains("D-Bus"))
        #expect(try SecretStores.recordedBackend(dataDirectory: root) == .file)
        let store = try SecretStores.default(dataDirectory: root, environment: environment)
        let key = SecretKey(accountEmail: "ivan@example.test", kind: .password)
        try store.save(Data("ivan-pass".utf8), for: key)
        #expect(try FileSecretStore(dataDirectory: root, environment: environment).load(key) == Data("ivan-pass".utf8))
    }

    @Test func aRecordedKeyringThatIsGoneFailsLoudly() throws {
        let root = try Corpora.temporaryDirectory("hearth-secretstores")
        defer { try? FileManager.default.removeItem(at: root) }
        try PrivateFile.writeAtomically(Data("secret-service\n".utf8), to: root.appendingPathComponent(SecretStores.recordFileName))
        do {
            _ = try SecretStores.select(dataDirectory: root, environment: [:])
            Issue.record("expected configuredBackendUnavailable")
        } catch let error as SecretStoreError {
            guard case .configuredBackendUnavailable(let backend, let record, _) = error else {
                Issue.record("unexpected \(error)"); return
            }
            #expect(backend.contains("keyring"))
            #expect(record.hasSuffix(SecretStores.recordFileName))
        }
    }

    @Test func theEnvironmentOverrideWins() throws {
        let root = try Corpora.temporaryDirectory("hearth-secretstores")
        defer { try? FileManager.default.removeItem(at: root) }
        try PrivateFile.writeAtomically(Data("secret-service\n".utf8), to: root.appendingPathComponent(SecretStores.recordFileName))
        let selection = try SecretStores.select(dataDirectory: root, environment: [SecretStores.environmentOverride: "file"])
        #expect(selection.backend == .file)
        #expect(throws: SecretStoreError.self) {
            try SecretStores.select(dataDirectory: root, environment: [SecretStores.environmentOverride: "vault"])
        }
    }
}
