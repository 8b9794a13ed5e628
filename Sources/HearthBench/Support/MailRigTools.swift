import ArgumentParser
import Foundation
import HearthCLI
import HearthCore
import HearthIMAP
import HearthStore
import HearthSync
#if canImport(Glibc)
import Glibc
#endif

/// Rig endpoints: the `RIG_*` variables of a sourced env file, or the `export NAME=value  # comment`
/// lines of the file `$RIG_ENV_FILE` names (`BenchEnvironment.rigValues`).
struct RigEnvironment {
    var host: String
    var imapsPort: Int
    var caFile: String

    static func load() throws -> RigEnvironment {
        let values = try BenchEnvironment.rigValues()
        guard let port = values["RIG_IMAPS_PORT"].flatMap(Int.init), let ca = values["RIG_CA"] else {
            throw CLIError.invalidInput("the rig environment has no RIG_IMAPS_PORT / RIG_CA: start the rig: testenv/rig/rig up")
        }
        return RigEnvironment(host: values["RIG_HOST"] ?? "127.0.0.1", imapsPort: port, caFile: ca)
    }

    static func parse(_ text: String) -> [String: String] {
        var values: [String: String] = [:]
        for raw in text.split(separator: "\n") {
            var line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.hasPrefix("#") else { continue }
            if line.hasPrefix("export ") { line.removeFirst("export ".count) }
            guard let eq = line.firstIndex(of: "=") else { continue }
            let name = String(line[..<eq])
            var value = String(line[line.index(after: eq)...])
            if value.hasPrefix("\"") {
                value.removeFirst()
                value = String(value.prefix { $0 != "\"" })
            } else {
                value = String(value.prefix { $0 != " " && $0 != "\t" && $0 != "#" })
            }
            values[name] = value
        }
        return values
    }
}

/// Runs the rig script and reads mailbox state through `rig doveadm`.
struct RigTool {
    let path: String

    @discardableResult
    func run(_ arguments: [String], check: Bool = true) throws -> String {
        let (status, text) = try ChildProcess.capture(path, arguments)
        if check && status != 0 {
            throw CLIError.io("rig \(arguments.joined(separator: " ")) failed (\(status)): \(text.suffix(500))")
        }
        return text
    }

    func status(user: String, folder: String, field: String) throws -> Int {
        let text = try run(["doveadm", "mailbox", "status", "-u", user, field, folder])
        guard let value = text.split(separator: "=").last.flatMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) else {
            throw CLIError.io("cannot read \(field) of \(folder): \(text)")
        }
        return value
    }

    /// Messages in every folder of the account (what a whole-account sync fetches).
    func accountMessages(user: String) throws -> Int {
        let list = try run(["doveadm", "mailbox", "list", "-u", user])
        return try list.split(separator: "\n").map { String($0).trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .reduce(0) { $0 + (try status(user: user, folder: $1, field: "messages")) }
    }
}

/// The mbsync set-up of testenv/rig/bench/anchors.py: IMAPS to `localhost` with the rig CA,
/// PLAIN, `FSync no`, here with `Patterns *` (the whole account, like Hearth).
enum MbsyncConfig {
    static func write(to url: URL, env: RigEnvironment, user: String, password: String, maildir: String) throws {
        let text = """
        FSync no

        IMAPAccount rig
        Host localhost
        Port \(env.imapsPort)
        User \(user)
        Pass \(password)
        SSLType IMAPS
        CertificateFile \(env.caFile)
        AuthMechs PLAIN
        PipelineDepth 50

        IMAPStore rig-remote
        Account rig

        MaildirStore rig-local
        Path \(maildir)/
        Inbox \(maildir)/INBOX
        SubFolders Verbatim

        Channel rig
        Far :rig-remote:
        Near :rig-local:
        Patterns *
        Create Near
        SyncState *

        """
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// Files in every `cur/` and `new/` under the maildir root.
    static func countMessages(in root: String) -> Int {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return 0 }
        var count = 0
        while let path = walker.nextObject() as? String {
            let parent = (path as NSString).deletingLastPathComponent
            let last = (parent as NSString).lastPathComponent
            if last == "cur" || last == "new" { count += 1 }
        }
        return count
    }
}
