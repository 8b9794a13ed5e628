import Foundation

/// A reason to warn before an attachment is downloaded (spec product §5.4.2).
public struct AttachmentWarning: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        /// `.exe .bat .cmd .com .msi` (spec) and other Windows code.
        case windowsExecutable
        /// `.app .command .sh .pkg .dmg` (spec).
        case macExecutable
        /// Linux packages and launchers (our addition: Hearth runs on Linux too).
        case linuxExecutable
        /// `.js .vbs .wsf .scr` (spec) and other script hosts.
        case script
        /// `.zip .rar .7z .tar.gz` (spec) and other archives and disk images.
        case archive
        /// A harmless-looking extension before a dangerous one (`invoice.pdf.exe`).
        case doubleExtension
        /// The declared MIME type and the extension disagree.
        case typeMismatch
        /// Bidirectional-override characters in the name, which can show `exe.pdf` as `pdf.exe`.
        case misleadingName
    }
    public let kind: Kind
    /// What the user is told.
    public let message: String
}

/// What a download or preview of an attachment needs to know, from name and declared type only.
public struct AttachmentAssessment: Sendable, Hashable {
    public var warnings: [AttachmentWarning]
    /// The name to show and to save under: bidi controls, path separators and control
    /// characters removed.
    public var displayName: String
    /// The lower-cased extension that decides the type (`tar.gz` counts as one).
    public var fileExtension: String?
    /// Whether an inline preview may be offered (image or PDF, with consistent type and name).
    public var preview: AttachmentPreviewKind?
    /// Download must be confirmed after showing the warnings.
    public var requiresConfirmation: Bool { !warnings.isEmpty }
}

public enum AttachmentPreviewKind: String, Sendable, Hashable, Codable { case image, pdf }

/// Attachment rules as pure functions, shared by the web app and the CLI. Attachments are
/// never executed or opened automatically: these only decide what to warn about and how to
/// serve bytes safely.
public enum AttachmentSafety {
    static let dangerous: [String: (AttachmentWarning.Kind, String)] = {
        var table: [String: (AttachmentWarning.Kind, String)] = [:]
        let windows = "This file is a Windows executable."
        let mac = "This file can run code on your Mac."
        let linux = "This file can run code on your computer."
        let script = "This file is a script that can run code."
        let archive = "This archive may contain executable files."
        // The spec's table (§5.4.2) first, then our additions, each under the closest row.
        for e in ["exe", "bat", "cmd", "com", "msi", "pif", "cpl", "msp", "mst", "lnk", "reg", "scf", "msc", "dll", "gadget", "appref-ms"] { table[e] = (.windowsExecutable, windows) }
        for e in ["app", "command", "sh", "pkg", "dmg", "mpkg", "workflow", "terminal"] { table[e] = (.macExecutable, mac) }
        for e in ["deb", "rpm", "appimage", "run", "desktop", "bin", "flatpakref", "snap"] { table[e] = (.linuxExecutable, linux) }
        for e in ["js", "vbs", "wsf", "scr", "jse", "vbe", "wsh", "ps1", "psm1", "hta", "jar", "py", "pl", "rb", "bash", "zsh", "csh", "applescript", "scpt"] { table[e] = (.script, script) }
        for e in ["zip", "rar", "7z", "tar.gz", "tgz", "tar", "gz", "bz2", "xz", "cab", "iso", "img", "vhd", "vhdx", "arj", "ace", "lzh"] { table[e] = (.archive, archive) }
        return table
    }()

    /// Extensions people read as documents or pictures: before a dangerous one they disguise it.
    static let innocentLooking: Set<String> = [
        "pdf", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "odt", "ods", "rtf", "txt", "csv",
        "jpg", "jpeg", "png", "gif", "bmp", "tif", "tiff", "mp3", "mp4", "mov", "avi", "wav", "html", "htm", "eml",
    ]

    /// The MIME types each common extension may legitimately have.
    static let expectedTypes: [String: [String]] = [
        "pdf": ["application/pdf"], "png": ["image/png"], "jpg": ["image/jpeg", "image/jpg", "image/pjpeg"],
        "jpeg": ["image/jpeg", "image/jpg", "image/pjpeg"], "gif": ["image/gif"], "webp": ["image/webp"],
        "bmp": ["image/bmp", "image/x-bmp", "image/x-ms-bmp"], "txt": ["text/plain"], "csv": ["text/csv", "text/plain"],
        "html": ["text/html"], "htm": ["text/html"], "zip": ["application/zip", "application/x-zip-compressed", "application/x-zip"],
        "doc": ["application/msword"], "docx": ["application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
        "xls": ["application/vnd.ms-excel"], "xlsx": ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
        "mp3": ["audio/mpeg", "audio/mp3"], "mp4": ["video/mp4"], "ics": ["text/calendar"],
    ]

    /// Declared types that say "this runs", whatever the name claims.
    static let executableTypes: Set<String> = [
        "application/x-msdownload", "application/x-msdos-program", "application/x-dosexec", "application/x-executable",
        "application/x-sh", "application/x-shellscript", "application/javascript", "application/x-javascript",
        "text/javascript", "application/hta", "application/x-ms-installer", "application/x-msi", "text/vbscript",
        "application/x-apple-diskimage", "application/java-archive", "application/vnd.microsoft.portable-executable",
    ]

    /// Types that are never more specific than "some bytes": no mismatch can be claimed.
    static let genericTypes: Set<String> = ["application/octet-stream", "application/unknown", "application/binary", ""]

    /// Invisible characters that reorder or hide text.
    static let deceptiveScalars: Set<UInt32> = [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
                                                0x200E, 0x200F, 0x061C, 0x200B, 0x200C, 0x200D, 0xFEFF]

    public static func assess(filename: String, mimeType: String) -> AttachmentAssessment {
        var warnings: [AttachmentWarning] = []
        let hadDeception = filename.unicodeScalars.contains { deceptiveScalars.contains($0.value) }
        let name = displayName(filename)
        if hadDeception {
            warnings.append(AttachmentWarning(kind: .misleadingName,
                message: "The file name contains hidden characters that can disguise its type; its real name is \u{201C}\(name)\u{201D}."))
        }
        let parts = extensions(of: name)
        let ext = parts.last.map { last -> String in
            parts.count >= 2 && last == "gz" && parts[parts.count - 2] == "tar" ? "tar.gz" : last
        }
        if let ext, let (kind, message) = dangerous[ext] {
            warnings.append(AttachmentWarning(kind: kind, message: message))
            let earlier = ext == "tar.gz" ? parts.dropLast(2) : parts.dropLast()
            if let decoy = earlier.last, innocentLooking.contains(decoy), kind != .archive {
                warnings.append(AttachmentWarning(kind: .doubleExtension,
                    message: "The name makes it look like a .\(decoy) file, but it is a .\(ext) file."))
            }
        }
        let type = normalizedType(mimeType)
        if executableTypes.contains(type), !warnings.contains(where: { $0.kind != .misleadingName && $0.kind != .archive }) {
            warnings.append(AttachmentWarning(kind: .typeMismatch,
                message: "The message says this is a program (\(type)), whatever its name suggests."))
        } else if let ext, let expected = expectedTypes[ext], !genericTypes.contains(type), !expected.contains(type) {
            warnings.append(AttachmentWarning(kind: .typeMismatch,
                message: "The name says .\(ext) but the message says \(type): the file may not be what it seems."))
        }
        var preview: AttachmentPreviewKind?
        if warnings.isEmpty, let ext {
            if ["png", "jpg", "jpeg", "gif", "webp"].contains(ext), type.hasPrefix("image/") || genericTypes.contains(type) { preview = .image }
            if ext == "pdf", type == "application/pdf" || genericTypes.contains(type) { preview = .pdf }
        }
        return AttachmentAssessment(warnings: warnings, displayName: name, fileExtension: ext, preview: preview)
    }

    /// The name with deceptive and control characters and path separators removed, trailing
    /// dots and spaces trimmed (Windows drops them, turning `a.exe.` into `a.exe`).
    public static func displayName(_ filename: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in filename.unicodeScalars {
            if deceptiveScalars.contains(scalar.value) || scalar.value < 0x20 || scalar.value == 0x7F { continue }
            scalars.append(scalar == "/" || scalar == "\\" || scalar == ":" ? "_" : scalar)
        }
        var name = String(scalars).trimmingCharacters(in: .whitespaces)
        while let last = name.last, last == "." || last == " " { name.removeLast() }
        while name.hasPrefix(".") { name.removeFirst() }
        return name.isEmpty ? "attachment" : String(name.prefix(255))
    }

    /// The dot-separated extensions of a name, lower-cased, spaces around them trimmed
    /// (`report.pdf   .exe` → ["pdf", "exe"]).
    static func extensions(of name: String) -> [String] {
        let pieces = name.split(separator: ".", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        guard pieces.count > 1 else { return [] }
        return pieces.dropFirst().filter { !$0.isEmpty && $0.count <= 16 }
    }

    static func normalizedType(_ mimeType: String) -> String {
        (mimeType.split(separator: ";").first.map(String.init) ?? "").trimmingCharacters(in: .whitespaces).lowercased()
    }

    // MARK: Content checks and headers

    /// The previewable type the bytes really are (by magic number), or nil. A preview is served
    /// only when this agrees with `assess(…).preview`: a "PNG" that is really HTML never renders.
    public static func sniffPreviewType(_ head: Data) -> (kind: AttachmentPreviewKind, mimeType: String)? {
        let b = [UInt8](head.prefix(16))
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + magic.count && Array(b[offset..<(offset + magic.count)]) == magic
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return (.image, "image/png") }
        if starts([0xFF, 0xD8, 0xFF]) { return (.image, "image/jpeg") }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return (.image, "image/gif") }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return (.image, "image/webp") }
        if starts(Array("%PDF-".utf8)) { return (.pdf, "application/pdf") }
        return nil
    }

    /// Headers for an inline preview of bytes that `sniffPreviewType` recognised: the sniffed
    /// type (never the sender's claim), no sniffing by the browser, a CSP that lets nothing run
    /// or load, and no caching.
    public static func previewHeaders(displayName: String, sniffedType: String) -> [(name: String, value: String)] {
        let isPDF = sniffedType == "application/pdf"
        // Chromium's PDF viewer does not run inside a CSP `sandbox`; PDFs get the rest.
        let csp = isPDF ? "default-src 'none'; object-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'"
                        : "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox"
        return [
            ("Content-Type", sniffedType),
            ("Content-Disposition", contentDisposition("inline", displayName)),
            ("X-Content-Type-Options", "nosniff"),
            ("Content-Security-Policy", csp),
            ("Cross-Origin-Resource-Policy", "same-origin"),
            ("Referrer-Policy", "no-referrer"),
            ("Cache-Control", "private, no-store"),
        ]
    }

    /// Headers for an explicit download: always `attachment` and `application/octet-stream`,
    /// so the browser saves the bytes and never renders or runs them.
    public static func downloadHeaders(displayName: String) -> [(name: String, value: String)] {
        [
            ("Content-Type", "application/octet-stream"),
            ("Content-Disposition", contentDisposition("attachment", displayName)),
            ("X-Content-Type-Options", "nosniff"),
            ("Content-Security-Policy", "default-src 'none'; sandbox"),
            ("Cross-Origin-Resource-Policy", "same-origin"),
            ("Cache-Control", "private, no-store"),
        ]
    }

    /// RFC 6266: an ASCII fallback plus the UTF-8 name in `filename*` (RFC 8187).
    static func contentDisposition(_ type: String, _ name: String) -> String {
        let safe = displayName(name)
        let ascii = String(safe.unicodeScalars.map { $0.isASCII && $0 != "\"" && $0 != "%" ? Character($0) : "_" })
        var encoded = ""
        for byte in safe.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if byte < 0x80, c.isLetter || c.isNumber || "!#$&+-.^_`|~".contains(c) { encoded.append(c) } else {
                encoded += String(format: "%%%02X", byte)
            }
        }
        return "\(type); filename=\"\(ascii)\"; filename*=UTF-8''\(encoded)"
    }
}
