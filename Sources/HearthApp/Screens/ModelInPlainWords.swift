import Foundation
import HearthAI

/// An AI model as a person choosing it needs to see it (Settings › AI, onboarding's AI step,
/// later the SwiftUI settings): what it does for them, how big the download is, what the
/// licence lets them do. File names, URLs, provenance and hashes stay with the catalog entry,
/// which screens show behind a "Details" disclosure.
public struct ModelInPlainWords: Sendable, Equatable {
    /// What it is for, and which one when several do the same ("Summaries and reply
    /// suggestions — standard").
    public var title: String
    /// What the user gets from it, in a sentence or two.
    public var benefit: String
    /// How this model compares with the others of its kind, when there is a choice.
    public var note: String?
    /// "491 MB download".
    public var size: String
    /// The licence in plain words ("Apache 2.0 — free to use, also at work").
    public var licence: String

    public init(_ entry: ModelCatalogEntry) {
        switch entry.role {
        case .embedding:
            title = "Search by meaning and inbox categories"
            benefit = "Finds mail by what it is about, not only by its exact words, and sorts new mail into Primary, Social, Promotions, Updates and Forums."
        case .generation:
            title = "Summaries and reply suggestions"
            benefit = "Sums up long conversations in a few lines and offers short replies you can send with one click. It also helps sort mail that is hard to call."
        }
        // Several models can do the same job: the title says which one this is.
        if let kind = Self.kinds[entry.id] { title += " — \(kind)" }
        note = Self.notes[entry.id]
        size = Self.bytes(entry.sizeBytes) + " download"
        licence = Self.licence(entry.license)
    }

    /// Which of several models for the same job this is, in a few words (by catalog id), so no
    /// two models on a screen share a title.
    static let kinds: [String: String] = [
        "qwen2.5-coder-0.5b": "standard",
        "qwen2.5-coder-1.5b": "larger and more careful",
        "smollm2-135m": "tiny, for a first try",
        "llama-3.2-1b": "general model",
        "llama-3.2-3b": "general model, larger",
    ]

    /// How the catalog's models compare (by catalog id; a model without a note needs none).
    static let notes: [String: String] = [
        "minilm": "Small and quick. Recommended.",
        "qwen2.5-coder-0.5b": "Recommended: good summaries on an ordinary laptop; uses about 0.6 GB of memory while it writes.",
        "qwen2.5-coder-1.5b": "Better summaries, but about twice as slow; uses about 1.9 GB of memory while it writes.",
        "smollm2-135m": "Very small and fast, but its summaries are weak: meant for trying Hearth out.",
        "llama-3.2-1b": "Meta's general model, where the standard one is tuned for code. Hearth's developers could not try it yet: expect it to be slower than the standard model.",
        "llama-3.2-3b": "For a machine with memory to spare (it needs a few GB while it writes) and patience: Hearth's developers could not try it yet, and it is several times slower than the standard model.",
    ]

    static func licence(_ text: String) -> String {
        let lower = text.lowercased()
        if lower.hasPrefix("apache-2.0") || lower.hasPrefix("apache 2.0") {
            return "Apache 2.0 — an open licence: free to use, also at work"
        }
        if lower.hasPrefix("mit") { return "\(text) — an open licence: free to use, also at work" }
        if lower.hasPrefix("llama 3.2 community license") {
            return "Llama 3.2 Community License — free to use, also at work, within Meta's terms (its acceptable-use policy; very large services need Meta's permission)"
        }
        return text
    }

    /// Sizes as people read them: "46 MB", "1.1 GB" (decimal units, like download pages).
    static func bytes(_ count: Int64) -> String {
        let value = Double(count)
        if value >= 1e9 { return String(format: "%.1f GB", value / 1e9) }
        if value >= 1e6 { return "\(Int((value / 1e6).rounded())) MB" }
        if value >= 1e3 { return "\(Int((value / 1e3).rounded())) KB" }
        return "\(count) bytes"
    }
}
