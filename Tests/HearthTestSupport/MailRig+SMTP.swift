import Foundation

/// The rig's SMTP side: submission ports (direct and through the fault proxy) and the relay
/// sink's record of every accepted submission (`$RIG_DIR/outbox/NNNNNN.eml` + `.json`).
/// Send tests use gina@gmail.test (OAuth) and erin@example.test / erin-pass only.
extension MailRig {
    public var submissionsPort: Int { Int(values["RIG_SUBMISSIONS_PORT"] ?? "") ?? (portBase + 465) }
    public var submissionPort: Int { Int(values["RIG_SUBMISSION_PORT"] ?? "") ?? (portBase + 587) }
    public var proxySubmissionsPort: Int { Int(values["RIG_PROXY_SUBMISSIONS_PORT"] ?? "") ?? (portBase + 1465) }
    public var proxySubmissionPort: Int { Int(values["RIG_PROXY_SUBMISSION_PORT"] ?? "") ?? (portBase + 1587) }
    public var sinkDirectory: URL { URL(fileURLWithPath: directory).appendingPathComponent("outbox") }

    /// One submission as the sink recorded it.
    public struct SinkRecord: Sendable {
        public var sequence: Int
        public var mailFrom: String
        public var recipients: [String]
        public var status: String
        public var raw: Data
    }

    /// The highest sequence number recorded so far (0 when none): take it before a test sends,
    /// then look only at later records.
    public func sinkHighWaterMark() -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sinkDirectory.path)) ?? []
        return names.compactMap { $0.hasSuffix(".json") ? Int($0.dropLast(5)) : nil }.max() ?? 0
    }

    /// Records after `mark` whose message contains `needle` (e.g. a Message-ID).
    public func sinkRecords(after mark: Int, containing needle: String) -> [SinkRecord] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sinkDirectory.path)) ?? []
        let sequences = names.compactMap { $0.hasSuffix(".json") ? Int($0.dropLast(5)) : nil }.filter { $0 > mark }.sorted()
        return sequences.compactMap { sequence in
            let base = sinkDirectory.appendingPathComponent(String(format: "%06d", sequence))
            guard let raw = try? Data(contentsOf: base.appendingPathExtension("eml")),
                  raw.range(of: Data(needle.utf8)) != nil,
                  let json = try? Data(contentsOf: base.appendingPathExtension("json")),
                  let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else { return nil }
            return SinkRecord(sequence: sequence, mailFrom: object["mail_from"] as? String ?? "",
                              recipients: object["rcpt_to"] as? [String] ?? [], status: object["status"] as? String ?? "",
                              raw: raw)
        }
    }

    /// Waits (bounded) until the sink has recorded a message containing `needle`.
    public func waitForSink(after mark: Int, containing needle: String, timeout: Double = 20) async throws -> SinkRecord? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let record = sinkRecords(after: mark, containing: needle).first { return record }
            try await Task.sleep(for: .milliseconds(100))
        }
        return nil
    }

    /// UIDs of the messages in `user`'s `mailbox` whose Message-ID header contains `messageID`.
    public func uids(user: String, mailbox: String, messageID: String) throws -> [Int] {
        let out = try run(["doveadm", "search", "-u", user, "mailbox", mailbox, "header", "Message-ID", messageID])
        return out.split(separator: "\n").compactMap { line in line.split(separator: " ").last.flatMap { Int($0) } }
    }

    /// The raw text of one message (`doveadm fetch text`).
    public func fetchText(user: String, mailbox: String, uid: Int) throws -> String {
        try run(["doveadm", "fetch", "-u", user, "text", "mailbox", mailbox, "uid", String(uid)])
    }

    /// Waits (bounded) for a message with this Message-ID to arrive in `user`'s `mailbox`.
    public func waitForMessage(user: String, mailbox: String, messageID: String, timeout: Double = 20) async throws -> Int? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let uid = try uids(user: user, mailbox: mailbox, messageID: messageID).first { return uid }
            try await Task.sleep(for: .milliseconds(200))
        }
        return nil
    }
}
