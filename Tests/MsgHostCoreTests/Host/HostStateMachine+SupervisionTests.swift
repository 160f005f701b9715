@testable import MsgHostCore
import MsgHostProtocol
import Testing

/// Supervision in the core (SPEC §6): memory limits and quarantine, driven by the events the
/// shell would send (measurements, exits).
@Suite struct HostStateMachineSupervisionTests {
    @Test func memoryAboveTheLimitKillsWithReasonMemoryAndBelowDoesNothing() throws {
        var h = try HostHarness(memoryLimitMB: 64)
        _ = try h.openConnected()
        let below = h.machine.memoryMeasured(launchID: h.launchID, bytes: 64 << 20, now: h.now)
        #expect(below.signals.isEmpty && below.events.isEmpty, "at the limit is not above it")
        let above = h.machine.memoryMeasured(launchID: h.launchID, bytes: (64 << 20) + 1, now: h.now)
        #expect(above.events.map(\.kind) == ["memoryExceeded", "terminating"])
        #expect(above.signals == [.kill])
        #expect(above.callbacks.first?.header.type == CallbackType.terminate.rawValue)
        #expect(try above.callbacks.first?.decodeBody(TerminateBody.self).reason == "memory")
        let again = h.machine.memoryMeasured(launchID: h.launchID, bytes: 1 << 40, now: h.now)
        #expect(again.signals.isEmpty, "a process on its way out is not killed twice")
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
        let refused = try h.controlReply(ControlCommand.open.rawValue, OpenRequest(device: HostHarness.amberPhone, conversation: HostHarness.conversation, app: HostHarness.app))
        #expect(refused.error?.isControl(.quarantined) == true)
        let status = try h.controlReply(ControlCommand.status.rawValue).decodeBody(StatusResult.self)
        #expect(status.quarantined == ["\(HostHarness.amberPhone) \(HostHarness.app)"])
        #expect(try h.controlReply(ControlCommand.reset.rawValue, DeviceAppRequest(device: HostHarness.amberPhone, app: HostHarness.app)).isOK)
        _ = try h.openConnected()
    }
}
