import Foundation

/// Redirect targets the app accepts from a request (`next=` after login, `return=` after a
/// form): paths of this origin only.
///
/// Browsers repair a `Location` before they follow it — they drop tabs and newlines anywhere
/// and read `\` as `/` — so `/\t/evil.example` and `/\evil.example` become the network-path
/// reference `//evil.example`, another site. Such characters are refused outright rather than
/// cleaned, and so is anything that is not a plain absolute path.
enum LocalRedirect {
    static func isSameOriginPath(_ value: String) -> Bool {
        guard value.hasPrefix("/"), !value.hasPrefix("//") else { return false }
        for scalar in value.unicodeScalars {
            // C0 controls (tab, CR, LF among them), DEL, C1 controls, whitespace, backslash.
            if scalar.value < 0x21 || (0x7F...0x9F).contains(scalar.value) || scalar == "\\" { return false }
            if scalar.properties.isWhitespace { return false }
        }
        // What a browser would resolve it to must still be this origin and this scheme.
        guard let base = URL(string: "http://127.0.0.1/"), let resolved = URL(string: value, relativeTo: base)?.absoluteURL,
              resolved.host == "127.0.0.1", resolved.scheme == "http", resolved.user == nil else { return false }
        return true
    }
}
