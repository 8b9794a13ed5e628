import Foundation

/// Locates the shared test corpora (`../shared/corpora` beside the repository). They are never
/// copied into the repository; tests that need them are skipped, saying so, when absent.
public enum Corpora {
    /// The repository root, found from this file's path (Tests/HearthTestSupport/Corpora.swift).
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `HEARTH_CORPORA` overrides the default `../shared/corpora`.
    public static let root: URL = {
        if let env = ProcessInfo.processInfo.environment["HEARTH_CORPORA"], !env.isEmpty {
            return URL(fileURLWithPath: env)
        }
        return repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpora")
    }()

    public static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: root.path)
    }

    /// The message a skipped test gives.
    public static let skipReason = "skipped: ../shared/corpora not present"

    /// A folder of the corpora, e.g. `Corpora.url("mime-imaptools")`.
    public static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// Every regular file below `folder` whose name passes `include`, sorted by path.
    public static func files(in folder: String, where include: (URL) -> Bool = { _ in true }) -> [URL] {
        let base = url(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        var out: [URL] = []
        for case let file as URL in walker {
            let isFile = (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) ?? false
            if isFile && include(file) { out.append(file) }
        }
        return out.sorted { $0.path < $1.path }
    }

    /// A fresh temporary directory, removed by the caller when done.
    public static func temporaryDirectory(_ label: String = "hearth-test") throws -> URL {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}
