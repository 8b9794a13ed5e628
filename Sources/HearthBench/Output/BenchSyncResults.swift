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

struct BenchSyncMeasurement: Codable {
    var seconds: Double
    var peakRSSBytes: Int64
    /// Messages stored by this run (Hearth: inserted + linked; mbsync: new maildir files).
    var messages: Int
    /// Hearth only: the sync inside the child (store open → sync done), without process start.
    var syncSeconds: Double? = nil
    var first50ThreadsSeconds: Double? = nil
}

struct BenchSyncRun: Codable {
    var hearthFull: BenchSyncMeasurement?
    var mbsyncFull: BenchSyncMeasurement?
    var hearthIncremental: BenchSyncMeasurement?
    var mbsyncIncremental: BenchSyncMeasurement?

    var summary: String {
        func f(_ name: String, _ m: BenchSyncMeasurement?) -> String? {
            m.map { String(format: "%@ %.2f s (%d msgs)", name, $0.seconds, $0.messages) }
        }
        return [f("hearth full", hearthFull), f("mbsync full", mbsyncFull),
                f("hearth +10", hearthIncremental), f("mbsync +10", mbsyncIncremental)]
            .compactMap { $0 }.joined(separator: ", ")
    }
}

/// Medians of one operation over the repetitions.
struct BenchSyncOperation: Encodable {
    let runs: Int
    let messages: Int
    let medianSeconds: Double
    let minSeconds: Double
    let maxSeconds: Double
    let messagesPerSecond: Double
    let medianPeakRSSMB: Double
    let medianFirst50ThreadsSeconds: Double?

    init?(_ all: [BenchSyncMeasurement?]) {
        let ms = all.compactMap { $0 }
        guard !ms.isEmpty else { return nil }
        runs = ms.count
        messages = Int(Statistics.median(ms.map { Double($0.messages) }))
        medianSeconds = Statistics.median(ms.map(\.seconds))
        minSeconds = ms.map(\.seconds).min() ?? 0
        maxSeconds = ms.map(\.seconds).max() ?? 0
        messagesPerSecond = medianSeconds > 0 ? Double(messages) / medianSeconds : 0
        medianPeakRSSMB = Statistics.median(ms.map { Double($0.peakRSSBytes) / 1_048_576 })
        let first = ms.compactMap(\.first50ThreadsSeconds)
        medianFirst50ThreadsSeconds = first.isEmpty ? nil : Statistics.median(first)
    }
}

struct BenchSyncSizeResult: Encodable {
    let seeded: Int
    let folder: String
    /// Messages in the whole account on the server (what a full sync fetches).
    let accountMessages: Int
    let runs: [BenchSyncRun]

    var hearthFull: BenchSyncOperation? { BenchSyncOperation(runs.map(\.hearthFull)) }
    var mbsyncFull: BenchSyncOperation? { BenchSyncOperation(runs.map(\.mbsyncFull)) }
    var hearthIncremental: BenchSyncOperation? { BenchSyncOperation(runs.map(\.hearthIncremental)) }
    var mbsyncIncremental: BenchSyncOperation? { BenchSyncOperation(runs.map(\.mbsyncIncremental)) }
    /// Hearth wall time / mbsync wall time (< 1: Hearth is faster).
    var fullRatio: Double? { ratio(hearthFull, mbsyncFull) }
    var incrementalRatio: Double? { ratio(hearthIncremental, mbsyncIncremental) }

    private func ratio(_ a: BenchSyncOperation?, _ b: BenchSyncOperation?) -> Double? {
        guard let a, let b, b.medianSeconds > 0 else { return nil }
        return a.medianSeconds / b.medianSeconds
    }

    enum CodingKeys: String, CodingKey {
        case seeded, folder, accountMessages, hearthFull, mbsyncFull, hearthIncremental, mbsyncIncremental
        case fullRatio, incrementalRatio, runs
    }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(seeded, forKey: .seeded); try c.encode(folder, forKey: .folder)
        try c.encode(accountMessages, forKey: .accountMessages)
        try c.encodeIfPresent(hearthFull, forKey: .hearthFull); try c.encodeIfPresent(mbsyncFull, forKey: .mbsyncFull)
        try c.encodeIfPresent(hearthIncremental, forKey: .hearthIncremental)
        try c.encodeIfPresent(mbsyncIncremental, forKey: .mbsyncIncremental)
        try c.encodeIfPresent(fullRatio, forKey: .fullRatio)
        try c.encodeIfPresent(incrementalRatio, forKey: .incrementalRatio)
        try c.encode(runs, forKey: .runs)
    }
}

struct BenchSyncResult: Encodable {
    let user: String
    let date: String
    let sizes: [BenchSyncSizeResult]

    var table: String {
        var lines: [String] = []
        for size in sizes {
            lines.append("sync of \(user): \(size.seeded) seeded in \(size.folder), \(size.accountMessages) in the account, medians of \(size.runs.count) run(s)")
            lines.append("operation          msgs  seconds (min-max)     msgs/s  peak RSS  first 50 threads")
            func row(_ name: String, _ op: BenchSyncOperation?) {
                guard let op else { return }
                let first = op.medianFirst50ThreadsSeconds.map { String(format: "%.2f s", $0) } ?? "-"
                lines.append(TextRendering.fit(name, 16) + String(format: " %6d %8.2f (%.2f-%.2f) %8.0f %6.0f MB  ",
                    op.messages, op.medianSeconds, op.minSeconds, op.maxSeconds, op.messagesPerSecond, op.medianPeakRSSMB) + first)
            }
            row("hearth full", size.hearthFull)
            row("mbsync full", size.mbsyncFull)
            row("hearth +10", size.hearthIncremental)
            row("mbsync +10", size.mbsyncIncremental)
            if let r = size.fullRatio { lines.append(String(format: "hearth/mbsync wall time, full: %.2f", r)) }
            if let r = size.incrementalRatio { lines.append(String(format: "hearth/mbsync wall time, +10: %.2f", r)) }
            lines.append("")
        }
        return lines.joined(separator: "\n").trimmingCharacters(in: .newlines)
    }
}
