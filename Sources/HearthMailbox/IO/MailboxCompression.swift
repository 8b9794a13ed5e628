import Foundation

/// MailboxCompression wrappers recognised by their magic bytes (never by the file name alone, so a
/// renamed file still opens and a plain file called `.gz` is not sent to gzip).
public enum MailboxCompression: String, Sendable, Hashable, CaseIterable {
    case xz
    case gzip

    /// The format whose magic number starts `prefix`, if any.
    public static func detect(prefix: some Collection<UInt8>) -> MailboxCompression? {
        let bytes = Array(prefix.prefix(6))
        if bytes.starts(with: [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) { return .xz }
        if bytes.starts(with: [0x1F, 0x8B]) { return .gzip }
        return nil
    }

    /// The decompressor's name and the arguments that stream stdin to stdout.
    var tool: (name: String, arguments: [String]) {
        switch self {
        case .xz: ("xz", ["-dc"])
        case .gzip: ("gzip", ["-dc"])
        }
    }

    /// Where the decompressor is installed, looked up in the usual system locations only: we do
    /// not consult `PATH`, so a mailbox import never runs a program the user did not install
    /// system-wide.
    var executable: URL? {
        let name = tool.name
        return ["/usr/bin", "/bin", "/usr/local/bin", "/opt/homebrew/bin"]
            .map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
