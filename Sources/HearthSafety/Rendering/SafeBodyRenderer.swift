import HearthCore

/// Chooses what of a message is shown and makes it safe: the sanitised HTML body, or the plain
/// text body when there is no HTML, when sanitising fails, or when it leaves nothing to see.
public struct SafeBodyRenderer: Sendable {
    public enum Fallback: Sendable, Hashable {
        /// The message has no HTML part.
        case noHTML
        /// The HTML could not be parsed within the limits.
        case sanitizerFailed(HTMLParseFailure)
        /// Nothing visible survived sanitising (e.g. a body that was only a script).
        case nothingLeft
    }

    /// A body ready for `RenderingContract.document(body:)`.
    public struct Rendered: Sendable, Hashable {
        public var html: String
        /// The sanitizer's report when the HTML body was used.
        public var sanitized: SanitizedHTML?
        /// Why the plain text was shown instead, when it was.
        public var fallback: Fallback?
        public var trackersBlocked: Int { sanitized?.trackersBlocked ?? 0 }
        public var remoteImagesBlocked: Int { sanitized?.remoteImagesBlocked ?? 0 }
        /// Whether the body may take the reader's dark theme: plain text, and HTML that names no
        /// colours of its own. HTML that chooses its colours is shown as designed, on a light
        /// card (inverting someone's design goes wrong: logos, brand colours, dark-on-dark).
        public var canFollowDarkTheme: Bool {
            guard fallback == nil, let sanitized else { return true }
            return !sanitized.setsColors
        }
    }

    public let sanitizer: HTMLSanitizer

    public init(options: SanitizeOptions = .init()) {
        sanitizer = HTMLSanitizer(options: options)
    }

    public func render(html: String?, plainText: String?) -> Rendered {
        guard let html, !html.isEmpty else { return plain(plainText, because: .noHTML) }
        do {
            let result = try sanitizer.sanitize(html)
            if result.isEffectivelyEmpty { return plain(plainText, because: .nothingLeft, report: result) }
            return Rendered(html: result.html, sanitized: result, fallback: nil)
        } catch {
            return plain(plainText, because: .sanitizerFailed(error))
        }
    }

    public func render(_ email: Email) -> Rendered {
        render(html: email.bodyHTML, plainText: email.bodyPlain)
    }

    private func plain(_ text: String?, because reason: Fallback, report: SanitizedHTML? = nil) -> Rendered {
        Rendered(html: Self.plainTextHTML(text ?? ""), sanitized: report, fallback: reason)
    }

    /// Plain text as HTML: escaped, whitespace kept, nothing else.
    public static func plainTextHTML(_ text: String) -> String {
        let escaped = HTMLEscaping.text(text)
        let lead = text.hasPrefix("\n") ? "\n" : ""
        return "<pre style=\"white-space:pre-wrap;overflow-wrap:break-word;font-family:inherit;\">" + lead + escaped + "</pre>"
    }
}
