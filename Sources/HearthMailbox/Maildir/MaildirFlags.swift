import Foundation
import HearthCore

/// The flags of a Maildir file name's info part, `unique:2,FRS` (cr.yp.to/proto/maildir.html):
/// `P` passed (forwarded; Core has no such flag, so it is dropped), `R` replied → answered,
/// `S` seen, `T` trashed → deleted, `D` draft, `F` flagged. Lowercase letters are Dovecot
/// keywords and are ignored. `!` is accepted in place of `:` (the separator Maildir tools use on
/// file systems where `:` is not allowed).
enum MaildirFlags {
    static func parse(fileName: String) -> MessageMapping.Flags {
        guard let info = infoPart(of: fileName) else { return [] }
        var flags: MessageMapping.Flags = []
        for letter in info {
            switch letter {
            case "R": flags.insert(.answered)
            case "S": flags.insert(.seen)
            case "T": flags.insert(.deleted)
            case "D": flags.insert(.draft)
            case "F": flags.insert(.flagged)
            default: break
            }
        }
        return flags
    }

    /// The letters after `:2,` (or `!2,`), if the name has an info part (`:1,` is not flags).
    static func infoPart(of fileName: String) -> Substring? {
        for separator in [":2,", "!2,"] {
            if let range = fileName.range(of: separator, options: .backwards) {
                return fileName[range.upperBound...]
            }
        }
        return nil
    }

    /// The delivery time at the start of a Maildir name (`1204680122.M20P3.host:2,S`), if any.
    static func deliveryTime(fileName: String) -> Date? {
        let digits = fileName.prefix { $0.isASCII && $0.isNumber }
        guard digits.count >= 9, digits.count <= 11, let seconds = Int(digits),
              fileName.dropFirst(digits.count).first == "." || fileName.dropFirst(digits.count).first == "_" else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
