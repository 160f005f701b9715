import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// Supervision in the core (SPEC §6): memory limits and quarantine, driven by the events the
/// shell would send (measurements, exits).
@Suite struct HostStateMachineSupervisionTests {
    @Test func memoryAboveTheLimitKillsWithReasonMemoryAndBelowDoesNothing() throws {
        var h = try HostHarness(memoryLimitMB: 64)
        _ = try h.openConnected()
        let below = h.machine.memoryMeasured(launchID: h.launchID, bytes: 64 << 20, now: h.now)
        #expect(
            below.signals.isEmpty && below.events.map(\.kind) == ["memoryWarning"],
            "at the limit is not above it (but above 4/5 of it)")
        let above = h.machine.memoryMeasured(launchID: h.launchID, bytes: (64 << 20) + 1, now: h.now)
        #expect(above.events.map(\.kind) == ["memoryExceeded", "terminating"])
        #expect(above.signals == [.kill])
        #expect(above.callbacks.first?.header.type == CallbackType.terminate.rawValue)
        #expect(try above.callbacks.first?.decodeBody(TerminateBody.self).reason == "memory")
        let again = h.machine.memoryMeasured(launchID: h.launchID, bytes: 1 << 40, now: h.now)
        #expect(again.signals.isEmpty, "a process on its way out is not killed twice")
    }

    @Test func theSoftLineWarnsOncePerCrossingBeforeTheLimitKills() throws {
        var h = try HostHarness(memoryLimitMB: 64, memoryWarningMB: 48)
        _ = try h.openConnected()
        #expect(
            h.machine.memoryMeasured(launchID: h.launchID, bytes: 48 << 20, now: h.now).callbacks.isEmpty,
            "at the line is not above it")
        let crossed = h.machine.memoryMeasured(launchID: h.launchID, bytes: (48 << 20) + 1, now: h.now)
        #expect(crossed.events.map(\.kind) == ["memoryWarning"] && crossed.signals.isEmpty)
        let warning = try #require(crossed.callbacks.first)
        #expect(warning.header.type == CallbackType.didReceiveMemoryWarning.rawValue)
        #expect(
            try warning.decodeBody(MemoryWarningBody.self)
                == MemoryWarningBody(residentBytes: (48 << 20) + 1, warningBytes: 48 << 20, limitBytes: 64 << 20))
        let stillAbove = h.machine.memoryMeasured(launchID: h.launchID, bytes: 60 << 20, now: h.now)
        #expect(stillAbove.callbacks.isEmpty && stillAbove.events.isEmpty, "once per crossing")
        // Its reply is expected: not an unexpected reply.
        #expect(h.ack(warning).events.isEmpty)
        #expect(
            h.machine.outbox.counters.byName["unexpectedReplies"] == nil
                || h.machine.outbox.counters.byName["unexpectedReplies"] == 0)
        _ = h.machine.memoryMeasured(launchID: h.launchID, bytes: 40 << 20, now: h.now)
        let again = h.machine.memoryMeasured(launchID: h.launchID, bytes: 50 << 20, now: h.now)
        #expect(
            again.callbacks.map(\.header.type) == [CallbackType.didReceiveMemoryWarning.rawValue],
            "fell below, crossed again")
        let killed = h.machine.memoryMeasured(launchID: h.launchID, bytes: (64 << 20) + 1, now: h.now)
        #expect(killed.events.map(\.kind) == ["memoryExceeded", "terminating"] && killed.signals == [.kill])
    }

    @Test func theLinesComeFromTheManifestOrFourFifthsOfTheLimit() {
        let own = MemoryThresholds(
            AppDescriptor(bundleID: "a", displayName: "A", memoryLimitBytes: 100 << 20, memoryWarningBytes: 10 << 20))
        #expect(own.warningBytes == 10 << 20 && own.limitBytes == 100 << 20)
        let share = MemoryThresholds(AppDescriptor(bundleID: "a", displayName: "A", memoryLimitBytes: 100 << 20))
        #expect(share.warningBytes == 80 << 20)
        let warnOnly = MemoryThresholds(AppDescriptor(bundleID: "a", displayName: "A", memoryWarningBytes: 10 << 20))
        #expect(
            warnOnly.judge(bytes: 1 << 40, warned: false) == .warn
                && warnOnly.judge(bytes: 1 << 40, warned: true) == .none)
        #expect(
            MemoryThresholds(AppDescriptor(bundleID: "a", displayName: "A")).judge(bytes: 1 << 40, warned: false)
                == .none)
        #expect(share.judge(bytes: (100 << 20) + 1, warned: false) == .kill, "a jump past both lines kills unwarned")
        #expect(
            share.judge(bytes: 80 << 20, warned: true) == .rearm && share.judge(bytes: 80 << 20, warned: false) == .none
        )
    }

    @Test func aLaunchingProcessIsWarnedOnlyOnceItSaidHello() throws {
        var h = try HostHarness(memoryLimitMB: 64)
        _ = h.control(
            .user(
                .open(
                    OpenRequest(
                        device: HostHarness.amberPhone, conversation: HostHarness.conversation, app: HostHarness.app))))
        _ = h.processStarted()
        #expect(h.machine.memoryMeasured(launchID: h.launchID, bytes: 60 << 20, now: h.now).callbacks.isEmpty)
        _ = h.hello()
        let warned = h.machine.memoryMeasured(launchID: h.launchID, bytes: 60 << 20, now: h.now)
        #expect(warned.callbacks.contains { $0.header.type == CallbackType.didReceiveMemoryWarning.rawValue })
    }

    @Test func crashesWhileNeededQuarantineTheAppOnThatDeviceUntilReset() throws {
        var settings = HostSettings()
        settings.crashLimit = 2
        var h = try HostHarness(settings: settings)
        for _ in 0..<2 {
            _ = try h.openConnected()
            _ = h.processExited(status: "signal 11")
        }
        #expect(h.machine.processes.isQuarantined(ProcessKey(device: HostHarness.amberPhone, app: HostHarness.app)))
        let refused = try h.controlReply(
            .user(
                .open(
                    OpenRequest(
                        device: HostHarness.amberPhone, conversation: HostHarness.conversation, app: HostHarness.app))))
        #expect(refused.error?.isControl(.quarantined) == true)
        let status = try h.controlReply(.observation(.status)).result(StatusResult.self)
        #expect(status.quarantined == ["\(HostHarness.amberPhone) \(HostHarness.app)"])
        #expect(
            try h.controlReply(
                .supervision(.reset(DeviceAppRequest(device: HostHarness.amberPhone, app: HostHarness.app)))
            ).isOK)
        _ = try h.openConnected()
    }
}
