import Foundation
import HearthCore
import Testing
@testable import HearthMailbox

/// mboxrd vs mboxo escaping, and how the default (`.auto`) reads.
@Suite struct MboxVariantTests {
    static let escaped = """
        From alice@example.com Fri Feb 22 17:06:23 2008
        Subject: quoting

        >From the docs
        >>From a quote
        >>>From deeper
        > From not escaped (space)
        >Fromage is cheese
        From the start

        """

    @Test func mboxrdRemovesOneLevel() throws {
        let (messages, _) = try readMbox(content: Self.escaped, MboxReaderOptions(variant: .mboxrd))
        #expect(messages.map(\.text) == ["""
            Subject: quoting

            From the docs
            >From a quote
            >>From deeper
            > From not escaped (space)
            >Fromage is cheese
            From the start

            """])
    }

    @Test func mboxoKeepsEverything() throws {
        let (messages, _) = try readMbox(content: Self.escaped, MboxReaderOptions(variant: .mboxo))
        #expect(messages.map(\.text) == [String(Self.escaped.drop { $0 != "\n" }.dropFirst())])
    }

    @Test func autoReadsAsMboxrd() throws {
        let auto = try readMbox(content: Self.escaped, MboxReaderOptions(variant: .auto)).messages
        let rd = try readMbox(content: Self.escaped, MboxReaderOptions(variant: .mboxrd)).messages
        #expect(auto == rd)
    }

    @Test func escapedHeaderLevelFromLineIsNotASeparator() throws {
        let (messages, _) = try readMbox(content: """
            From alice@example.com Fri Feb 22 17:06:23 2008
            >From bob@example.com Fri Feb 22 17:06:23 2008
            Subject: x

            y

            """)
        #expect(messages.count == 1)
        #expect(messages.first?.text.hasPrefix("From bob@example.com") == true)
    }
}
