import Foundation
import HearthAI
import HearthCore

/// One labelled set's result, split into the rows tuned on (dev) and the held-out rows, each
/// with per-class precision/recall and a confusion matrix (issue 15). `hearth-bench categorize`
/// and `hearth-bench ai` print the same tables.
struct SetEvaluation: Encodable {
    let name: String
    let dev: CategoryScores?
    let holdout: CategoryScores?

    init(name: String, items: [EvaluationSet.Item], decisions: [CategoryDecision]) {
        self.name = name
        let pairs = zip(items, decisions).map { (holdout: $0.0.holdout, label: $0.0.label, predicted: $0.1.category) }
        func scores(_ holdout: Bool) -> CategoryScores? {
            let part = pairs.filter { $0.holdout == holdout }.map { (label: $0.label, predicted: $0.predicted) }
            return part.isEmpty ? nil : CategoryScores(pairs: part)
        }
        dev = scores(false)
        holdout = scores(true)
    }

    /// Summary lines; with `matrices`, each part's confusion matrix below its line.
    func lines(matrices: Bool) -> [String] {
        var lines: [String] = []
        for (part, scores) in [("dev", dev), ("held out", holdout)] {
            guard let scores else { continue }
            lines.append("\(name) \(part): \(scores.summary)")
            if matrices { lines += scores.matrix.split(separator: "\n").map { "    " + $0 } }
        }
        return lines
    }
}
