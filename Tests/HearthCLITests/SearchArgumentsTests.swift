import ArgumentParser
import Foundation
@testable import HearthCLI
import HearthTestSupport
import Testing

/// `hearth search` reads its common forms without ArgumentParser (`SearchArguments.quickParse`,
/// process start-up): it must read them exactly as ArgumentParser does, and leave everything
/// else — help, errors, unusual forms — to ArgumentParser.
@Suite struct SearchArgumentsTests {
    /// What ArgumentParser makes of `arguments` (after the global options are moved, as the
    /// entry point does), or nil when it does not run a search.
    static func argumentParser(_ arguments: [String]) -> SearchArguments? {
        guard let command = try? HearthCommand.parseAsRoot(GlobalOptions.movingLeadingOptions(arguments)) else { return nil }
        return (command as? SearchCommand)?.arguments
    }

    /// Forms the quick path takes: the result must be ArgumentParser's, field for field.
    static let quick: [[String]] = [
        ["search", "kernel"],
        ["search", "kernel", "--data-dir", "/tmp/d", "--json", "--limit", "20", "--no-history"],
        ["search", "from ralf in January 2001 kernel", "--data-dir", "/d", "--json", "--limit", "20", "--no-history", "--embedder", "hashing"],
        ["--json", "--data-dir", "/d", "search", "cache", "flush"],
        ["--data-dir=/d", "--no-progress", "search", "--exact", "mips"],
        ["search", "cache", "--json", "flush", "--no-semantic", "problem"],
        ["search", "--limit=5", "--scope=folder", "--folder=inbox", "budget"],
        ["search", "--scope", "folder", "--folder", "Sent Items", "budget"],
        ["search", "--scope", "all", "x"],
        ["search", "--account", "me@example.org", "--account=2", "report"],
        ["search", "--limit", "007", "q"],
        ["search", "--limit", "+3", "q"],
        ["search", "after:2000-12-31 before:2001-02-01"],
        ["search", "\"cross compiler\""],
        ["search", "a=b", "c"],
        ["search", "search"],
        ["search", "import"],
        ["search"],
        ["search", "--json"],
        ["search", "--clear-recent"],
        ["search", "--no-history", "--no-progress", "--exact", "--no-semantic", "--json", "word"],
    ]

    /// Forms the quick path leaves to ArgumentParser (help, errors, rare forms).
    static let declined: [[String]] = [
        [], ["--help"], ["-h"], ["--version"], ["threads"], ["search", "--help"], ["search", "-h"], ["help", "search"],
        ["search", "--limit", "0", "x"], ["search", "--limit", "-1", "x"], ["search", "--limit", "ten", "x"],
        ["search", "--limit"], ["search", "--scope", "folder", "x"], ["search", "--scope", "everywhere", "x"],
        ["search", "--folder", "--json", "x"], ["search", "--unknown", "x"], ["search", "-x"], ["search", "--", "-x"],
        ["search", "--json", "--json", "x"], ["search", "--limit", "3", "--limit", "4", "x"], ["search", "--json=true", "x"],
        ["search", ""], ["search", "--data-dir=", "x"], ["--exact", "search", "x"], ["--json", "threads"],
        ["search", "--embedder"], ["searchx", "y"],
    ]

    @Test func theQuickPathReadsWhatArgumentParserReads() throws {
        for arguments in Self.quick {
            let quick = try #require(SearchArguments.quickParse(arguments), "\(arguments) should take the quick path")
            let reference = try #require(Self.argumentParser(arguments), "ArgumentParser refused \(arguments)")
            #expect(quick == reference, "\(arguments)")
        }
    }

    @Test func everythingElseIsLeftToArgumentParser() {
        for arguments in Self.declined {
            #expect(SearchArguments.quickParse(arguments) == nil, "\(arguments)")
        }
    }

    /// Whatever the quick path accepts, ArgumentParser reads the same way: every argument
    /// vector built from these pieces (three of them, around the command's name) agrees.
    @Test func combinationsAgree() {
        let pieces: [[String]] = [["kernel"], ["--json"], ["--limit", "3"], ["--limit=0"], ["--scope", "folder"], ["--folder", "inbox"],
                                  ["--account", "a"], ["--exact"], ["--"], ["-v"], ["--embedder=none"], ["--data-dir", "/d"], [""]]
        var checked = 0
        func check(_ arguments: [String]) {
            guard let quick = SearchArguments.quickParse(arguments) else { return }
            checked += 1
            #expect(quick == Self.argumentParser(arguments), "\(arguments)")
        }
        for a in pieces {
            for b in pieces {
                for c in [["x"], ["--no-history"], ["--account=b"], ["--limit", "2"]] {
                    check(["search"] + a + b + c)
                    check(a + ["search"] + b + c)
                    check(a + b + ["search"] + c)
                }
            }
        }
        #expect(checked > 250, "the quick path took only \(checked) forms")
    }
}

/// `hearth search` as a user runs it: the quick path and ArgumentParser's print the same, the
/// history is written only when asked for, and help and usage errors are ArgumentParser's.
@Suite struct SearchCommandLineTests {
    static func mailbox() throws -> (dir: URL, hearth: HearthBinary) {
        let dir = try Corpora.temporaryDirectory("hearth-search-cli")
        let root = dir.appendingPathComponent("Maildir")
        for (n, subject) in ["Kernel panic on the Indy", "Cache flush problem on R4000", "Kernel build fails"].enumerated() {
            try CLIDataDirectoryTests.writeMessage(root, "cur/\(n).M\(n)P1.host:2,S", subject: subject)
        }
        let hearth = HearthBinary(dataDirectory: dir.appendingPathComponent("data"))
        let imported = try hearth.run(["import", root.path], environment: CLIDataDirectoryTests.clean)
        #expect(imported.status == 0, "\(imported.stderr)")
        return (dir, hearth)
    }

    /// The JSON of a search without its timing.
    static func results(_ result: HearthBinary.Result) throws -> NSDictionary {
        let data = try #require(try result.jsonData() as? [String: Any])
        return data.filter { $0.key != "milliseconds" } as NSDictionary
    }

    @Test func bothPathsPrintTheSame() throws {
        let (dir, hearth) = try Self.mailbox()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = CLIDataDirectoryTests.clean
        // `--` makes ArgumentParser read the same search (the quick path declines it).
        let quick = try hearth.run(["search", "kernel", "--json", "--no-history"], environment: env)
        let parsed = try hearth.run(["search", "--json", "--no-history", "--", "kernel"], environment: env)
        #expect(quick.status == 0 && parsed.status == 0, "\(quick.stderr) \(parsed.stderr)")
        #expect(try Self.results(quick) == Self.results(parsed))
        #expect((try Self.results(quick)["results"] as? [Any])?.count == 2)
        let text = try hearth.run(["search", "kernel", "--no-history"], environment: env)
        let textParsed = try hearth.run(["search", "--no-history", "--", "kernel"], environment: env)
        #expect(text.stdout == textParsed.stdout && !text.stdout.isEmpty)
        #expect(text.stdout.contains("Kernel panic on the Indy") && text.stdout.contains("Kernel build fails"))
    }

    /// llama.cpp and libsecret are opened on first use, not linked (process start-up): a search
    /// without semantic ranking loads neither. LD_DEBUG=files makes the dynamic loader name
    /// every object it loads, linked or opened later; SQLite, which a search does use, shows
    /// that the list is there to read.
    @Test func aSearchLoadsNeitherLlamaNorLibsecret() throws {
        #if os(Linux)
        let (dir, hearth) = try Self.mailbox()
        defer { try? FileManager.default.removeItem(at: dir) }
        var env = CLIDataDirectoryTests.clean
        env["LD_DEBUG"] = "files"
        let search = try hearth.run(["search", "kernel", "--no-semantic", "--no-history"], environment: env)
        #expect(search.status == 0, "\(search.stderr.suffix(2000))")
        #expect(search.stdout.contains("Kernel panic on the Indy"))
        #expect(search.stderr.contains("libsqlite3"))
        for library in ["libllama", "libggml", "libsecret", "libgio", "libglib"] {
            #expect(!search.stderr.contains(library), "\(library) was loaded")
        }
        #endif
    }

    @Test func historyIsWrittenOnlyWhenAskedFor() throws {
        let (dir, hearth) = try Self.mailbox()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = CLIDataDirectoryTests.clean
        try hearth.run(["search", "cache flush", "--no-history"], environment: env)
        let none = try hearth.run(["search", "--json"], environment: env)
        #expect((try none.jsonData() as? [String: Any])?["recentSearches"] as? [String] == [])
        try hearth.run(["search", "kernel"], environment: env)
        try hearth.run(["search", "cache", "flush"], environment: env)
        let zero = try hearth.run(["search", "--json"], environment: env)
        #expect((try zero.jsonData() as? [String: Any])?["recentSearches"] as? [String] == ["cache flush", "kernel"])
        let cleared = try hearth.run(["search", "--clear-recent"], environment: env)
        #expect(cleared.stdout.contains("Recent searches cleared."))
        let after = try hearth.run(["search", "--json"], environment: env)
        #expect((try after.jsonData() as? [String: Any])?["recentSearches"] as? [String] == [])
    }

    @Test func helpAndUsageErrorsAreArgumentParsers() throws {
        let (dir, hearth) = try Self.mailbox()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = CLIDataDirectoryTests.clean
        let help = try hearth.run(["search", "--help"], environment: env, useDataDir: false)
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: hearth search") && help.stdout.contains("--no-semantic"), "\(help.stdout)")
        #expect(help.stdout.contains("(default: 20)"))
        let zero = try hearth.run(["search", "--limit", "0", "kernel"], environment: env)
        #expect(zero.status == 64 && zero.stderr.contains("--limit must be positive"), "\(zero.status) \(zero.stderr)")
        let folder = try hearth.run(["search", "--scope", "folder", "kernel"], environment: env)
        #expect(folder.status == 64 && folder.stderr.contains("--scope folder needs --folder NAME"), "\(folder.stderr)")
        // A mistyped data directory is the quick path's error too, and the same one.
        let missing = dir.appendingPathComponent("nowhere").path
        let quick = try hearth.run(["search", "kernel", "--data-dir", missing], environment: env, useDataDir: false)
        let parsed = try hearth.run(["search", "--data-dir", missing, "--", "kernel"], environment: env, useDataDir: false)
        #expect(quick.status == 66 && quick.status == parsed.status && quick.stderr == parsed.stderr, "\(quick.stderr) | \(parsed.stderr)")
    }
}
