import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting
import Testing

/// How `TestDaemon` knows that its daemon is up and that it is gone: `READY=1` on a
/// NOTIFY_SOCKET of its own, the exit of the process, never a retry loop.
@Suite struct TestDaemonTests {
    /// A stand-in for msghostd, started through `wrapper` (which gets the daemon's path and
    /// arguments after it, and ignores them): a Python script. It unblocks the signals it
    /// inherits blocked (Foundation's `Process` passes on the mask of the spawning thread, a
    /// Dispatch one here) so that SIGTERM ends it, as msghostd's own handlers do.
    static func standIn(_ script: String) -> [String] {
        [
            "/usr/bin/env", "python3", "-c",
            "import os, signal, socket, sys, time\nsignal.pthread_sigmask(signal.SIG_SETMASK, [])\n" + script,
        ]
    }

    static func monotonicNanos() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    @Test func startWaitsForReadyOnItsNotifySocketThenConnects() throws {
        try TestDaemon.with(apps: []) { daemon in
            let environment = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(daemon.pid)/environ")).split(
                separator: 0
            ).map { String(decoding: $0, as: UTF8.self) }
            let notify = environment.filter { $0.hasPrefix("NOTIFY_SOCKET=") }
            #expect(notify.count == 1 && notify[0].hasPrefix("NOTIFY_SOCKET=@msghost-test-"), "\(notify)")
            let start = try #require(daemon.lastStart, "the start saw no READY")
            #expect(start.connected >= start.ready, "the control client connected before READY")
            #expect(
                try daemon.control.request(.status, as: StatusResult.self, timeout: 10).daemon.pid == Int(daemon.pid))
            // A restart (after the test killed the daemon) waits for the new READY the same way.
            kill(daemon.pid, SIGKILL)
            #expect(daemon.waitForExit() != nil)
            try daemon.restart()
            let restart = try #require(daemon.lastStart)
            #expect(restart.ready > start.connected && restart.connected >= restart.ready)
            #expect(
                try daemon.control.request(.status, as: StatusResult.self, timeout: 10).daemon.pid == Int(daemon.pid))
        }
    }

    @Test func startReturnsOnReadyWithoutAskingTheControlEndpoint() throws {
        // No control endpoint at all: only READY=1. Asking `status` would wait 20 s and fail.
        let wrapper = Self.standIn(
            """
            name = os.environ["NOTIFY_SOCKET"]
            sender = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            sender.sendto(b"READY=1", "\\0" + name[1:] if name.startswith("@") else name)
            time.sleep(60)
            """)
        try TestDaemon.with(apps: [], wrapper: wrapper) { daemon in
            #expect(daemon.isRunning)
        }
    }

    @Test func aDaemonThatExitsBeforeReadyFailsStartAtOnceWithItsOutput() throws {
        let wrapper = Self.standIn(#"print("msghostd: cannot bind: the sky fell", file=sys.stderr); sys.exit(3)"#)
        let began = Self.monotonicNanos()
        let error = try #require(throws: TestDaemonError.self) {
            try TestDaemon.with(apps: [], wrapper: wrapper) { _ in Issue.record("the body ran") }
        }
        let seconds = Double(Self.monotonicNanos() - began) / 1e9
        #expect(seconds < TestDaemon.startTimeout / 2, "start waited \(seconds) s: for its timeout, not for the exit")
        #expect(error.description.contains("exited with status 3"), "\(error)")
        #expect(error.description.contains("the sky fell"), "\(error)")
    }

    @Test func stopReturnsTheExitOfTheDaemonAndRemovesItsDirectory() throws {
        var pid: Int32 = 0
        try TestDaemon.with(apps: []) { daemon in
            pid = daemon.pid
            daemon.stop()
            #expect(!daemon.isRunning)
            #expect(
                !FileManager.default.fileExists(atPath: daemon.directory), "the directory is gone when stop returns")
            #expect(daemon.waitForExit(timeout: 0) == 0, "SIGTERM: a clean stop")
        }
        #expect(kill(pid, 0) != 0, "the daemon was reaped")
    }
}
