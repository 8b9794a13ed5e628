import ArgumentParser
import Foundation
import HearthCLI
import HearthCore
import HearthOutbox
import HearthSMTP
import HearthStore

/// `hearth-bench send`: against the mail rig (testenv/rig), as erin@example.test:
/// - latency from the end of the undo window (release) to the server's 250 after DATA, for a
///   10 KB and a 5 MB message (spec: < 3 s), median of `--reps`;
/// - throughput of 100 messages queued at once and sent by one queue run (one SMTP session).
/// The Sent-folder APPEND that follows a send is not included (it is IMAP, after the send).
struct BenchSendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send", abstract: "Send latency (10 KB, 5 MB) and queue throughput against the mail rig.")

    @Option(help: "Runs per size; the median is reported.") var reps: Int = 5
    @Option(help: "Messages in the throughput run.") var queue: Int = 100
    @Flag(help: "Print the result as JSON.") var json = false

    struct Result: Encodable {
        struct Latency: Encodable { var bytes: Int; var medianSeconds: Double; var minSeconds: Double; var maxSeconds: Double; var runs: Int }
        var latency: [Latency]
        var queueMessages: Int
        var queueBytesEach: Int
        var queueSeconds: Double
        var queueMessagesPerSecond: Double
    }

    func run() throws {
        let env = try Self.rig()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-bench-send-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = try MailStore.open(at: dir.appendingPathComponent("hearth.sqlite"))
        let user = "erin@example.test"
        let account = try store.create(Account(email: user, displayName: "Erin (bench)", provider: .imap, authType: .password,
                                               smtp: ServerEndpoint(host: "localhost", port: env.port, security: .implicitTLS, extraCAFile: env.ca)))
        guard let accountID = account.id else { throw CLIError.io("account not created") }
        let outbox = Outbox(store: store, mailboxes: nil, credentials: ClosureCredentialProvider { _, _ in .password("erin-pass") },
                            configuration: Outbox.Configuration(undoWindow: .zero))
        func message(_ size: Int, _ label: String) -> ComposedMessage {
            var m = ComposedMessage(from: EmailAddress(name: "Erin", address: user), to: [EmailAddress(address: user)],
                                    subject: "bench send \(label)", body: "Benchmark message.\n")
            // Random bytes, so nothing compresses; base64 makes the message 4/3 of this.
            var generator = SystemRandomNumberGenerator()
            let raw = max(0, size * 3 / 4 - 1200)
            m.attachments = [ComposedAttachment(filename: "payload.bin", mimeType: "application/octet-stream",
                                                data: Data((0..<raw).map { _ in UInt8.random(in: 0...255, using: &generator) }))]
            return m
        }
        var latencies: [Result.Latency] = []
        for (size, label) in [(10_000, "10 KB"), (5_000_000, "5 MB")] {
            var times: [Double] = []
            var bytes = 0
            let template = message(size, label)
            for rep in 1...max(1, reps) {
                let (seconds, size) = try AsyncBridge.run { () async throws -> (Double, Int) in
                    let id = try await outbox.saveDraft(template, account: accountID)
                    let ticket = try await outbox.send(id)
                    let bytes = try store.outboxEntry(id)?.rendered?.count ?? 0
                    let start = ContinuousClock.now
                    guard try await outbox.release(ticket.id) else { throw CLIError.io("not released") }
                    let outcome = await outbox.processQueue()[id]
                    guard outcome == .sent else { throw CLIError.io("send failed: \(String(describing: outcome))") }
                    return ((ContinuousClock.now - start).benchSeconds, bytes)
                }
                bytes = size
                times.append(seconds)
                StandardStreams.err(String(format: "bench: %@ run %d: %.3f s", label, rep, seconds))
            }
            latencies.append(.init(bytes: bytes, medianSeconds: Self.median(times), minSeconds: times.min() ?? 0,
                                   maxSeconds: times.max() ?? 0, runs: times.count))
        }
        let count = max(1, queue)
        let template = message(10_000, "queue")
        let (queueSeconds, eachBytes) = try AsyncBridge.run { () async throws -> (Double, Int) in
            var ids: [EmailID] = []
            for _ in 0..<count {
                let id = try await outbox.saveDraft(template, account: accountID)
                _ = try await outbox.send(id)
                _ = try await outbox.release(id)
                ids.append(id)
            }
            let bytes = try store.outboxEntry(ids[0])?.rendered?.count ?? 0
            let start = ContinuousClock.now
            let outcomes = await outbox.processQueue()
            let seconds = (ContinuousClock.now - start).benchSeconds
            let sent = ids.filter { outcomes[$0] == .sent }.count
            guard sent == count else { throw CLIError.io("only \(sent) of \(count) sent") }
            return (seconds, bytes)
        }
        let result = Result(latency: latencies, queueMessages: count, queueBytesEach: eachBytes, queueSeconds: queueSeconds,
                            queueMessagesPerSecond: Double(count) / queueSeconds)
        if json {
            StandardStreams.out(try JSONOutput.render("bench.send", result))
        } else {
            for l in result.latency {
                StandardStreams.out(String(format: "release → 250 after DATA, %@: median %.3f s (min %.3f, max %.3f, %d runs)",
                                           TextRendering.byteCount(l.bytes), l.medianSeconds, l.minSeconds, l.maxSeconds, l.runs))
            }
            StandardStreams.out(String(format: "queue of %d × %@: %.2f s, %.1f messages/s (one SMTP session)",
                                       count, TextRendering.byteCount(eachBytes), queueSeconds, result.queueMessagesPerSecond))
        }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// The rig's implicit-TLS submission port and CA from its env file.
    static func rig() throws -> (port: Int, ca: String) {
        let values = try BenchEnvironment.rigValues()
        guard let port = values["RIG_SUBMISSIONS_PORT"].flatMap(Int.init), let ca = values["RIG_CA"] else {
            throw CLIError.invalidInput("the rig environment has no RIG_SUBMISSIONS_PORT / RIG_CA: start the rig: testenv/rig/rig up")
        }
        return (port, ca)
    }
}

private extension Duration {
    var benchSeconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
