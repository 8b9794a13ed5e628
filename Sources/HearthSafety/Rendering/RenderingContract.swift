/// How the web app must show a sanitised message: the second line of defence, which holds even
/// if the sanitizer let something through.
///
/// The message goes into an `<iframe>` whose `sandbox` never has `allow-scripts`: no script can
/// run in it, whatever the mail contains (and the frame's Content-Security-Policy says
/// `script-src 'none'` as well). It has `allow-same-origin` so that the app's own page script
/// can read the frame's document and size the frame to its content (no inner scroll box); with
/// no script inside, same-origin only lets the *app* look in, never the mail look out. Forms
/// (no `allow-forms`, `form-action 'none'`), top-level navigation (no `allow-top-navigation`)
/// and plugins stay blocked by the sandbox. `allow-popups` and `allow-popups-to-escape-sandbox`
/// let a link the user clicks open in a new, ordinary tab outside the app. The CSP forbids
/// every network source except images from the app's own inline-image route, and remote images
/// only when the user allowed them.
public struct RenderingContract: Sendable, Hashable {
    /// The app's origin, e.g. `http://127.0.0.1:8025`: where inline (`cid:`) images are served.
    public var appOrigin: String?
    public var inlineImagePathPrefix: String
    public var remoteImages: RemoteImagePolicy

    public init(appOrigin: String?, inlineImagePathPrefix: String = InlineImageRoute.defaultPathPrefix,
                remoteImages: RemoteImagePolicy) {
        self.appOrigin = appOrigin; self.inlineImagePathPrefix = inlineImagePathPrefix; self.remoteImages = remoteImages
    }

    /// The iframe's `sandbox` attribute (also the CSP `sandbox` directive of the served document).
    /// Never add `allow-scripts`: together with `allow-same-origin` a script in the mail could
    /// remove the sandbox and act as the app. Never `allow-forms` or `allow-top-navigation`.
    public static let sandbox = "allow-same-origin allow-popups allow-popups-to-escape-sandbox"

    /// The Content-Security-Policy of the message frame.
    public var contentSecurityPolicy: String {
        var images = ["data:"]
        if let appOrigin { images.append(appOrigin + inlineImagePathPrefix + "/") }
        if remoteImages == .allow { images += ["https:", "http:"] }
        return [
            "default-src 'none'", "script-src 'none'", "object-src 'none'", "base-uri 'none'", "form-action 'none'",
            "frame-src 'none'", "child-src 'none'", "worker-src 'none'", "connect-src 'none'", "font-src 'none'",
            "media-src 'none'", "manifest-src 'none'", "style-src 'unsafe-inline'", "img-src " + images.joined(separator: " "),
        ].joined(separator: "; ")
    }

    /// The colours a body is shown in. Only mail that names no colours of its own (plain text,
    /// simple HTML: `SafeBodyRenderer.Rendered.canFollowDarkTheme`) should be given a dark one.
    public enum Appearance: Sendable, Hashable {
        /// The mail's own colours on white (browser defaults for what it does not name).
        case asSent
        /// Light text on a dark background, for the app's dark theme.
        case dark
        /// Dark when the system prefers dark (`prefers-color-scheme`), else as sent.
        case followSystem
    }

    /// Light text on the dark theme's background (the web app's `--bg`, `--fg`, `--accent`).
    static let darkStyle = ":root{color-scheme:dark;background:#15181c;color:#e8eaed}a{color:#8ab4f8}"
        + "blockquote{border-color:#3a414b}"

    /// The complete document for the iframe's `srcdoc`: the CSP as a `<meta>` before any
    /// content, no referrer, and the sanitised body.
    public func document(body sanitizedBody: String, appearance: Appearance = .asSent) -> String {
        let colors: String
        switch appearance {
        case .asSent: colors = ""
        case .dark: colors = Self.darkStyle
        case .followSystem: colors = "@media (prefers-color-scheme: dark){" + Self.darkStyle + "}"
        }
        return "<!DOCTYPE html><html><head><meta charset=\"utf-8\">"
            + "<meta http-equiv=\"Content-Security-Policy\" content=\"" + HTMLEscaping.attribute(contentSecurityPolicy) + "\">"
            + "<meta name=\"referrer\" content=\"no-referrer\">"
            + "<style>body{margin:0;padding:8px;font:15px/1.45 system-ui,-apple-system,\"Segoe UI\",Roboto,\"Noto Sans\",sans-serif;"
            + "overflow-wrap:break-word;display:flow-root}body>pre:first-child{margin-top:0}body>pre:last-child{margin-bottom:0}"
            + ".hearth-blocked-image{vertical-align:middle}" + colors + "</style>"
            + "</head><body>" + sanitizedBody + "</body></html>"
    }

    /// The `<iframe>` element the web app embeds: sandbox, CSP (also as the `csp` attribute,
    /// which Chromium enforces on the frame), no referrer, and the document as `srcdoc`.
    public func iframe(body sanitizedBody: String, title: String = "Message", name: String? = nil) -> String {
        let nameAttribute = name.map { " name=\"" + HTMLEscaping.attribute($0) + "\"" } ?? ""
        return "<iframe" + nameAttribute + " sandbox=\"" + Self.sandbox + "\" csp=\"" + HTMLEscaping.attribute(contentSecurityPolicy)
            + "\" referrerpolicy=\"no-referrer\" title=\"" + HTMLEscaping.attribute(title)
            + "\" srcdoc=\"" + HTMLEscaping.attribute(document(body: sanitizedBody)) + "\"></iframe>"
    }

    /// Response headers for serving the message document at its own URL instead of `srcdoc`:
    /// the same policy, with the sandbox as a CSP directive.
    public var documentHeaders: [(name: String, value: String)] {
        [
            ("Content-Type", "text/html; charset=utf-8"),
            ("Content-Security-Policy", contentSecurityPolicy + "; sandbox " + Self.sandbox),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("Cache-Control", "no-store"),
            ("Cross-Origin-Resource-Policy", "same-origin"),
        ]
    }
}
