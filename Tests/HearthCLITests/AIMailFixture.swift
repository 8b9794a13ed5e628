import Foundation

/// A small hand-written mailbox for the AI end-to-end tests: a 3-message conversation with a
/// clear decision (the summary must mention it), a mailing-list reply with List-Id/List-Post, a
/// bulk newsletter (List-Unsubscribe, Precedence: bulk) and an Auto-Submitted notification.
/// Written as .eml files (the rig's `seed --source DIR`) or as one mbox (`hearth import`).
enum AIMailFixture {
    struct Message {
        let fileName: String
        let headers: [(String, String)]
        let body: String

        /// LF line endings, as files in a maildir have (the rig's seeder computes Dovecot's
        /// virtual size from them; CRLF files make Dovecot drop the connection).
        var data: String {
            headers.map { "\($0.0): \($0.1)" }.joined(separator: "\n") + "\nMIME-Version: 1.0\n"
                + "Content-Type: text/plain; charset=utf-8\n\n" + body + "\n"
        }
    }

    static let user = "una@example.test"
    /// The decision the conversation reaches, which a summary should name.
    static let decisionWord = "Lakeside"

    static let messages: [Message] = [
        Message(fileName: "01.eml", headers: [
            ("From", "Maria Lopez <maria@example.org>"), ("To", "Una Berg <\(user)>, Tom Becker <tom@example.org>"),
            ("Subject", "Venue for the team offsite"), ("Date", "Mon, 02 Mar 2026 09:00:00 +0000"),
            ("Message-ID", "<offsite-1@hearth.test>"),
        ], body: """
            Hi both,

            we need to pick the venue for the team offsite on 14 March. The options are the Lakeside Hotel \
            (rooms for 30, 4,200 EUR) or the city conference centre (5,100 EUR, no rooms). Please tell me \
            which one you prefer by Wednesday.

            Maria
            """),
        Message(fileName: "02.eml", headers: [
            ("From", "Tom Becker <tom@example.org>"), ("To", "Maria Lopez <maria@example.org>, Una Berg <\(user)>"),
            ("Subject", "Re: Venue for the team offsite"), ("Date", "Tue, 03 Mar 2026 10:30:00 +0000"),
            ("Message-ID", "<offsite-2@hearth.test>"), ("In-Reply-To", "<offsite-1@hearth.test>"),
            ("References", "<offsite-1@hearth.test>"),
        ], body: """
            I prefer the Lakeside Hotel: people can stay overnight and it is cheaper.

            > we need to pick the venue for the team offsite on 14 March.

            Tom
            """),
        Message(fileName: "03.eml", headers: [
            ("From", "Maria Lopez <maria@example.org>"), ("To", "Tom Becker <tom@example.org>, Una Berg <\(user)>"),
            ("Subject", "Re: Venue for the team offsite"), ("Date", "Wed, 04 Mar 2026 08:15:00 +0000"),
            ("Message-ID", "<offsite-3@hearth.test>"), ("In-Reply-To", "<offsite-2@hearth.test>"),
            ("References", "<offsite-1@hearth.test> <offsite-2@hearth.test>"),
        ], body: """
            Thanks Tom. Decision: we book the Lakeside Hotel for 14 March. Tom sends the booking request \
            today, and I will share the agenda on Friday.

            Maria
            """),
        Message(fileName: "04.eml", headers: [
            ("From", "Carl Jensen <carl@example.net>"), ("To", "swift-dev@lists.example.org"),
            ("Subject", "Re: build flags on arm64"), ("Date", "Wed, 04 Mar 2026 12:00:00 +0000"),
            ("Message-ID", "<list-2@hearth.test>"), ("In-Reply-To", "<list-1@hearth.test>"),
            ("References", "<list-1@hearth.test>"),
            ("List-Id", "Swift development <swift-dev.lists.example.org>"),
            ("List-Post", "<mailto:swift-dev@lists.example.org>"),
            ("List-Unsubscribe", "<mailto:swift-dev-leave@lists.example.org>"),
        ], body: "I see the same warning with -O on arm64; passing -Xcc -mno-outline-atomics fixes it here.\n\nCarl"),
        Message(fileName: "05.eml", headers: [
            ("From", "Shop Deals <deals@shop.example.com>"), ("To", "<\(user)>"),
            ("Subject", "Spring sale: 40% off all garden furniture"), ("Date", "Wed, 04 Mar 2026 13:00:00 +0000"),
            ("Message-ID", "<deal-1@shop.example.com>"), ("Precedence", "bulk"),
            ("List-Unsubscribe", "<https://shop.example.com/unsubscribe?u=42>"),
        ], body: "Only this week: 40% off all garden furniture, free shipping over 50 EUR. Shop now!\n\nUnsubscribe: https://shop.example.com/unsubscribe?u=42"),
        Message(fileName: "06.eml", headers: [
            ("From", "CI <ci@build.example.org>"), ("To", "<\(user)>"),
            ("Subject", "Build 1842 failed on main"), ("Date", "Wed, 04 Mar 2026 14:00:00 +0000"),
            ("Message-ID", "<build-1842@build.example.org>"), ("Auto-Submitted", "auto-generated"),
        ], body: "Build 1842 of main failed at step 'test': 3 tests failed. See the log for details."),
    ]

    /// Writes one .eml file per message into a new directory and returns it.
    static func writeDirectory(in parent: URL) throws -> URL {
        let dir = parent.appendingPathComponent("eml")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for message in messages {
            try Data(message.data.utf8).write(to: dir.appendingPathComponent(message.fileName))
        }
        return dir
    }

    /// Writes the messages as one mbox and returns its path.
    static func writeMbox(in parent: URL) throws -> URL {
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let url = parent.appendingPathComponent("ai-fixture.mbox")
        let text = messages.map { message in
            "From fixture@hearth.test Wed Mar  4 14:00:00 2026\n"
                + message.data.replacingOccurrences(of: "\nFrom ", with: "\n>From ") + "\n"
        }.joined()
        try Data(text.utf8).write(to: url)
        return url
    }
}
