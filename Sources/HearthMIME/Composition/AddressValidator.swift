import Foundation

/// Is this an addr-spec we can put into a header and an SMTP envelope? Deliberately strict
/// about what would break either (whitespace, controls, angle brackets, a missing part) and
/// lenient about the rest, because the server is the judge of deliverability.
public enum AddressValidator {
    public static func isValid(_ address: String) -> Bool {
        guard let at = address.lastIndex(of: "@") else { return false }
        let local = address[..<at], domain = address[address.index(after: at)...]
        guard !local.isEmpty, !domain.isEmpty, address.utf8.count <= 254 else { return false }
        let forbidden: Set<Unicode.Scalar> = ["<", ">", "(", ")", ",", ";", ":", "\\", "\"", "[", "]", " ", "\t"]
        if address.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return false }
        if local.unicodeScalars.contains(where: forbidden.contains) { return false }
        if local.hasPrefix(".") || local.hasSuffix(".") || local.contains("..") { return false }
        if domain.hasPrefix("[") && domain.hasSuffix("]") { return domain.count > 2 }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        return labels.allSatisfy { label in
            !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" }
        }
    }
}

/// Message-IDs: `<random@sender-domain>`. 128 random bits and the sender's own domain, and
/// nothing about the machine (no host name, no time) so the id fingerprints nothing.
public enum MessageIDGenerator {
    public static func make(for senderAddress: String) -> String {
        let domain = senderAddress.split(separator: "@").last.map(String.init) ?? "hearth.invalid"
        let safeDomain = domain.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0 != ">" }) ? domain : "hearth.invalid"
        return "\(MIMEPartWriter.randomHex(16))@\(safeDomain)"
    }
}
