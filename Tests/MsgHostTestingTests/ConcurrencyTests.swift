import Foundation
import MsgHostTesting
import Testing

/// `CommandRun`: a command's output is captured whole, whichever stream it fills first.
@Suite struct ConcurrencyTests {
    /// 200 KB on stderr before a line on stdout: read stdout to its end first and the command
    /// blocks on a full stderr pipe while the reader waits for stdout to close.
    @Test func aCommandThatFillsStandardErrorFirstIsReadWhole() throws {
        let script = "head -c 200000 /dev/zero >&2; echo done"
        let run = try Thread.detachedResult { try CommandRun("/bin/sh", ["-c", script]) }.value(timeout: 30)
        #expect(run.status == 0)
        #expect(run.stdout == "done\n")
        #expect(run.stderr.utf8.count == 200_000 && run.stderr.allSatisfy { $0 == "\0" })
    }

    @Test func statusAndBothStreamsOfAFailingCommand() throws {
        let run = try CommandRun("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"])
        #expect(run.status == 3)
        #expect(run.stdout == "out\n")
        #expect(run.stderr == "err\n")
    }
}
