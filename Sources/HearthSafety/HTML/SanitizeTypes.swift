import Foundation
import HearthCore

/// Whether remote images may load for this rendering. Decided per message by the caller
/// (`RemoteContentDecision`), from the message's "load remote images" action and the sender's
/// "always" preference; blocked is the default.
public enum RemoteImagePolicy: String, Sendable, Hashable, Codable {
    case block, allow
}

/// Where inline (`cid:`) images of a message are served from the local store.
///
/// The URL scheme, shared with the web app (docs/safety.md, "Inline images"):
/// `{pathPrefix}/{emailID}/{percent-encoded Content-ID}`, default prefix `/inline`. Relative to
/// the app's own origin, which the rendering contract's CSP allows for images and nothing else.
public struct InlineImageRoute: Sendable, Hashable {
    public var emailID: EmailID
    public var pathPrefix: String

    public init(emailID: EmailID, pathPrefix: String = InlineImageRoute.defaultPathPrefix) {
        self.emailID = emailID
        self.pathPrefix = pathPrefix
    }

    public static let defaultPathPrefix = "/inline"

    /// Characters left unencoded in the Content-ID segment: unreserved URL characters only,
    /// so `/`, `?`, `#`, `%` … of a hostile Content-ID can never change the path.
    static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)

    public func url(contentID: String) -> String {
        var encoded = ""
        for byte in contentID.utf8 {
            if Self.unreserved.contains(byte) { encoded.append(Character(Unicode.Scalar(byte))) } else {
                encoded += String(format: "%%%02X", byte)
            }
        }
        return "\(pathPrefix)/\(emailID.rawValue)/\(encoded)"
    }

    /// Parses a path this route produced back into (email id, Content-ID), for the web app's
    /// handler; nil for anything else.
    public static func parse(path: String, pathPrefix: String = defaultPathPrefix) -> (EmailID, String)? {
        guard path.hasPrefix(pathPrefix + "/") else { return nil }
        let rest = path.dropFirst(pathPrefix.count + 1)
        guard let slash = rest.firstIndex(of: "/"), let id = Int64(rest[..<slash]) else { return nil }
        let encoded = String(rest[rest.index(after: slash)...])
        guard !encoded.isEmpty, !encoded.contains("/"), let contentID = encoded.removingPercentEncoding else { return nil }
        return (EmailID(id), contentID)
    }
}

/// What the sanitizer is asked to do.
public struct SanitizeOptions: Sendable, Hashable {
    public var remoteImages: RemoteImagePolicy
    /// Where `cid:` images point; nil shows them as placeholders.
    public var inlineImages: InlineImageRoute?
    /// Replace known click-tracking redirects by their destination.
    public var unwrapClickTrackers: Bool
    public var limits: HTMLSanitizer.Limits

    public init(remoteImages: RemoteImagePolicy = .block, inlineImages: InlineImageRoute? = nil,
                unwrapClickTrackers: Bool = true, limits: HTMLSanitizer.Limits = .init()) {
        self.remoteImages = remoteImages; self.inlineImages = inlineImages
        self.unwrapClickTrackers = unwrapClickTrackers; self.limits = limits
    }
}

/// One tracker removed from a message.
public struct BlockedTracker: Sendable, Hashable, Codable {
    public enum Reason: String, Sendable, Hashable, Codable {
        /// 0×0 or 1×1 by `width`/`height` attributes or inline CSS.
        case tinyImage
        /// Inside an element hidden with `display:none`, `visibility:hidden`, `opacity:0` or `hidden`.
        case hiddenImage
        /// The URL matches the local blocklist.
        case blocklist
    }
    public let reason: Reason
    /// Host of the image URL (never the full URL: it usually carries the recipient's id).
    public let host: String
    /// Company named by the matching blocklist rule, for `.blocklist`.
    public let company: String?
}

/// The sanitizer's output: a body fragment safe to show, and what was removed from it.
public struct SanitizedHTML: Sendable, Hashable {
    /// HTML to place inside `<body>` (see `RenderingContract`). Stable: sanitising it again
    /// returns the same string.
    public var html: String
    public var trackers: [BlockedTracker]
    /// Remote images replaced by a placeholder because remote content is blocked.
    public var remoteImagesBlocked: Int
    /// Remote images left in place (only with `.allow`).
    public var remoteImagesKept: Int
    /// Content-IDs of the inline images the HTML refers to.
    public var inlineContentIDs: [String]
    /// Links whose click-tracking redirect was replaced by its destination.
    public var linksUnwrapped: Int
    /// CSS `url()`s, `@import`s and `@font-face`s removed (remote content that is not an image).
    public var stylesheetsOrFontsRemoved: Int
    /// Non-whitespace characters of visible text kept.
    public var textCharacters: Int
    /// Images kept or shown as placeholders.
    public var imagesShown: Int
    /// Whether the kept HTML chooses colours of its own (a text or background colour in a
    /// `style`, a style sheet, `bgcolor` or `<font color>`): such a mail is designed for the
    /// colours it names and is shown as sent; one that names none can follow a dark theme.
    public var setsColors: Bool = false

    public var trackersBlocked: Int { trackers.count }
    /// True when nothing a reader could see survived: the caller shows the plain-text body.
    public var isEffectivelyEmpty: Bool { textCharacters == 0 && imagesShown == 0 }
}
