import HearthTestSupport
import Testing

extension Trait where Self == ConditionTrait {
    /// Runs a test only when the shared corpora exist; otherwise it is skipped with
    /// `Corpora.skipReason` ("skipped: ../shared/corpora not present").
    static var corporaPresent: Self {
        .enabled(if: Corpora.isAvailable, Comment(rawValue: Corpora.skipReason))
    }
}
