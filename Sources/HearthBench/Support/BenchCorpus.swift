import Foundation
import HearthCLI

/// The real mail the benchmarks run on, from `$HEARTH_CORPORA` (`BenchEnvironment`).
enum BenchCorpus {
    /// Every year of the linux-mips archive, oldest first; an error saying what to set when the
    /// corpora folder or the archive in it is missing (the benchmarks run on real mail only).
    static func linuxMips() throws -> [String] {
        let dir = try BenchEnvironment.corpora().appendingPathComponent("bulk-linux-mips")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        let files = names.filter { $0.hasSuffix(".mboxrd.xz") && !$0.contains("index") }.sorted()
        guard !files.isEmpty else {
            throw CLIError.notFound("no linux-mips archive (*.mboxrd.xz) in \(dir.path): set HEARTH_CORPORA to the folder holding bulk-linux-mips")
        }
        return files.map { dir.appendingPathComponent($0).path }
    }
}
