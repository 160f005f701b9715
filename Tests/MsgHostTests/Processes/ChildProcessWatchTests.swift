import CSpawn
import Foundation
import Synchronization
import Testing

@testable import MsgHost

/// A child's own thread after the spawn: its exit found through the pidfd, or by polling
/// where there is none; its output read on after it has exited, for as long as what it
/// started holds the pipes; long lines cut.
@Suite struct ChildProcessWatchTests {
    static func spawn(_ script: String) throws -> cspawn_process {
        let command = ChildProcess.Command(
            command: "/bin/sh", arguments: ["-c", script], environment: ["PATH": "/usr/bin:/bin"])
        return try ChildProcess.spawn(command).get()
    }

    /// Runs the watch to the end on this thread: the status, then every line.
    static func watch(_ process: cspawn_process) -> (ChildProcess.Termination, before: [String], after: [String]) {
        let lines = Mutex<[String]>([])
        var watch = ChildProcessWatch(process: process) { stream, line in
            lines.withLock { $0.append("\(stream.rawValue): \(line)") }
        }
        let termination = watch.waitForExit()
        let before = lines.withLock { $0 }
        watch.drain()
        return (termination, before, lines.withLock { Array($0.dropFirst(before.count)) })
    }

    @Test func theExitIsFoundByItsPidfd() throws {
        let process = try Self.spawn("echo hi; sleep 0.1; exit 4")
        #expect(process.pidfd >= 0, "this kernel has pidfds")
        let (termination, before, after) = Self.watch(process)
        #expect(termination == .exited(4))
        #expect(before == ["stdout: hi"] && after.isEmpty)
    }

    /// A kernel before 5.3 has no pidfd: `waitpid(WNOHANG)` every 50 ms instead.
    @Test func withoutAPidfdTheExitIsFoundByPolling() throws {
        var process = try Self.spawn("echo hi >&2; sleep 0.1; exit 5")
        close(process.pidfd)
        process.pidfd = -1
        let (termination, before, _) = Self.watch(process)
        #expect(termination == .exited(5))
        #expect(before == ["stderr: hi"])
    }

    /// The exit is reported while a background child still holds stdout; what it writes
    /// later is still logged.
    @Test func outputIsReadOnAfterTheExit() throws {
        // Timed from before the spawn: the child's sleep starts during it, and on a busy machine
        // a spawn takes long enough for a clock read after it to see less than the 0.3 s.
        let started = Date()
        let process = try Self.spawn("(sleep 0.3; echo late) & echo early")
        let (termination, before, after) = Self.watch(process)
        #expect(termination == .exited(0))
        #expect(before == ["stdout: early"])
        #expect(after == ["stdout: late"])
        #expect(Date().timeIntervalSince(started) >= 0.3)
    }

    @Test func aLineLongerThanTheLimitIsLoggedInPieces() {
        var buffer = LineBuffer(fd: -1, stream: .stdout)
        var lines: [Int] = []
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: LineBuffer.longest + 10) + [UInt8(ascii: "\n")]
        long.withUnsafeBytes { buffer.append($0) { lines.append($0.count) } }
        let exact = [UInt8](repeating: UInt8(ascii: "y"), count: LineBuffer.longest) + [UInt8(ascii: "\n")]
        exact.withUnsafeBytes { buffer.append($0) { lines.append($0.count) } }
        #expect(lines == [LineBuffer.longest, 10, LineBuffer.longest], "a line of exactly the limit is one line")
    }
}
