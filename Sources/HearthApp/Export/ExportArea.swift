import Foundation

/// `DATA/exports`: where exports go when the user names no folder, and where the web app keeps
/// the ZIP it offers for download — never inside the folder being zipped, and never growing
/// without bound: `cleanUp` removes what earlier exports left (the previous download, partial
/// files of a crash, staging folders), and runs before every new export and when `hearth serve`
/// starts (a download link does not outlive the server that offered it).
public struct ExportArea: Sendable {
    public let directory: URL

    public init(dataDirectory: URL) {
        directory = dataDirectory.appendingPathComponent("exports")
    }

    /// `hearth-YYYY-MM-DD-HHMMSS`: one name per export, sortable, readable in a download folder.
    public static func name(at date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd-HHmmss"
        return "hearth-" + formatter.string(from: date)
    }

    /// A new export folder, `DATA/exports/hearth-DATE` (what `hearth export` used to default to).
    public func folder(at date: Date = Date()) -> URL {
        directory.appendingPathComponent(Self.name(at: date))
    }

    /// The ZIP the web app offers for download: `DATA/exports/hearth-export-DATE.zip`, or
    /// `…-DATE-2.zip` when an export of the same second is still there (two clicks in a row).
    public func archive(at date: Date = Date()) -> URL {
        let base = Self.archivePrefix + Self.name(at: date).dropFirst("hearth-".count)
        var candidate = directory.appendingPathComponent(base + ".zip")
        var number = 2
        while FileManager.default.fileExists(atPath: candidate.path) {
            candidate = directory.appendingPathComponent(base + "-\(number).zip")
            number += 1
        }
        return candidate
    }

    /// Where an export that is only wanted as a ZIP is written before it is zipped (removed after).
    func staging(for archive: URL) -> URL {
        directory.appendingPathComponent(Self.stagingPrefix + archive.deletingPathExtension().lastPathComponent)
    }

    static let archivePrefix = "hearth-export-"
    static let stagingPrefix = ".staging-"

    /// Removes earlier downloads (`hearth-export-*.zip`), partial ZIPs and staging folders, but
    /// not those in `keeping`, and never an export folder the user may still want (`hearth-DATE`).
    @discardableResult
    public func cleanUp(keeping: [URL] = []) -> [String] {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: directory.path) else { return [] }
        var removed: [String] = []
        let kept = Set(keeping.filter { $0.deletingLastPathComponent().standardizedFileURL == directory.standardizedFileURL }.map(\.lastPathComponent))
        for name in names where !kept.contains(name) {
            let ours = (name.hasPrefix(Self.archivePrefix) && (name.hasSuffix(".zip") || name.hasSuffix(".zip.partial")))
                || name.hasPrefix(Self.stagingPrefix)
            guard ours, (try? manager.removeItem(at: directory.appendingPathComponent(name))) != nil else { continue }
            removed.append(name)
        }
        return removed
    }
}
