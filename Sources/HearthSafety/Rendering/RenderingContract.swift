/// How the web app must show a sanitised message: the second line of defence, which holds even
/// if the sanitizer let something through.
///
/// The message goes into an `<iframe srcdoc>` whose `sandbox` has neither `allow-scripts` (no
/// script can run) nor `allow-same-origin` (the frame is an opaque origin: no cookies, no access
/// to the app's pages or API). It only has `allow-popups` and `allow-popups-to-escape-sandbox`,
/// so a link the user clicks opens in a new, ordinary tab outside the app. The frame's
/// Content-Security-Policy forbids scripts and every network source, except images from the
/// app's own inline-image route, and remote images only when the user allowed them.
public struct RenderingContract: Sendable, Hashable {
    /// The app's origin, e.g. `http://127.0.0.1:8025`: where inline (`cid:`) images are served.
    public var appOrigin: String?
    public var inlineImagePathPrefix: String
    public var remoteImages: RemoteImagePolicy

    public init(appOrigin: String?, inlineImagePathPrefix: String = InlineImageRoute.defaultPathPrefix,
                remoteImages: RemoteImagePolicy) {
        self.appOrigin = appOrigin; self.inlineImagePathPrefix = inlineImagePathPrefix; self.remoteImages = remoteImages
    }

    /// The iframe's `sandbox` attribute. Never add `allow-scripts` or `allow-same-origin`.
    public static let sandbox = "allow-popups allow-popups-to-escape-sandbox"

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

    /// The complete document for the iframe's `srcdoc`: the CSP as a `<meta>` before any
    /// content, no referrer, and the sanitised body.
    public func document(body sanitizedBody: String) -> String {
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\">"
            + "<meta http-equiv=\"Content-Security-Policy\" content=\"" + HTMLEscaping.attribute(contentSecurityPolicy) + "\">"
            + "<meta name=\"referrer\" content=\"no-referrer\">"
            + "<style>body{margin:0;padding:8px;font-family:sans-serif;overflow-wrap:break-word}"
            + ".hearth-blocked-image{vertical-align:middle}</style>"
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
