import Foundation
import HearthCore

/// Accuracy with per-category precision and recall of a labelled set, the figures the
/// benchmark and the evaluation test print (issue 15: accuracy alone hides a category that is
/// never predicted, or one that swallows the others).
public struct CategoryScores: Sendable, Hashable, Codable {
    public struct Line: Sendable, Hashable, Codable {
        public var category: String
        /// Emails labelled with this category.
        public var support: Int
        /// Emails predicted as this category.
        public var predicted: Int
        public var correct: Int
        /// nil when nothing was predicted / labelled with this category.
        public var precision: Double?
        public var recall: Double?
    }

    public var items: Int
    public var correct: Int
    public var accuracy: Double
    public var perCategory: [Line]
    /// Confusion matrix: `confusion[i][j]` = emails labelled `CategorySignals.allCategories[i]`
    /// and predicted `allCategories[j]` (issue 15: which class swallows which).
    public var confusion: [[Int]]

    public init(pairs: [(label: AICategory, predicted: AICategory)]) {
        items = pairs.count
        correct = pairs.filter { $0.label == $0.predicted }.count
        accuracy = pairs.isEmpty ? 0 : Double(correct) / Double(pairs.count)
        perCategory = CategorySignals.allCategories.map { category in
            let support = pairs.filter { $0.label == category }.count
            let predicted = pairs.filter { $0.predicted == category }.count
            let right = pairs.filter { $0.label == category && $0.predicted == category }.count
            return Line(category: category.rawValue, support: support, predicted: predicted, correct: right,
                        precision: predicted == 0 ? nil : Double(right) / Double(predicted),
                        recall: support == 0 ? nil : Double(right) / Double(support))
        }
        let categories = CategorySignals.allCategories
        confusion = categories.map { label in
            categories.map { predicted in pairs.filter { $0.label == label && $0.predicted == predicted }.count }
        }
    }

    /// The confusion matrix as text: one row per labelled category, one column per prediction.
    public var matrix: String {
        let names = CategorySignals.allCategories.map(\.rawValue)
        let header = "label \\ predicted".padding(toLength: 20, withPad: " ", startingAt: 0)
            + names.map { $0.padding(toLength: 11, withPad: " ", startingAt: 0) }.joined()
        let rows = zip(names, confusion).map { name, counts in
            name.padding(toLength: 20, withPad: " ", startingAt: 0)
                + counts.map { String($0).padding(toLength: 11, withPad: " ", startingAt: 0) }.joined()
        }
        return ([header] + rows).joined(separator: "\n")
    }

    /// The mean of the per-class recalls over the classes that have labelled rows: a set where one
    /// easy class dominates (list posts) reads high on accuracy; this weighs each class alike, as
    /// a mailbox with all five kinds would.
    public var balancedAccuracy: Double {
        let recalls = perCategory.compactMap(\.recall)
        return recalls.isEmpty ? 0 : recalls.reduce(0, +) / Double(recalls.count)
    }

    /// "312/387 = 80.6% (class-balanced 78.1%) · primary P 0.90 R 0.75 (20) · …"
    public var summary: String {
        func percent(_ value: Double?) -> String { value.map { String(format: "%.2f", $0) } ?? "–" }
        let lines = perCategory.map { line in
            line.support == 0 && line.predicted == 0 ? "\(line.category): no examples"
                : "\(line.category) P \(percent(line.precision)) R \(percent(line.recall)) (\(line.support))"
        }
        return String(format: "%d/%d = %.1f%% (class-balanced %.1f%%)", correct, items, accuracy * 100, balancedAccuracy * 100)
            + " · " + lines.joined(separator: " · ")
    }
}
