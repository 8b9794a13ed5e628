import Foundation

/// Links to a shop's own pages: product and collection pages, the cart, the checkout, a plan's
/// price list, a store's subdomain, product photos on a shop platform's image host (issue 15,
/// session 19). A brand's story, guide or lookbook ("Our farm visit", "5 ways to style a scarf",
/// "Your winter skincare routine") sells nothing in its words — it reads like a publication —
/// but every picture and button in it leads to what the brand sells. A publication's issue
/// links to its articles. Shop platforms (Shopify, WooCommerce, BigCommerce, Magento) all name
/// these pages the same way, so the paths are generic, not any one shop's.
///
/// Links a click tracker has rewritten (`click.example.com/?qs=…`) say nothing, so this finds
/// only what it can read; an absence is no evidence either way.
enum ShopLinks {
    /// Path segments naming a shop's pages. Whole segments only: "/shopping-news" is not "/shop".
    static let shopSegments: Set<String> = [
        "products", "product", "collections", "collection", "shop", "store", "cart", "basket", "checkout",
        "pricing", "plans", "buy", "add-to-cart", "wishlist", "gift-cards", "giftcards",
        "produkt", "produkte", "produit", "produits", "producto", "productos", "prodotto", "prodotti", "produto", "produtos",
        "boutique", "tienda", "negozio", "loja", "winkel", "warenkorb", "panier", "carrito", "carrello", "carrinho",
    ]

    /// Image hosts that serve shops' product photos.
    static let shopImageHosts = ["cdn.shopify.com", "cdn.shopifycdn.net", "bigcommerce.com", "cdn.bigcommerce.com"]

    /// The distinct shop pages linked from lower-cased HTML (`href`) plus product photos served by
    /// a shop platform (`src`); at most the first 400 links are read.
    static func inHTML(_ lower: String) -> Set<String> {
        var found = Set<String>()
        var searchFrom = lower.startIndex, read = 0
        let pattern = #"(href|src)\s*=\s*["']?(https?:)?//[^"'\s>]+"#
        while read < 400, let match = lower.range(of: pattern, options: .regularExpression, range: searchFrom..<lower.endIndex) {
            read += 1
            searchFrom = match.upperBound
            let text = lower[match]
            guard let slashes = text.range(of: "//") else { continue }
            let address = String(text[slashes.upperBound...])
            if text.hasPrefix("src") {
                if isShopImage(address) { found.insert(page(address)) }
            } else if isShopPage(address) {
                found.insert(page(address))
            }
        }
        return found
    }

    /// The distinct shop pages named by web addresses written out in plain text.
    static func inText(_ text: String) -> Set<String> {
        var found = Set<String>()
        for word in text.lowercased().split(whereSeparator: { $0.isWhitespace || $0 == "<" || $0 == ">" || $0 == "(" || $0 == ")" }).prefix(2_000) {
            guard let slashes = word.range(of: "://"), word.hasPrefix("http") else { continue }
            let address = String(word[slashes.upperBound...])
            if isShopPage(address) { found.insert(page(address)) }
        }
        return found
    }

    /// How many of `pages` are the sender's own shop: on the sender's organisation's domain
    /// ("www.brand.example/products/…" from news@mail.brand.example), or product photos on a
    /// shop platform's image host. A publication's links to other sites' products (a review, a
    /// deal it found) are not its own shop.
    static func ownPages(_ pages: Set<String>, senderDomain: String?) -> Int {
        guard let senderDomain else { return 0 }
        let sender = EmailCategorizer.organisation(of: senderDomain)
        return pages.filter { page in
            let host = String(page.prefix { $0 != "/" })
            return isShopImage(page) || EmailCategorizer.organisation(of: host) == sender
        }.count
    }

    /// "host/path?query" → "host/path": one page however it is tracked.
    static func page(_ address: String) -> String {
        String(address.prefix { $0 != "?" && $0 != "#" })
    }

    /// A link to a product, a collection, the cart, a price list or a store subdomain — not an
    /// unsubscribe or preferences page, which every mailing has.
    static func isShopPage(_ address: String) -> Bool {
        let page = page(address)
        if page.contains("unsubscribe") || page.contains("optout") || page.contains("opt-out") || page.contains("preferences") { return false }
        let parts = page.split(separator: "/", omittingEmptySubsequences: true)
        guard let host = parts.first else { return false }
        let hostLabels = host.split(separator: ".")
        if hostLabels.count >= 3, let first = hostLabels.first, ["shop", "store", "tienda", "boutique", "loja"].contains(String(first)),
           parts.count >= 2 {
            return true
        }
        return parts.dropFirst().contains { shopSegments.contains(String($0)) }
    }

    static func isShopImage(_ address: String) -> Bool {
        let host = address.prefix { $0 != "/" && $0 != "?" }
        return shopImageHosts.contains { host == $0 || host.hasSuffix("." + $0) }
    }
}
