import Foundation
import ZIPFoundation

/// One file to download for an export folder (the web app's "Download" link): a ZIP of the
/// folder, written next to it (`FOLDER.zip`), by ZIPFoundation. The folder itself stays.
public enum ExportArchive {
    /// Zips `directory` into `directory.zip`; refuses to overwrite an existing file.
    public static func zip(_ directory: URL) throws -> URL {
        let archive = directory.deletingLastPathComponent().appendingPathComponent(directory.lastPathComponent + ".zip")
        guard !FileManager.default.fileExists(atPath: archive.path) else {
            throw CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: archive.path])
        }
        try FileManager.default.zipItem(at: directory, to: archive, shouldKeepParent: true)
        return archive
    }
}
