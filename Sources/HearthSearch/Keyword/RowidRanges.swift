/// The few rowid ranges a set of message ids falls into, so an FTS5 walk can be limited to
/// them (`rowid >= lo AND rowid <= hi`: FTS5 seeks inside each doclist to `lo` and stops past
/// `hi`, instead of reading the whole doclist and testing every entry).
///
/// Message ids follow arrival in the store, not dates: an import or a first sync writes a
/// folder newest first or oldest first, later mail comes after it, and every folder and account
/// adds its own run. So the newest messages by date are usually a few runs of neighbouring ids,
/// sometimes scattered. Splitting at the widest gaps between neighbouring ids gives ranges that
/// hold every id of the set (nothing is missed: the caller still tests each match against the
/// set) and skip most of what lies between the runs.
struct RowidRanges: Sendable, Equatable {
    var ranges: [ClosedRange<Int64>]

    /// A gap between neighbouring ids narrower than this is walked rather than skipped: a seek
    /// (a new FTS5 query over the expression's doclists) costs about as much as stepping
    /// over a few hundred doclist entries.
    static let minimumGap: Int64 = 256
    /// Ranges at most; past this, only the widest gaps are skipped (every seek re-reads the
    /// start of each term's doclist).
    static let maximumRanges = 64

    /// Ranges covering every id of `ids` (any order, duplicates allowed), split at the widest
    /// gaps wider than `minimumGap`, at most `maximumRanges` of them; none for no ids.
    init(covering ids: [Int64], minimumGap: Int64 = minimumGap, maximumRanges: Int = maximumRanges) {
        let sorted = ids.sorted()
        guard let first = sorted.first, let last = sorted.last else {
            ranges = []
            return
        }
        // Gaps worth a seek, by the index of the id before them; the widest kept.
        var gaps: [(after: Int, width: Int64)] = []
        for index in sorted.indices.dropLast() {
            let (width, overflow) = sorted[index + 1].subtractingReportingOverflow(sorted[index])
            if overflow || width > minimumGap { gaps.append((index, overflow ? Int64.max : width)) }
        }
        if gaps.count > max(maximumRanges - 1, 0) {
            gaps.sort { $0.width != $1.width ? $0.width > $1.width : $0.after < $1.after }
            gaps = Array(gaps.prefix(max(maximumRanges - 1, 0)))
        }
        var splits = gaps.map(\.after)
        splits.sort()
        var result: [ClosedRange<Int64>] = []
        var start = first
        for after in splits {
            result.append(start...sorted[after])
            start = sorted[after + 1]
        }
        result.append(start...last)
        ranges = result
    }

    /// Ids the ranges span (each range's width, summed): what an FTS5 walk limited to them
    /// may step over at most.
    var span: Int64 {
        var total: Int64 = 0
        for range in ranges {
            let (width, overflow) = range.upperBound.subtractingReportingOverflow(range.lowerBound)
            let (sum, overflowed) = total.addingReportingOverflow(width &+ 1)
            if overflow || overflowed || width == Int64.max { return Int64.max }
            total = sum
        }
        return total
    }
}
