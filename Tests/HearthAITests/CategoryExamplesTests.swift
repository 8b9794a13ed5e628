import Foundation
import HearthCore
import Testing
@testable import HearthAI

/// The embedding step's centroids with the real MiniLM: what the hand-written examples make of
/// mail the signals leave open (docs/ai.md, "Categorisation").
@Suite struct CategoryExamplesTests {
    /// Bulk mail with nothing in its subject or wording the signals read as selling or informing.
    static func advert(_ from: String, _ subject: String, _ text: String) -> CategorizationInput {
        CategorizationTests.input(from: from, subject: subject, text: text, headers: [("Precedence", "bulk")])
    }

    /// Services advertise without prices or "shop now" (session 9: the centroid knew only shops,
    /// so such adverts came out as updates). Different wording from the examples on purpose.
    @Test(.model("minilm")) func servicesAdvertsAreNearerPromotionsThanUpdates() async throws {
        let embedder = try await LlamaTextEmbedder.open(modelPath: try TestModels.require("minilm"), host: TestModels.host)
        let categorizer = await EmailCategorizer.make(embedder: embedder, generator: nil)
        // Not handled yet (docs/ai.md): an advert with neither a price nor more than one call to
        // act ("Repair your credit history … Apply online.") still leans updates.
        let adverts = [
            Self.advert("hello@fitlife.example", "Feel younger in 30 days",
                        "Our herbal formula boosts energy and helps you lose weight naturally. Thousands of happy customers. Order your bottle today."),
            Self.advert("contact@webpro.example", "Your company deserves to be found",
                        "We design professional websites and put your business on the first page of search engines. Call us for a quote."),
        ]
        for (input, decision) in zip(adverts, await categorizer.categorize(adverts)) {
            #expect(decision.category == .promotions, "\(input.subject): \(decision.reasons.last ?? "")")
        }
    }
}
