import Foundation
import HearthCore

/// What a newsletter carries, read from its text: a publication's articles (an editorial issue,
/// an author's essay, a digest of links: **updates**) or a shop's or brand's offers (prices,
/// sales, product launches: **promotions**). Both arrive from the same bulk-mail services with
/// the same unsubscribe footer, and a tech publication's headline often names a product, so the
/// subject and the headers cannot tell them apart; how the text is built can. An issue has
/// headlines with "read more" links, bylines, "in this issue"; a shop's mailing has prices,
/// "% off", "shop now", "free shipping".
///
/// Every marker is generic (how newsletters are written everywhere), not taken from any corpus.
enum NewsletterContent {
    struct Reading: Sendable, Hashable {
        /// Distinct editorial markers found.
        var editorial: Int
        /// Distinct selling markers found, plus one per price (at most three).
        var commerce: Int
        /// The text accounts for money the user spent (a total, a card, a receipt): a receipt
        /// lists prices and often a coupon for next time, and still sells nothing.
        var accountsForPayment = false

        /// Reads as a publication: several editorial markers and next to nothing sold, or many
        /// of them well ahead of a few prices (a review issue says what the product costs).
        var isEditorial: Bool { (editorial >= 3 && commerce <= 1) || (editorial >= 5 && editorial >= commerce + 2) }
        /// Reads as a shop's mailing: prices and calls to buy outweigh any articles.
        var isCommercial: Bool { commerce >= 3 && commerce >= editorial + 2 && !accountsForPayment }
        /// The way the text leans when it does not decide: a review issue quotes a few prices
        /// next to its articles, a shop's mailing may carry one story.
        var lean: AICategory? {
            if editorial >= 3 && editorial >= commerce + 2 { return .updates }
            if accountsForPayment { return .updates }
            if commerce >= 2 && commerce > editorial { return .promotions }
            return nil
        }
    }

    /// How publications present what they send: issues, articles, authors, links to read on.
    static let editorialPhrases: [String] = [
        "in this issue", "in today's issue", "this week's issue", "in this edition", "top stories", "top story",
        "headlines", "read more", "read the full", "full story", "continue reading", "read online", "read the article",
        "read it online", "read the review", "posted by", "written by", "editor", "editors", "editor's", "editorial",
        "dear readers", "dear reader", "this issue", "columnist", "commentary", "analysis", "reviews",
        "interview", "opinion", "essay", "article", "articles", "latest from", "this week in", "podcast", "episode",
        "news", "stories", "story", "reported", "reports", "according to", "contributors", "letters to the editor",
        // the same in the languages the vocabulary knows
        "artikel", "nachrichten", "article", "actualités", "artículo", "noticias", "articolo", "notizie", "notícias", "nieuws",
    ]

    /// How shops sell: calls to buy, discounts, delivery terms. Short words are matched whole.
    static let sellingPhrases: [String] = [
        "% off", "shop now", "buy now", "order now", "order today", "add to cart", "add to basket", "free shipping",
        "free delivery", "coupon", "promo code", "discount", "limited time", "while supplies last", "in stock",
        "new arrivals", "rebate", "list price", "our price", "special offer", "lowest price", "best price", "call now",
        "sale", "deal", "deals", "save", "bestseller", "bestsellers", "shop", "checkout", "offer ends", "clearance",
        // services sell with calls to act rather than prices
        "apply online", "apply now", "free quote", "get a quote", "for a quote", "call us", "call today", "order your",
        "satisfaction guaranteed", "money back", "money-back", "risk free", "risk-free", "free trial", "sign up now",
        "act now", "don't miss out", "happy customers", "satisfied customers",
        // product launches
        "pre-order", "preorder", "introducing", "meet the new", "limited edition", "launch offer",
        "rabatt", "angebot", "soldes", "oferta", "descuento", "sconto", "offerta", "desconto", "korting",
    ] + CategoryVocabulary.callsToBuy

    /// What receipts, invoices and statements say about a payment made. ("incl. VAT" is not
    /// among them: EU law has every offer's price say it; session 26's probe of an ISP's offer.)
    static let paymentPhrases: [String] = [
        "subtotal", "sub-total", "total paid", "amount paid", "amount charged", "you paid", "card ending", "payment method",
        "billed to", "order number", "invoice number", "receipt number", "transaction id",
        "zwischensumme", "gesamtbetrag", "montant payé", "sous-total", "importe pagado", "totale pagato",
        "order total", "grand total", "total charged", "paid with", "charged to", "order summary", "payment summary",
        "thanks for your order", "thank you for your order", "thanks for your purchase", "thank you for your purchase",
        "sua compra foi confirmada", "recebemos o pagamento", "seu recibo", "tu recibo", "valor total pago", "total pago",
        "forma de pagamento", "método de pago", "pagado con", "cartão final", "tarjeta terminada en", "compra aprovada",
        "compra aprobada", "importe total pagado", "montant total payé", "totale ordine",
        // A bill's sum to pay (an electricity bill, a school's fees: session 23's probe of a
        // family in Vietnam read both as shops' mailings on their amounts).
        "amount due", "total due", "balance due",
        // German, Polish, French, Spanish, Italian and Dutch receipts and bills by their own words
        // (session 23: a rail booking's "Gesamtpreis" and a utility's "Rechnungsbetrag").
        "gesamtpreis", "rechnungsbetrag", "zahlungsart", "auftragsnummer", "bestellnummer", "rechnungsnummer",
        "vielen dank für ihre buchung", "vielen dank für ihre bestellung", "danke für deine bestellung",
        "dziękujemy za zakup", "do zapłaty", "numer zamówienia", "numéro de commande", "merci pour votre commande",
        "número de pedido", "gracias por tu pedido", "gracias por tu compra", "numero d'ordine", "numero ordine",
        "grazie per il tuo ordine", "bestelnummer", "bedankt voor je bestelling", "totaalbedrag",
        // …and a sum to pay in Vietnamese, Indonesian, Malay and Thai.
        "tổng tiền", "tổng cộng", "hạn thanh toán", "hạn nộp", "số tiền thanh toán",
        "total pembayaran", "metode pembayaran", "dibayar dengan", "rincian pembayaran", "jatuh tempo", "total tagihan", "jumlah tagihan", "jumlah bayaran", "jumlah perlu dibayar", "ยอดชำระ", "ยอดรวม",
    ]

    /// A cart not yet paid for: its reminder lists the items and a subtotal as a receipt does,
    /// and asks to finish buying (session 20's helper-written probe: a shop's abandoned-cart mail
    /// was read as a receipt).
    static let unpaidCartPhrases: [String] = [
        "your cart", "saved your cart", "return to my cart", "return to your cart", "back to your cart", "complete your purchase",
        "complete your order", "finish checking out", "finish your order", "still thinking it over", "left in your cart",
        "dein warenkorb", "ihr warenkorb", "votre panier", "tu carrito", "il tuo carrello", "je winkelwagen", "seu carrinho",
    ]

    /// A total with its amount ("Total $23.40", "Total: €12,00"): what a receipt ends with.
    private static let totalAmount = try? NSRegularExpression(pattern: #"\b(?:total|gesamt|totale?)\b:?\s*(?:(?:r\$|r|rp|rm|rs\.?|[$€£¥₹₩₺₽₱₦฿])\s?\d|\d+[.,]\d{2}\s?(?:€|eur\b|usd\b))"#,
                                                             options: [.caseInsensitive])

    /// A price: a currency sign before or after the amount, or a currency's code or local
    /// abbreviation after it ("149 kr", "99 zł", "349,90 TL", "1 280 ₽", "5000円", "1 500 Kč",
    /// "199.000đ"), or a local abbreviation before it ("Rp 50.000", "Rs. 499"). The letters that
    /// also abbreviate other things count only after a word that prices them: "from R649", "now
    /// RM49" (South Africa's rand, Malaysia's ringgit; "Rm 204" is a room, "R2" a release).
    private static let prices = try? NSRegularExpression(pattern: #"[$€£¥₹₩₺₽₱₦฿₴₵]\s?\d|\d(?:[.,]\d{2})?\s?(?:€|£|₽|₺|元|円|₩|₫|đ\b|eur\b|usd\b|kr\b|zł|tl\b|руб|sek\b|nok\b|dkk\b|pln\b|chf\b|kč|ft\b|lei\b|₪|r\$)|(?i:\b(?:rp|rs)\.?\s?\d|\b(?:from|only|just|save|under|up to|was|now|for|at|vanaf|slegs|nou|dari|hanya|mulai)\s(?:r|rm|ksh)\s?\d{2,})"#)

    /// Whether the text names a price, its currency before or after the amount (one reading of a
    /// price for the vocabulary's subjects and this reading of texts).
    static func mentionsPrice(_ text: String) -> Bool {
        prices?.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
    private static let byline = try? NSRegularExpression(pattern: #"(?:^|[\s|(])[Bb]y:? [A-Z][a-z]+(?: [A-Z]\.)? [A-Z][a-zA-Z'-]+"#)

    static func read(_ text: String) -> Reading {
        let sample = String(text.prefix(1_500))
        let lower = sample.lowercased()
        let words = Set(lower.split { !$0.isLetter && $0 != "'" && $0 != "%" }.map(String.init))
        func found(_ phrase: String) -> Bool {
            phrase.contains(" ") || phrase.contains("%") || phrase.contains(where: CategoryVocabulary.isUnspacedScript)
                ? lower.contains(phrase) : words.contains(phrase)
        }
        let range = NSRange(sample.startIndex..., in: sample)
        var editorial = Set(editorialPhrases.filter(found)).count
        if let byline, byline.firstMatch(in: sample, range: range) != nil { editorial += 1 }
        var commerce = Set(sellingPhrases.filter(found)).count
        if let prices { commerce += min(3, prices.numberOfMatches(in: sample, range: range)) }
        let paid = (paymentPhrases.contains { lower.contains($0) } || totalAmount?.firstMatch(in: sample, range: range) != nil)
            && !unpaidCartPhrases.contains { lower.contains($0) }
        return Reading(editorial: editorial, commerce: commerce, accountsForPayment: paid)
    }
}
