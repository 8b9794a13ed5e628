import Foundation
import HearthTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A private instance of the rig's fake Google OAuth server (`testenv/rig/lib/oauth.py serve`)
/// on a free loopback port, signing with the rig's key — so Dovecot accepts its tokens — but
/// with its own users, state file and fault switches (`/admin/ttl`, `/admin/revoke-user`).
/// A suite that shortens token lifetimes or revokes grants then cannot disturb another suite
/// using the shared server, and users added to the rig after its server started are known.
final class PrivateOAuthServer: @unchecked Sendable {
    let base: String
    private let process: Process

    private init(base: String, process: Process) { self.base = base; self.process = process }

    static func start(rig: MailRig, users: [String], directory: URL) throws -> PrivateOAuthServer {
        let out = directory.appendingPathComponent("oauth-\(UUID().uuidString).out")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Corpora.repositoryRoot.appendingPathComponent("testenv/rig/lib/oauth.py").path, "serve",
                             "--host", "127.0.0.1", "--port", "0", "--key-dir", rig.directory + "/etc/oauth2-keys",
                             "--state", directory.appendingPathComponent("oauth-state.json").path,
                             "--users", users.joined(separator: " ")]
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = FileHandle.nullDevice
        try process.run()
        // It prints "oauth server on [('127.0.0.1', PORT)]" once listening.
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            let text = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
            if let match = text.firstMatch(of: /'127\.0\.0\.1', (\d+)\)/) {
                return PrivateOAuthServer(base: "http://127.0.0.1:\(match.1)", process: process)
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        process.terminate()
        throw MailRig.RigError.commandFailed("the private OAuth server did not start")
    }

    /// The client file a user would save (docs/security.md), pointing at this server.
    func writeClientFile(to url: URL) throws {
        try JSONSerialization.data(withJSONObject: ["installed": [
            "client_id": "hearth-test", "client_secret": "rig-secret",
            "auth_uri": base + "/o/oauth2/v2/auth", "token_uri": base + "/token"]]).write(to: url)
    }

    /// SIGTERM to the server this object started (by its pid), then at most 3 s.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(3)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}
