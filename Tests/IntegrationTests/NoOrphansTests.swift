import Foundation
import MsgHostProtocol
import MsgHostTesting
import Testing

/// No orphans (docs/PROTOCOL.md §4.7): what an extension starts ends with it, whether the
/// extension is terminated or the daemon itself is killed outright and started again.
///
/// The extension (Tests/Fixtures/spawner.py) starts a child and, through a shell, a
/// grandchild, and writes their pids to a file before its hello.
@Suite(.serialized) struct NoOrphansTests {
    static let app = "com.example.spawner"

    /// Opens the spawner on Kate's phone and runs `body` with the pids it started (child,
    /// shell, grandchild); kills whatever of them a failed test leaves behind.
    static func withSpawnerOpen(settings: [String: String] = [:], _ body: (TestDaemon, [Int32]) throws -> Void) throws {
        let record = NSTemporaryDirectory() + "msghost-spawned-\(UUID().uuidString.prefix(8)).json"
        var app = TestDaemon.App.fixture("spawner.py", bundleID: Self.app)
        app.args += ["--record", record]
        var pids: [Int32] = []
        defer {
            ProcessTable.killLeftovers(pids, command: ["sleep", "sh"])
            try? FileManager.default.removeItem(atPath: record)
        }
        try TestDaemon.with(apps: [app], settings: settings) { daemon in
            try daemon.open(Self.app, on: "kate-iphone")
            let recorded = try JSONDecoder().decode(
                [String: Int32].self, from: Data(contentsOf: URL(fileURLWithPath: record)))
            #expect(recorded.keys.sorted() == ["child", "grandchild", "shell"])
            pids = recorded.values.sorted()
            #expect(pids.allSatisfy(ProcessTable.isRunning), "all started")
            try body(daemon, pids)
        }
    }

    @Test func whatAnExtensionStartedEndsWhenItIsTerminated() throws {
        try Self.withSpawnerOpen(settings: ["clock": "manual", "extensions.idleGraceMs": "1000"]) { daemon, pids in
            try daemon.close("kate-iphone")
            try daemon.advance(1000)  // the idle grace: `terminate`, acknowledged, and the extension exits
            try daemon.settle()
            #expect(try daemon.status().extensions.isEmpty)
            #expect(try daemon.events(kind: "terminated").first?.detail?.hasPrefix("idle") == true)
            try daemon.eventually("its child and grandchild ended with it", timeout: 5) {
                !pids.contains(where: ProcessTable.isRunning)
            }
        }
    }

    @Test func whatAnExtensionStartedEndsWhenTheKilledDaemonRestarts() throws {
        try Self.withSpawnerOpen { daemon, pids in
            let leader = try #require(try daemon.status().extensions.first?.pid)
            kill(daemon.pid, SIGKILL)
            #expect(daemon.waitForExit() != nil)
            try daemon.eventually("the extension died with the daemon", timeout: 5) {
                !ProcessTable.isRunning(Int32(leader))
            }
            try daemon.restart()
            try daemon.eventually("the restarted daemon ended what it had started", timeout: 5) {
                !pids.contains(where: ProcessTable.isRunning)
            }
            #expect(try daemon.status().extensions.isEmpty, "a restart starts clean")
        }
    }
}
