import Foundation
import MsgHostTesting

/// What a test feels: a test harness's start + stop of a daemon, against the
/// daemon's own start → READY + SIGTERM → exit with the same world and settings, a fresh
/// directory each time.
///
/// The harnesses: Python's `msghost_daemon` fixture (`benchmarks/python/harness.py`, one
/// interpreter for all its starts, as a pytest session) and Swift's `TestDaemon.with`, run
/// in this process against the msghostd under test. Both write their files, start the daemon,
/// wait until it is ready, connect their control client, then stop it; what they add to the
/// daemon's own figure is what the harness costs a test.
struct HarnessSuite {
    let binary: String
    let directory: String
    let programs: Programs

    /// The world and settings both harnesses give a daemon by default: Kate and John, an
    /// iPhone each, one conversation, no apps; debug logs and short grace periods
    /// (`TestDaemon`, `msghost.testing.DEFAULT_SETTINGS`).
    static var world: BenchWorld {
        BenchWorld(
            pairs: 1, apps: [],
            settings: [
                "log.level": "debug", "extensions.idleGraceMs": 200, "extensions.terminateGraceMs": 200,
                "extensions.killGraceMs": 1000,
            ])
    }

    init(binary: String, directory: String, programs: Programs) throws {
        (self.binary, self.directory, self.programs) = (binary, directory + "/harness", programs)
        // TestDaemon runs the msghostd this names (TestPaths reads it once, at its first use).
        setenv("MSGHOSTD_BINARY", binary, 1)
        guard TestPaths.msghostd == binary else {
            throw Processes.SpawnError(description: "TestDaemon would run \(TestPaths.msghostd), not \(binary)")
        }
    }

    /// Milliseconds from `posix_spawn` to READY=1 plus from SIGTERM to the exit (reaped), each
    /// start in a fresh directory.
    func own(_ count: Int) throws -> [Double] {
        try (0...count).map { n in
            let daemon = try BenchDaemon(
                binary: self.binary, directory: "\(self.directory)/own-\(n)", world: Self.world)
            defer { try? FileManager.default.removeItem(atPath: daemon.directory) }
            let ready = try daemon.start()
            return ready + daemon.stopTimed()
        }.dropFirst().map { $0 }  // the first warms up, as the harnesses' first does
    }

    /// Milliseconds of `TestDaemon.with(apps: []) { _ in }`: directory and files made, daemon
    /// started and ready, control client connected; daemon stopped, directory removed.
    func swift(_ count: Int) throws -> [Double] {
        try (0...count).map { _ in
            let began = monotonicNanos()
            try TestDaemon.with(apps: []) { _ in }
            return Double(monotonicNanos() - began) / 1e6
        }.dropFirst().map { $0 }  // the first warms up
    }

    /// Milliseconds of the Python fixture's start + stop (`benchmarks/python/harness.py`).
    func python(_ count: Int) throws -> [Double] {
        let script = self.programs.pythonHarness
        let output = try Processes.capture(
            self.programs.python, [script, self.binary, self.directory + "/python", String(count)],
            environment: ProcessInfo.processInfo.environment.merging(["PYTHONPATH": self.programs.pythonPath]) { $1 })
        guard let line = output.split(separator: "\n").last,
            let times = try? JSONDecoder().decode([Double].self, from: Data(line.utf8)),
            times.count == count
        else { throw Processes.SpawnError(description: "\(script) printed no \(count) times:\n\(output)") }
        return times
    }
}
