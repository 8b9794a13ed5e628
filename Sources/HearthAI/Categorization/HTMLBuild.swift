import Foundation

/// How a message's HTML was built, read from its image tags: what a mass-mail program or a
/// template leaves and a person's mail program does not (issue 15, session 12). Only the
/// counts are kept, so the categoriser's input stays small and the HTML is read once.
///
/// - An **open-tracking pixel**: a remote image of at most 1×1 pixel, or a hidden one. Bulk-mail
///   services put one into every message to count opens; Gmail, Outlook, Apple Mail,
///   Thunderbird and phones never add one.
/// - **Remote images**: a template's banners, buttons and product shots are fetched from the
///   sender's server. A person's pasted photo or signature logo travels inside the message
///   (`cid:`) and is not counted; nor is an icon declared at most 100×100 (the social-network
///   and phone icons of a company signature, which signature tools link from a server).
/// - An **unsubscribe link** (its address says unsubscribe or opt-out, whatever its words say:
///   "Abmelden", "here", an image): only mail sent to a list of subscribers carries one.
public struct HTMLBuild: Sendable, Hashable {
    public var remoteImages: Int
    public var trackingPixel: Bool
    /// A link whose address unsubscribes ("…/unsubscribe?u=…", "optout"), whatever its words say.
    public var unsubscribeLink: Bool
    /// The distinct pages of shops it links to ("host/path": products, collections, the cart;
    /// `ShopLinks`), at most 20; whose shop they are is the categoriser's question.
    public var shopPages: Set<String>

    public init(remoteImages: Int = 0, trackingPixel: Bool = false, unsubscribeLink: Bool = false, shopPages: Set<String> = []) {
        self.remoteImages = remoteImages; self.trackingPixel = trackingPixel; self.unsubscribeLink = unsubscribeLink
        self.shopPages = shopPages
    }

    /// Remote images from this many on make a message image-built (a banner, a product grid,
    /// buttons): the 2002 dev rows' people's mail has at most one, newsletters 3 to 140.
    static let imageBuiltFrom = 3

    /// Built by a template or a mass-mail program rather than typed in a mail program.
    public var isTemplate: Bool { trackingPixel || unsubscribeLink || remoteImages >= Self.imageBuiltFrom }

    /// Reads the image tags of an HTML body (nil or empty: nothing to read).
    public static func read(_ html: String?) -> HTMLBuild {
        guard let html, !html.isEmpty else { return HTMLBuild() }
        let lower = html.lowercased()
        var build = HTMLBuild()
        for (tag, link) in imageTags(lower) {
            guard let source = attribute("src", in: tag), source.hasPrefix("http://") || source.hasPrefix("https://") || source.hasPrefix("//") else { continue }
            if isPixel(tag) { build.trackingPixel = true } else if !isIcon(tag) && !isProfileLink(link) { build.remoteImages += 1 }
        }
        build.shopPages = Set(ShopLinks.inHTML(lower).sorted().prefix(20))
        build.unsubscribeLink = lower.range(of: #"href\s*=\s*["']?[^"'\s>]*(unsubscribe|optout|opt-out|opt_out)"#, options: .regularExpression) != nil
        return build
    }

    /// The `<img …>` tags of lower-cased HTML, at most 400 of them (a huge newsletter says no
    /// more), each with the address of the link it sits in, if any.
    static func imageTags(_ lower: String) -> [(tag: String, link: String?)] {
        var tags: [(String, String?)] = []
        var searchFrom = lower.startIndex
        while tags.count < 400, let open = lower.range(of: "<img", range: searchFrom..<lower.endIndex) {
            let close = lower.range(of: ">", range: open.upperBound..<lower.endIndex)?.lowerBound ?? lower.endIndex
            tags.append((String(lower[open.upperBound..<close]), enclosingLink(before: open.lowerBound, in: lower)))
            searchFrom = close
        }
        return tags
    }

    /// The href of an `<a>` opened shortly before `position` and not closed before it.
    static func enclosingLink(before position: String.Index, in lower: String) -> String? {
        let start = lower.index(position, offsetBy: -300, limitedBy: lower.startIndex) ?? lower.startIndex
        let window = lower[start..<position]
        guard let anchor = window.range(of: "<a ", options: .backwards), window[anchor.upperBound...].range(of: "</a>") == nil,
              let tagEnd = window[anchor.upperBound...].firstIndex(of: ">") else { return nil }
        return attribute("href", in: String(window[anchor.upperBound..<tagEnd]))
    }

    /// An image linking to a profile on a social network: the icons of a company signature
    /// ("in", "X", "f" under the writer's name), whatever size they are declared at (session
    /// 18's probe: four undeclared icons made a colleague's mail "image-built").
    static func isProfileLink(_ link: String?) -> Bool {
        guard let link, let host = URL(string: link)?.host?.lowercased() else { return false }
        let networks = ["linkedin.com", "twitter.com", "x.com", "facebook.com", "instagram.com", "youtube.com", "tiktok.com",
                        "github.com", "threads.net", "bsky.app", "xing.com", "pinterest.com"]
        return networks.contains { host == $0 || host.hasSuffix("." + $0) }
    }

    /// An attribute's value, quoted or not (`src="…"`, `src='…'`, `src=…`).
    static func attribute(_ name: String, in tag: String) -> String? {
        let pattern = #"(^|[\s"'])"# + name + #"\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)"#
        guard let range = tag.range(of: pattern, options: .regularExpression) else { return nil }
        let match = tag[range]
        guard let equals = match.firstIndex(of: "=") else { return nil }
        return match[match.index(after: equals)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t\n\r\"'"))
    }

    /// Declared at most 100×100 by its attributes: a signature's or a button's icon.
    static func isIcon(_ tag: String) -> Bool {
        func small(_ name: String) -> Bool {
            attribute(name, in: tag).flatMap { Int($0.trimmingCharacters(in: CharacterSet(charactersIn: "px "))) }.map { $0 <= 100 } ?? false
        }
        return small("width") && small("height")
    }

    /// At most 1×1 by its attributes or its style, or hidden by its style.
    static func isPixel(_ tag: String) -> Bool {
        func tiny(_ value: String?) -> Bool {
            guard let value else { return false }
            return Int(value.trimmingCharacters(in: CharacterSet(charactersIn: "px ;"))).map { $0 <= 1 } ?? false
        }
        let style = (attribute("style", in: tag) ?? "").replacingOccurrences(of: " ", with: "")
        func styled(_ property: String) -> String? {
            guard let range = style.range(of: property + #":\d+"#, options: .regularExpression) else { return nil }
            return String(style[range].dropFirst(property.count + 1))
        }
        let width = attribute("width", in: tag) ?? styled("width"), height = attribute("height", in: tag) ?? styled("height")
        return (tiny(width) && tiny(height)) || style.contains("display:none") || style.contains("visibility:hidden")
    }
}
