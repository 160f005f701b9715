import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting
import Testing

/// Extension processes under supervision (SPEC §6), with real misbehaving processes and the
/// manual clock: time moves only when the test says, and `settle` replaces every sleep.
@Suite(.serialized) struct SupervisionTests {
    static let manual = ["clock": "manual"]
    static let app = "com.example.recorder"
    static let problemApp = "com.example.problem"

    static func problem(_ args: [String] = [], manifest: [String: String] = [:]) -> TestDaemon.App {
        var app = TestDaemon.App.fixture("problem.py", bundleID: problemApp)
        app.args += args
        app.manifest = manifest
        return app
    }

    @Test func idleTerminationHappensExactlyAtTheGraceAndTheNextOpenIsCold() throws {
        try TestDaemon.with(
            apps: [.fixture("recorder.py", bundleID: Self.app)],
            settings: Self.manual.merging(["extensions.idleGraceMs": "1000"]) { $1 }
        ) { daemon in
            try daemon.open(Self.app, on: "kate-iphone")
            let firstPID = try #require(try daemon.status().extensions.first?.pid)
            try daemon.close("kate-iphone")
            try daemon.advance(999)
            try daemon.settle()
            #expect(try daemon.status().extensions.map(\.state) == ["running"], "1 ms before the grace it still runs")
            try daemon.advance(1)
            try daemon.settle()
            #expect(try daemon.status().extensions.isEmpty, "terminated at the grace")
            #expect(try daemon.events(kind: "terminated").first?.detail?.hasPrefix("idle") == true)

            let again = try daemon.open(Self.app, on: "kate-iphone")
            let secondPID = try #require(try daemon.status().extensions.first?.pid)
            #expect(secondPID != firstPID)
            #expect(try daemon.callbacks(Self.app, instance: again.instance) == LifecycleOrderTests.coldStart)
        }
    }

    @Test func crashesAreReportedRelaunchedAndQuarantinedUntilReset() throws {
        try TestDaemon.with(
            apps: [Self.problem()], settings: Self.manual.merging(["extensions.crashLimit": "3"]) { $1 }
        ) { daemon in
            var pids: Set<Int> = []
            for attempt in 1...3 {
                try daemon.open(Self.problemApp, on: "kate-iphone")
                pids.insert(try #require(try daemon.status().extensions.first?.pid))
                let crash = #expect(throws: WireError.self) {
                    try daemon.touch("kate-iphone", payload: .object(["do": .string("crash")]))
                }
                #expect(crash?.isControl(.extensionFailed) == true, "attempt \(attempt)")
                try daemon.settle()
            }
            #expect(pids.count == 3, "each need relaunched it")
            #expect(try daemon.events(kind: "crashed").count == 3)
            #expect(try daemon.events(kind: "quarantined").count == 1)
            let refused = #expect(throws: WireError.self) { try daemon.open(Self.problemApp, on: "kate-iphone") }
            #expect(refused?.isControl(.quarantined) == true)
            #expect(try daemon.status().quarantined == ["kate-iphone \(Self.problemApp)"])
            // Another device is not affected; reset lifts it.
            try daemon.open(Self.problemApp, on: "john-iphone")
            try daemon.control(.reset, DeviceAppRequest(device: "kate-iphone", app: Self.problemApp))
            try daemon.open(Self.problemApp, on: "kate-iphone")
        }
    }

    @Test(arguments: ["hang", "stop"])
    func anUnansweredCallbackMakesTheExtensionUnresponsive(behaviour: String) throws {
        try TestDaemon.with(apps: [Self.problem(manifest: ["responseTimeoutMs": "2000"])], settings: Self.manual) {
            daemon in
            try daemon.open(Self.problemApp, on: "kate-iphone")
            let pid = try #require(try daemon.status().extensions.first?.pid)
            let touch = daemon.detached {
                try $0.request(
                    .touch, TouchRequest(device: "kate-iphone", payload: .object(["do": .string(behaviour)])),
                    as: Empty.self)
            }
            try daemon.eventually("the touch is in flight") { try daemon.events(kind: "touch").count == 1 }
            try daemon.advance(1999)
            #expect(try daemon.events(kind: "unresponsive").isEmpty)
            try daemon.advance(1)
            let error = #expect(throws: WireError.self) { try touch.value() }
            #expect(error?.isControl(.extensionFailed) == true)
            try daemon.settle()
            #expect(try daemon.events(kind: "unresponsive").count == 1)
            #expect(kill(pid_t(pid), 0) != 0, "killed")
            #expect(try daemon.status().extensions.isEmpty)
        }
    }

    @Test func growingPastTheMemoryLimitKillsWithReasonMemory() throws {
        try TestDaemon.with(apps: [Self.problem(manifest: ["memoryLimitMB": "64"])], settings: Self.manual) { daemon in
            try daemon.open(Self.problemApp, on: "kate-iphone")
            // Killed when a sample catches it: right after it answers the touch, or while it is
            // still growing (then the touch itself fails, naming the reason).
            do {
                try daemon.touch("kate-iphone", payload: .object(["do": .string("grow"), "mb": .number(128)]))
            } catch let error as WireError {
                #expect(error.isControl(.extensionFailed) && error.description.contains("(memory)"), "\(error)")
            }
            try daemon.settle()
            #expect(try daemon.events(kind: "memoryExceeded").count == 1)
            let terminated = try #require(try daemon.events(kind: "terminated").first)
            #expect(terminated.detail?.hasPrefix("memory") == true)
            #expect(try daemon.status().extensions.isEmpty)
        }
    }

    @Test func memoryPressureWarnsTheRunningExtensionOrEndsItToBeLaunchedColdNext() throws {
        try TestDaemon.with(apps: [Self.problem()], settings: Self.manual) { daemon in
            try daemon.open(Self.problemApp, on: "kate-iphone")
            try daemon.control(
                .memoryPressure, MemoryPressureRequest(device: "kate-iphone", app: Self.problemApp, level: "warning"))
            try daemon.settle()
            #expect(try daemon.events(kind: "memoryWarning").count == 1)
            #expect(try daemon.status().extensions.count == 1, "a warning ends nothing")

            try daemon.control(
                .memoryPressure, MemoryPressureRequest(device: "kate-iphone", app: Self.problemApp, level: "critical"))
            try daemon.settle()
            #expect(try daemon.events(kind: "terminated").map(\.name) == ["memoryPressure"])
            #expect(try daemon.events(kind: "crashed").isEmpty, "asked for, so no crash")
            #expect(try daemon.status().extensions.isEmpty)
            #expect(
                try daemon.control(.view, DeviceRequest(device: "kate-iphone"), as: ViewResult.self).app == nil,
                "the open app went with its process")
            let refused = #expect(throws: WireError.self) {
                try daemon.control(
                    .memoryPressure,
                    MemoryPressureRequest(device: "kate-iphone", app: Self.problemApp, level: "warning"))
            }
            #expect(refused?.isControl(.invalidState) == true)
            try daemon.open(Self.problemApp, on: "kate-iphone")
            #expect(try daemon.events(kind: "launched").count == 2, "launched cold")
        }
    }

    @Test func aMissingHelloIsLaunchFailedAndAWrongTokenIsRefused() throws {
        for args in [["--no-hello"], ["--wrong-token"]] {
            try TestDaemon.with(
                apps: [Self.problem(args, manifest: ["launchTimeoutMs": "3000"])], settings: Self.manual
            ) { daemon in
                let open = daemon.detached {
                    try $0.request(
                        .open,
                        OpenRequest(device: "kate-iphone", conversation: TestDaemon.conversation, app: Self.problemApp),
                        as: OpenResult.self)
                }
                try daemon.eventually("the process started") { try daemon.events(kind: "launched").count == 1 }
                if args == ["--wrong-token"] {
                    try daemon.eventually("the hello was refused") {
                        try daemon.events(kind: "connectionRefused").first?.name == "badToken"
                    }
                }
                try daemon.advance(3000)
                let error = #expect(throws: WireError.self) { try open.value() }
                #expect(error?.isControl(.launchFailed) == true, "\(args)")
                try daemon.settle()
                #expect(try daemon.status().extensions.isEmpty)
            }
        }
    }

    @Test func attachWithTheKeyIsServedAndAskedNotForcedToLeave() throws {
        var app = TestDaemon.App.fixture("recorder.py", bundleID: Self.app)
        app.manifest = ["attachKey": "attach-key-0123456789"]
        try TestDaemon.with(apps: [app], settings: Self.manual) { daemon in
            let wrong = try ProbeExtension(
                endpoint: daemon.extensionEndpoint, token: "not-the-attach-key", app: Self.app)
            try wrong.send("hello", HelloBody(app: Self.app, pid: 1, attachDevice: "kate-iphone"))
            #expect(try wrong.receive().envelope.decodeBody(ReplyStatus.self).failure?.isProtocol(.badToken) == true)

            let attached = try ProbeExtension(
                endpoint: daemon.extensionEndpoint, token: "attach-key-0123456789", app: Self.app)
            try attached.send(
                "hello", HelloBody(app: Self.app, pid: Int(getpid()), sdk: "debugger", attachDevice: "kate-iphone"))
            #expect(try attached.receive().envelope.decodeBody(ReplyStatus.self).isOK)
            #expect(try daemon.status().extensions.first?.attached == true)

            let opening = Thread.detachedResult { try daemon.open(Self.app, on: "kate-iphone") }
            #expect(try attached.acknowledge(4).map(\.type) == LifecycleOrderTests.coldStart)
            _ = try opening.value()
            #expect(try daemon.events(kind: "launching").isEmpty, "no process was started")

            let closing = Thread.detachedResult { try daemon.close("kate-iphone") }
            _ = try attached.acknowledge(4)
            try closing.value()
            try daemon.advance(500)  // idle grace: asked to leave
            let notice = try attached.receive()
            #expect(notice.header.type == "terminate")
            try attached.send("reply", OKReply(Empty()), replyTo: notice.header.id)
            try daemon.settle()
            #expect(try daemon.status().extensions.isEmpty)
            #expect(kill(getpid(), 0) == 0, "never signalled")
        }
    }

    /// Once stopping, the daemon refuses `advanceClock`, so the manual clock must run by itself
    /// for the graces to end: else only SIGKILL would stop this daemon.
    @Test func onTheManualClockAStoppingDaemonEndsAnExtensionThatIgnoresItAndExits() throws {
        let graces = ["extensions.terminateGraceMs": "300", "extensions.killGraceMs": "300"]
        try TestDaemon.with(apps: [Self.problem(["--ignore-stop"])], settings: Self.manual.merging(graces) { $1 }) {
            daemon in
            try daemon.open(Self.problemApp, on: "kate-iphone")
            let pid = try #require(try daemon.status().extensions.first?.pid)
            let started = Date()
            kill(daemon.pid, SIGTERM)
            let status = daemon.waitForExit(timeout: 0.3 + 0.3 + 5)
            #expect(status == 0, "stopped by itself, cleanly, after the graces")
            #expect(Date().timeIntervalSince(started) >= 0.6, "not before the graces ran out")
            #expect(!ProcessTable.isRunning(Int32(pid)), "the extension was killed")
        }
    }

    @Test func noExtensionOutlivesAKilledDaemon() throws {
        try TestDaemon.with(apps: [.fixture("recorder.py", bundleID: Self.app)]) { daemon in
            try daemon.open(Self.app, on: "kate-iphone")
            try daemon.open(Self.app, on: "john-iphone")
            let pids = try daemon.status().extensions.compactMap(\.pid)
            #expect(pids.count == 2)
            kill(daemon.pid, SIGKILL)
            #expect(daemon.waitForExit() != nil)
            try daemon.eventually("every extension died with the daemon") {
                pids.allSatisfy { kill(pid_t($0), 0) != 0 }
            }
            try daemon.restart()
            #expect(try daemon.status().extensions.isEmpty, "a restart starts clean")
        }
    }

    /// A launch failure names the timeout that was applied: the manifest's, over the config's.
    @Test func aLaunchFailureNamesTheManifestsTimeout() throws {
        let app = Self.problem(["--no-hello"], manifest: ["launchTimeoutMs": "300"])
        try TestDaemon.with(apps: [app], settings: Self.manual.merging(["extensions.launchTimeoutMs": "60000"]) { $1 })
        { daemon in
            let opened = daemon.detached { client in
                try client.request(
                    .open,
                    OpenRequest(device: "kate-iphone", conversation: TestDaemon.conversation, app: Self.problemApp),
                    as: OpenResult.self)
            }
            try daemon.eventually("the process is launched") { try daemon.events(kind: "launched").count == 1 }
            try daemon.advance(300)
            do {
                _ = try opened.value()
                Issue.record("the open succeeded without a hello")
            } catch let error as WireError {
                #expect(error.isControl(.launchFailed), "\(error)")
                #expect(
                    error.description.contains("300 ms") && !error.description.contains("60000"), "\(error.description)"
                )
            }
        }
    }

    /// `reset` of an app the daemon has no manifest for is `notFound`, not a silent `ok`.
    @Test func resettingAnUnknownAppIsNotFound() throws {
        try TestDaemon.with(apps: [.fixture("recorder.py", bundleID: Self.app)]) { daemon in
            do {
                try daemon.control(.reset, DeviceAppRequest(device: "kate-iphone", app: "com.example.nope"))
                Issue.record("reset of an unknown app answered ok")
            } catch let error as WireError {
                #expect(error.isControl(.notFound) && error.description.contains("com.example.nope"), "\(error)")
            }
            try daemon.control(.reset, DeviceAppRequest(device: "kate-iphone", app: Self.app))
        }
    }
}
