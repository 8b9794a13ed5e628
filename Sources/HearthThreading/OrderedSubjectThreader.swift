/// The `ORDEREDSUBJECT` threading algorithm of RFC 5256 §2 ("poor man's threading"): messages are
/// grouped by base subject alone; in each group the earliest message is the root and the others
/// are its children in date order; threads are ordered by the date of their root. Unlike
/// `REFERENCES`, messages with an empty base subject form a group too.
public enum OrderedSubjectThreader {
    public static func thread(_ messages: [ThreadInput]) -> [ThreadTree] {
        var groups: [String: [Int]] = [:]
        for (position, message) in messages.enumerated() {
            groups[BaseSubject.extract(message.subject).key, default: []].append(position)
        }
        func precedes(_ a: Int, _ b: Int) -> Bool {
            (messages[a].date, messages[a].index, a) < (messages[b].date, messages[b].index, b)
        }
        let threads = groups.values
            .map { $0.sorted(by: precedes) }
            .sorted { precedes($0[0], $1[0]) }
        return threads.map { positions in
            ThreadTree(index: messages[positions[0]].index,
                       messageID: messages[positions[0]].ownID,
                       children: positions.dropFirst().map {
                           ThreadTree(index: messages[$0].index, messageID: messages[$0].ownID)
                       })
        }
    }
}
