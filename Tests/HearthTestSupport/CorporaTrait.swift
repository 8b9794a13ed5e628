import Testing

extension Trait where Self == ConditionTrait {
    /// Runs a test only when the shared corpora exist; otherwise it is skipped with
    /// "skipped: ../shared/corpora not present".
    public static var corporaPresent: Self {
        .enabled(if: Corpora.isAvailable, Comment(rawValue: Corpora.skipReason))
    }
}
