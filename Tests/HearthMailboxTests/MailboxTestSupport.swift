import Foundation
import HearthCore
import HearthTestSupport
@testable import HearthMailbox

/// A temporary directory for one test, removed when the test's closure returns.
func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
    let directory = try Corpora.temporaryDirectory("hearth-mailbox")
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory)
}

/// What a test compares of a message read from an mbox: the bytes, the container metadata and
/// where the reader says the message sits.
struct ReadMessage: Equatable, CustomStringConvertible {
    var text: String
    var receivedDate: Date?
    var flags: MessageMapping.Flags
    var info: MboxMessageInfo?

    var description: String { "\(info.map { "[\($0.separatorOffset) \($0.contentOffset)..<\($0.endOffset)] " } ?? "")\(text.debugDescription)" }
}

/// Every message of the mbox at `url`.
func readMbox(_ url: URL, _ options: MboxReaderOptions = MboxReaderOptions()) throws -> (messages: [ReadMessage], reader: MboxReader) {
    let reader = try MboxReader(path: url.path, options: options)
    var messages: [ReadMessage] = []
    while let message = try reader.next() {
        messages.append(ReadMessage(text: String(decoding: message.data, as: UTF8.self),
                                    receivedDate: message.receivedDate, flags: message.flags,
                                    info: reader.lastMessage))
    }
    return (messages, reader)
}

/// Writes `content` to a fresh file and reads it as an mbox.
func readMbox(content: String, _ options: MboxReaderOptions = MboxReaderOptions()) throws -> (messages: [ReadMessage], reader: MboxReader) {
    try readMbox(data: Data(content.utf8), options)
}

func readMbox(data: Data, _ options: MboxReaderOptions = MboxReaderOptions()) throws -> (messages: [ReadMessage], reader: MboxReader) {
    try withTemporaryDirectory { directory in
        let url = directory.appendingPathComponent("test.mbox")
        try data.write(to: url)
        return try readMbox(url, options)
    }
}

/// `2008-02-22T17:06:23Z`-style UTC date.
func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)) ?? .distantPast
}

/// Runs a program and returns its standard output (for building fixtures and independent counts).
func run(_ executable: String, _ arguments: [String], stdin: URL? = nil) throws -> (output: Data, status: Int32) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    if let stdin { process.standardInput = try FileHandle(forReadingFrom: stdin) }
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (data, process.terminationStatus)
}
