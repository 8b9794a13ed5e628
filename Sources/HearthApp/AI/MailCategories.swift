import Foundation
import HearthAI
import HearthCore
import HearthMIME
import HearthStore

/// Categorising mail on request and the user's override of a category (spec §5.6.2), written
/// once for every front end: `hearth categorize` today, the web app and SwiftUI later. The
/// inputs are the ones the background run after sync reads (`CategorizationInput.load`): signal
/// headers, the sender's history — a sender the user wrote to is primary — and every correction
/// the user made, so an override decides the sender's next mail wherever it is categorised.
public enum MailCategories {
    public struct Categorized: Sendable {
        public let email: Email
        public let decision: CategoryDecision
    }

    /// Categorises up to `limit` uncategorised emails (newest first) and stores the results.
    public static func categorizeUncategorized(store: MailStore, embedder: (any TextEmbedder)?, generator: (any TextGenerator)?,
                                               limit: Int) async throws(StoreError) -> [Categorized] {
        var emails: [Email] = []
        for id in try store.uncategorizedEmails(limit: limit) {
            if let email = try store.email(id) { emails.append(email) }
        }
        let inputs = Self.inputs(of: emails, store: store)
        let categorizer = await EmailCategorizer.make(embedder: embedder, generator: generator, corrections: try store.corrections(account: nil))
        let decisions = await categorizer.categorize(inputs)
        let results = zip(emails, decisions).map { Categorized(email: $0, decision: $1) }
        try store.assignCategories(results.compactMap { result in
            result.email.id.map { CategoryAssignment(emailID: $0, category: result.decision.category,
                                                      confidence: result.decision.confidence, source: result.decision.source) }
        })
        return results
    }

    /// The user moves one email to `category`: stored on the email (source "user") and kept as a
    /// preference for its sender — and, with an embedder, as a neighbour for similar mail.
    public static func recategorize(_ id: EmailID, to category: AICategory, store: MailStore,
                                    embedder: (any TextEmbedder)?) async throws -> Email {
        guard category != .uncategorized else {
            throw AppError.invalidInput("Choose one of primary, social, promotions, updates or forums.")
        }
        guard let email = try store.email(id) else { throw AppError.notFound("There is no email \(id.rawValue).") }
        let text = CategorizationInput(email: email).embeddingText
        // Without a vector the sender preference still holds; a failing embedder loses only the neighbour.
        let vector = try? await embedder?.embed([text]).first
        try store.recordCorrection(CategoryCorrection(accountID: email.accountID, emailID: id,
                                                      senderAddress: email.from?.normalizedAddress ?? "",
                                                      category: category, embedding: vector, date: Date()))
        return email
    }

    /// `CategorizationInput.load`, with the header fields parsed from the raw source for mail
    /// stored before signal headers were kept at ingestion (v9-ai-signals).
    static func inputs(of emails: [Email], store: MailStore) -> [CategorizationInput] {
        CategorizationInput.load(emails, store: store).map { input in
            guard input.headers.isEmpty, let id = input.emailID, let raw = try? store.rawSource(of: id),
                  let parsed = try? MIMEParser().parse(raw) else { return input }
            var withHeaders = input
            withHeaders.headers = CategorizationHeaders.pick(parsed.headers, attachments: parsed.attachments)
            if withHeaders.listID == nil { withHeaders.listID = parsed.header("List-Id") }
            return withHeaders
        }
    }
}
