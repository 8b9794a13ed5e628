import Foundation

/// Agreement bookkeeping for oracle comparisons: per field, how many cases agree.
struct Agreement {
    struct Field { var agree = 0; var total = 0; var mismatches: [String] = [] }
    var fields: [String: Field] = [:]
    var order: [String] = []

    mutating func record(_ field: String, _ ok: Bool, _ detail: @autoclosure () -> String) {
        if fields[field] == nil { fields[field] = Field(); order.append(field) }
        fields[field]?.total += 1
        if ok { fields[field]?.agree += 1 } else { fields[field]?.mismatches.append(detail()) }
    }

    func rate(_ field: String) -> Double {
        guard let f = fields[field], f.total > 0 else { return 1 }
        return Double(f.agree) / Double(f.total)
    }

    func report(_ title: String) {
        print("== \(title) agreement")
        for name in order {
            guard let f = fields[name] else { continue }
            print(String(format: "  %-22@ %4d/%-4d %6.1f%%", name as NSString, f.agree, f.total, rate(name) * 100))
        }
        if ProcessInfo.processInfo.environment["MIME_VERBOSE"] != nil {
            for name in order { for m in fields[name]?.mismatches ?? [] { print("  ✗ \(name): \(m)") } }
        }
    }
}

enum Normalize {
    /// Line endings to "\n", trailing whitespace removed from each line and from the end.
    static func body(_ s: String?) -> String {
        guard let s else { return "" }
        let unified = s.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        return unified.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.replacingOccurrences(of: "[ \\t]+$", with: "", options: .regularExpression) }
            .joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whitespace runs collapsed, trimmed.
    static func spaces(_ s: String?) -> String {
        (s ?? "").split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
