/// Bookkeeping of commands in flight: which to send next, which synchronising literal waits
/// for a `+`, which tags are still open. Pure state, so the connection's loop stays readable.
struct CommandSendQueue {
    let encoded: [EncodedCommand]
    private(set) var sendIndex = 0
    private var pendingChunks: [[UInt8]] = []
    private var pendingOwner = -1
    /// Indices of sent commands without completion, oldest first.
    private(set) var outstanding: [Int] = []

    init(_ encoded: [EncodedCommand]) { self.encoded = encoded }

    var isWaitingForContinuation: Bool { !pendingChunks.isEmpty }

    /// The command whose responses are arriving now: the oldest still open.
    var current: Int { outstanding.first ?? max(0, sendIndex - 1) }

    /// The next command to start, unless a literal of an earlier one is still pending.
    mutating func nextCommand() -> EncodedCommand? {
        guard pendingChunks.isEmpty, sendIndex < encoded.count else { return nil }
        let command = encoded[sendIndex]
        outstanding.append(sendIndex)
        if command.chunks.count > 1 {
            pendingChunks = Array(command.chunks.dropFirst())
            pendingOwner = sendIndex
        }
        sendIndex += 1
        return command
    }

    /// The server said `+`: the next literal piece, if one is pending.
    mutating func continuationReceived() -> [UInt8]? {
        guard !pendingChunks.isEmpty else { return nil }
        let chunk = pendingChunks.removeFirst()
        if pendingChunks.isEmpty { pendingOwner = -1 }
        return chunk
    }

    /// A tagged completion: the index of its command, or nil for a tag not ours. If the command
    /// was refused before its literal was taken, the rest of it is dropped.
    mutating func completed(tag: String) -> Int? {
        guard let position = outstanding.firstIndex(where: { encoded[$0].tag == tag }) else { return nil }
        let index = outstanding.remove(at: position)
        if pendingOwner == index {
            pendingChunks = []
            pendingOwner = -1
        }
        return index
    }
}
