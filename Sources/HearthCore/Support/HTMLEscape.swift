/// Text made safe to stand in HTML we write ourselves — the formatted part of an outgoing message
/// (`RichText`, `LightMarkup`) and the web app's views built outside templates. One rule for all
/// of them: `& < >` and both quotes, so the result is also safe inside a quoted attribute; C0
/// controls other than tab and newline (which would make the document invalid) become spaces.
/// (HearthSafety's sanitizer serialises parsed documents by its own rules, `&nbsp;` included.)
public enum HTMLEscape {
    public static func text(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" { out += " " } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
