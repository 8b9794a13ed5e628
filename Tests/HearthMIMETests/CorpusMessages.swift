import Foundation
import HearthTestSupport

/// Finds the message files of the mime-* corpora. Expected-output files (JSON, XML, decoded
/// bodies, goldens, licences, docs) are not messages; mbox files are split naively on "\nFrom ".
enum CorpusMessages {
    static var mimeFolders: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Corpora.root.path)) ?? []
        return names.filter { $0.hasPrefix("mime-") }.sorted()
    }

    static let skippedExtensions: Set<String> = [
        "json", "xml", "md", "golden", "out", "list", "tokens", "html", "py", "go", "rs", "java", "cs", "js",
        "tnef", "dat", "rtf", "bin", "png", "jpg", "gif", "pdf", "expected", "bz2", "gz", "zip", "yml", "yaml",
    ]

    static func isMessageFile(_ url: URL) -> Bool {
        let name = url.lastPathComponent
        let ext = url.pathExtension.lowercased()
        if name.hasPrefix("LICENSE") || name.hasPrefix("COPYING") || name == "SOURCE.md" || name.hasPrefix("README") || name.hasPrefix(".") { return false }
        if name.contains("_decoded_") { return false }
        if url.path.contains("/tnef/") || url.path.contains("/html/") || url.path.contains("/encode/") { return false }
        if url.path.contains("/dkim/") && name.contains(".expected") { return false }
        if ext == "txt" && (url.path.contains("mimetools-testmsgs") || url.path.contains("testmsgs/")) { return false }
        if ext == "txt" && url.path.contains("mime-cpython-email") { return name.hasPrefix("msg_") }
        if url.path.contains("maildir") { return !name.contains("maildirfolder") }
        return !skippedExtensions.contains(ext) && !name.contains("ARTISTIC")
    }

    static func isMbox(_ url: URL, _ data: Data) -> Bool {
        let name = url.lastPathComponent.lowercased()
        if name.contains("mbox") || url.path.contains("/mbox/") { return data.starts(with: Array("From ".utf8)) }
        return false
    }

    /// Splits an mbox naively on "\nFrom " (enough for robustness tests).
    static func splitMbox(_ data: Data) -> [Data] {
        let bytes = [UInt8](data)
        var out: [Data] = []
        var start = 0
        var i = 0
        let pattern = Array("\nFrom ".utf8)
        while i + pattern.count <= bytes.count {
            if bytes[i] == 0x0A && bytes[(i)..<(i + pattern.count)].elementsEqual(pattern) {
                out.append(Data(bytes[start..<(i + 1)]))
                start = i + 1
                i += pattern.count
                continue
            }
            i += 1
        }
        if start < bytes.count { out.append(Data(bytes[start...])) }
        return out
    }

    /// Every message of every mime-* folder, named by path (mbox members get "#n").
    static func all() -> [(name: String, data: Data)] {
        var result: [(String, Data)] = []
        for folder in mimeFolders {
            for url in Corpora.files(in: folder, where: isMessageFile) {
                guard let data = try? Data(contentsOf: url) else { continue }
                let rel = url.path.replacingOccurrences(of: Corpora.root.path + "/", with: "")
                if isMbox(url, data) {
                    for (k, m) in splitMbox(data).enumerated() { result.append(("\(rel)#\(k)", m)) }
                } else {
                    result.append((rel, data))
                }
            }
        }
        return result
    }
}

