@testable import HearthCLI
import Testing

/// Global options before a subcommand's name are moved after it, where ArgumentParser reads them.
@Suite struct GlobalOptionsTests {
    @Test func leadingAndNestedGlobalOptionsMoveBehindTheLeafCommand() {
        #expect(GlobalOptions.movingLeadingOptions(["--json", "--data-dir", "/d", "threads", "--limit", "3"])
                == ["threads", "--limit", "3", "--json", "--data-dir", "/d"])
        #expect(GlobalOptions.movingLeadingOptions(["account", "--data-dir=/d", "add", "me@example.org", "--imap-host", "h"])
                == ["account", "add", "me@example.org", "--imap-host", "h", "--data-dir=/d"])
        #expect(GlobalOptions.movingLeadingOptions(["--no-progress", "import", "a.mbox", "--", "--json"])
                == ["import", "a.mbox", "--no-progress", "--", "--json"])
    }

    @Test func argumentsWithoutLeadingGlobalOptionsAreUntouched() {
        for arguments in [["threads", "--json"], ["search", "import", "--json"], ["--version"], ["--json"], []] {
            #expect(GlobalOptions.movingLeadingOptions(arguments) == arguments)
        }
        // The value of --data-dir is never read as a command.
        #expect(GlobalOptions.movingLeadingOptions(["--data-dir", "threads", "stats"]) == ["stats", "--data-dir", "threads"])
    }
}
