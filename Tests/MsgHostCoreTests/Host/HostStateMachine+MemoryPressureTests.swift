import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// The control `memoryPressure` (PROTOCOL.md §4.7 "Memory", §7): the system short of memory
/// whatever the process holds — a warning it must be able to hear, or an end at once.
@Suite struct HostStateMachineMemoryPressureTests {
    static func pressure(_ level: String, app: String = HostHarness.app) -> ControlRequest {
        .supervision(.memoryPressure(MemoryPressureRequest(device: HostHarness.amberPhone, app: app, level: level)))
    }

    @Test func aWarningReachesTheRunningProcessWithTheAppsLinesAndItsReplyIsExpected() throws {
        var h = try HostHarness(memoryLimitMB: 64, memoryWarningMB: 48)
        _ = try h.openConnected()
        _ = h.machine.memoryMeasured(launchID: h.launchID, bytes: 10 << 20, now: h.now)
        let (id, actions) = h.control(Self.pressure("warning"))
        #expect(actions.controlReplies.first { $0.header.replyTo == id }?.isOK == true)
        #expect(actions.events.map(\.kind) == ["memoryWarning"] && actions.signals.isEmpty)
        let warning = try #require(actions.callbacks.first)
        #expect(warning.header.type == CallbackType.didReceiveMemoryWarning.rawValue)
        #expect(
            try warning.decodeBody(MemoryWarningBody.self)
                == MemoryWarningBody(residentBytes: 10 << 20, warningBytes: 48 << 20, limitBytes: 64 << 20))
        #expect(h.ack(warning).events.isEmpty, "its reply is the warning's, not an unexpected one")
        #expect((h.machine.outbox.counters.byName["unexpectedReplies"] ?? 0) == 0)
    }

    @Test func anAppWithNoLinesIsWarnedAtItsLastSample() throws {
        var h = try HostHarness()
        _ = try h.openConnected()
        let warning = try #require(h.control(Self.pressure("warning")).actions.callbacks.first)
        #expect(
            try warning.decodeBody(MemoryWarningBody.self)
                == MemoryWarningBody(residentBytes: 0, warningBytes: 0, limitBytes: nil))
    }

    @Test func criticalKillsTheProcessUnwarnedAndTheOpenAppWithIt() throws {
        var h = try HostHarness()
        _ = try h.openConnected()
        let (id, actions) = h.control(Self.pressure("critical"))
        #expect(actions.controlReplies.first { $0.header.replyTo == id }?.isOK == true)
        #expect(actions.signals == [.kill])
        #expect(actions.events.map(\.kind).contains("terminating"))
        #expect(
            !actions.callbacks.contains { $0.header.type == CallbackType.terminate.rawValue },
            "unwarned, as iOS ends it")
        let exited = h.processExited(status: "signal 9")
        #expect(!exited.events.map(\.kind).contains("crashed"), "asked for: not a crash")
        #expect(exited.events.first { $0.kind == "terminated" }?.name == "memoryPressure")
    }

    @Test func withNothingRunningOrABadLevelItIsRefusedNamingWhy() throws {
        var h = try HostHarness()
        let idle = try h.controlReply(Self.pressure("warning"))
        #expect(
            idle.error?.isControl(.invalidState) == true
                && idle.error?.description.contains("no process of \(HostHarness.app)") == true)
        _ = try h.openConnected()
        let level = try h.controlReply(Self.pressure("low"))
        #expect(level.error?.isControl(.invalidRequest) == true && level.error?.description.contains("\"low\"") == true)
        #expect(
            try h.controlReply(Self.pressure("warning", app: "com.example.nope")).error?.isControl(.notFound) == true)
        #expect(
            try h.controlReply(
                .supervision(
                    .memoryPressure(MemoryPressureRequest(device: "nobody", app: HostHarness.app, level: "warning")))
            ).error?.isControl(.notFound) == true)
    }
}
