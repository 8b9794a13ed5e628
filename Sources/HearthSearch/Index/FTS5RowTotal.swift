import Foundation

/// The number of rows FTS5 says its index holds, read from the index's averages record
/// (`email_fts_data`, id 1: a varint row total, then one token total per column, all in
/// SQLite's varint encoding). FTS5 keeps it up to date on every insert, `'delete'` and
/// `'rebuild'` for BM25, so reading it is one row where counting `email_fts_docsize` walks
/// one row per email.
enum FTS5RowTotal {
    /// The id of the averages record in an FTS5 table's `_data` shadow table.
    static let averagesRecordID = 1

    /// The row total of an averages record; 0 for a missing or empty record (FTS5 writes none
    /// before the first row), nil when the bytes are not a varint.
    static func rowCount(averagesRecord block: [UInt8]?) -> Int? {
        guard let block, !block.isEmpty else { return 0 }
        guard let value = varint(block), value <= UInt64(Int.max) else { return nil }
        return Int(value)
    }

    /// SQLite's variable-length integer: big-endian groups of 7 bits, the high bit set on every
    /// byte but the last; a ninth byte carries 8 bits.
    static func varint(_ bytes: [UInt8]) -> UInt64? {
        var value: UInt64 = 0
        for (index, byte) in bytes.prefix(9).enumerated() {
            if index == 8 { return (value << 8) | UInt64(byte) }
            value = (value << 7) | UInt64(byte & 0x7F)
            if byte & 0x80 == 0 { return value }
        }
        return nil
    }
}
