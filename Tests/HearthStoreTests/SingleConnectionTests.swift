import Foundation
import GRDB
import HearthStore
import HearthTestSupport
import Testing

/// The one-connection open of a short-lived process (`hearth search`) reads the file through a
/// memory mapping (`HearthDatabase.singleConnectionConfiguration`) and sees the same data as the
/// normal open.
@Suite struct SingleConnectionTests {
    @Test func aSingleConnectionReadsThroughAMemoryMappingAndSeesTheSameData() throws {
        let directory = try Corpora.temporaryDirectory("hearth-single-connection")
        defer { try? FileManager.default.removeItem(at: directory) }
        let normal = try HearthDatabase.open(directory: directory)
        let tables = "SELECT count(*) FROM sqlite_master"
        let expected = try normal.writer.read { try Int.fetchOne($0, sql: tables) }
        #expect((expected ?? 0) > 0)
        let normalMapping = try normal.writer.read { try Int64.fetchOne($0, sql: "PRAGMA mmap_size") }
        #expect(normalMapping == 0)

        let single = try HearthDatabase.openSingleConnection(directory: directory)
        let mapping = try single.writer.read { try Int64.fetchOne($0, sql: "PRAGMA mmap_size") }
        #expect((mapping ?? 0) >= 1 << 30, "mmap_size \(String(describing: mapping))")
        #expect(try single.writer.read { try Int.fetchOne($0, sql: tables) } == expected)
    }
}
