import Foundation
import Testing
@testable import HearthProcess

@Suite struct SubprocessTests {
    @Test func capturesOutputAndStatus() throws {
        let outcome = try Subprocess.run("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"])
        #expect(outcome.status == 3)
        #expect(outcome.stdout == "out\n")
        #expect(outcome.stderr == "err\n")
        #expect(!outcome.timedOut)
    }

    /// The CI hang: a child that leaves a daemon holding its descriptors must still count as done
    /// the moment the child itself exits.
    @Test func aDaemonLeftBehindDoesNotHoldTheWait() throws {
        let outcome = try Subprocess.run("/bin/sh", ["-c", "sleep 20 & echo started"], timeout: 15)
        #expect(outcome.status == 0)
        #expect(!outcome.timedOut)
        #expect(outcome.seconds < 5)
        #expect(outcome.stdout == "started\n")
    }

    @Test func deadlineKillsAChildThatHangs() throws {
        let outcome = try Subprocess.run("/bin/sleep", ["30"], timeout: 0.5)
        #expect(outcome.timedOut)
        #expect(outcome.status == 128 + SIGKILL)
        #expect(outcome.seconds < 5)
    }

    @Test func mergedOutputKeepsOrder() throws {
        let outcome = try Subprocess.run("/bin/sh", ["-c", "echo a; echo b >&2; echo c"], mergeStderr: true)
        #expect(outcome.stdout == "a\nb\nc\n")
    }

    @Test func environmentIsReplacedWhenGiven() throws {
        let outcome = try Subprocess.run("/bin/sh", ["-c", "echo \"$HEARTH_X\""], environment: ["HEARTH_X": "42", "PATH": "/usr/bin:/bin"])
        #expect(outcome.stdout == "42\n")
    }

    @Test func missingProgramIsAnError() {
        #expect(throws: Subprocess.Failure.self) { try Subprocess.run("/nonexistent/program", []) }
    }
}

extension SubprocessTests {
    /// A daemon started by the child must not inherit our descriptors (sockets, pipes).
    @Test func descriptorsAboveTwoAreClosedInTheChild() throws {
        let fd = open("/dev/null", O_RDONLY)   // deliberately without O_CLOEXEC
        #expect(fd > 2)
        defer { close(fd) }
        let outcome = try Subprocess.run("/bin/sh", ["-c", "if [ -e /proc/$$/fd/\(fd) ]; then echo open; else echo closed; fi"])
        #expect(outcome.stdout == "closed\n")
    }
}
