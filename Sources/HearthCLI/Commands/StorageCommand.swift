import ArgumentParser
import Foundation
import HearthAI
import HearthApp
import HearthCore
import HearthStore

/// `hearth storage [--clear-cache [--yes]]`: per-account breakdown and total (spec §8.3), with
/// the 2 GB / 5 GB warnings; clearing the cache shows what it frees before doing it.
struct StorageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storage", abstract: "Show storage use per account; clear the cache.")
    @OptionGroup var global: GlobalOptions
    @Flag(help: "Remove downloaded attachments, search embeddings and cached summaries (emails and accounts are kept).") var clearCache = false
    @Flag(help: "With --clear-cache: do it (without it, only show what would be freed).") var yes = false

    static var modelDirectory: URL { ModelManager.defaultDirectory }

    struct Output: Encodable {
        let report: StorageReport
        let warnings: [String]
        let cache: CacheClearing?
        let cacheCleared: Bool
    }

    func run() throws {
        try reportingErrors(json: global.json) {
            let storage = Storage(try Engine.open(global).app)
            var cache: CacheClearing?
            if clearCache {
                cache = try AppErrors.mapping { yes ? try storage.clearCache() : try storage.cachePreview() }
            }
            let report = try AppErrors.mapping { try storage.report() }
            if global.json {
                StandardStreams.out(try JSONOutput.render("storage", Output(report: report, warnings: report.warnings, cache: cache, cacheCleared: clearCache && yes)))
                return
            }
            let f = StorageReport.format
            for a in report.accounts {
                StandardStreams.out("\(a.email)\t\(f(a.totalBytes))\temails \(f(a.emailBytes)) (\(a.messages))\tattachments \(f(a.attachmentBytes))\tsearch index \(f(a.searchIndexBytes))\tvectors \(f(a.vectorBytes))")
            }
            StandardStreams.out("total\t\(f(report.totalBytes)) (AI models \(f(report.modelBytes)))")
            for warning in report.warnings { StandardStreams.out("warning: \(warning)") }
            if let cache {
                let verb = yes ? "Freed" : "Clear cache would free"
                StandardStreams.out("\(verb) \(f(cache.totalBytes)): \(cache.attachmentFiles) attachments (\(f(cache.attachmentBytes))), \(cache.embeddings) embeddings (\(f(cache.embeddingBytes))), \(cache.summaries) summaries (\(f(cache.summaryBytes))). Emails and accounts are kept." + (yes ? "" : " Run again with --yes to clear."))
            }
        }
    }
}
