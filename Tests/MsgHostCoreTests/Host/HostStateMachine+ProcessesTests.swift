import HashTreeCollections
import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// Pins down extension process lifetimes (SPEC §6, PROTOCOL §4.3): once nothing is active an
/// idle timer starts, and firing it sends `terminate`, then SIGTERM, then SIGKILL, each after its
/// grace; an exited process is forgotten; a launch with no hello in time is killed and the
/// waiting `open` fails with `launchFailed`; an unacknowledged callback kills the process as
/// unresponsive; shutdown ends every process and reports `.stopped` once none is left.
@Suite struct HostStateMachineProcessesTests {
    static let open = OpenRequest(
        device: HostHarness.amberPhone, conversation: HostHarness.conversation, app: HostHarness.app)

    static func timer(
        _ actions: [HostAction], sourceLocation: SourceLocation = #_sourceLocation, _ match: (TimerID) -> Bool
    ) throws -> (TimerID, Instant) {
        try #require(actions.timers.first { match($0.0) }, sourceLocation: sourceLocation)
    }

    /// Opens, connects, closes and acknowledges everything: returns the actions of the last ack.
    static func closed(_ h: inout HostHarness) throws -> [HostAction] {
        _ = try h.openConnected()
        let (_, closing) = h.control(.user(.close(DeviceRequest(device: HostHarness.amberPhone))))
        return h.ackAll(from: closing).actions
    }

    @Test func closingStartsTheIdleTimerAfterTheLastAck() throws {
        var h = try HostHarness()
        let actions = try Self.closed(&h)
        let launchID = h.launchID
        let idle = try Self.timer(actions) { if case .idle(launchID, _) = $0 { true } else { false } }
        #expect(idle.1 == h.now.adding(milliseconds: HostSettings().idleGraceMs))
    }

    @Test func anOpenAppGetsNoIdleTimer() throws {
        var h = try HostHarness()
        let (_, opened) = h.control(.user(.open(Self.open)))
        _ = h.processStarted()
        let hello = h.hello()
        let all = opened + hello + h.ackAll(from: hello).actions
        #expect(all.controlReplies.first?.isOK == true)
        #expect(!all.timers.contains { if case .idle = $0.0 { true } else { false } })
    }

    @Test func theIdleTimerSendsTerminateThenSIGTERMThenSIGKILL() throws {
        var settings = HostSettings()
        settings.terminateGraceMs = 300
        settings.killGraceMs = 700
        var h = try HostHarness(settings: settings)
        let closed = try Self.closed(&h)
        let idle = try Self.timer(closed) { if case .idle = $0 { true } else { false } }

        let terminating = h.fire(idle.0, at: idle.1)
        let notice = try #require(terminating.callbacks.first)
        #expect(terminating.callbacks.count == 1)
        #expect(notice.header.type == "terminate")
        let body = try notice.decodeBody(TerminateBody.self)
        #expect(body.reason == "idle")
        #expect(body.graceMs == 300)
        #expect(terminating.signals.isEmpty, "the notice comes first; signals only after the grace")
        let escalate = try Self.timer(terminating) { $0 == .escalate(launchID: h.launchID, .terminate) }
        #expect(escalate.1 == h.now.adding(milliseconds: 300))

        let answer = h.ack(notice)
        #expect(answer.isEmpty, "the reply to terminate is expected and ignored")

        let sigterm = h.fire(escalate.0, at: escalate.1)
        #expect(sigterm.signals == [.terminate])
        let kill = try Self.timer(sigterm) { $0 == .escalate(launchID: h.launchID, .kill) }
        #expect(kill.1 == h.now.adding(milliseconds: 700))
        let sigkill = h.fire(kill.0, at: kill.1)
        #expect(sigkill.signals == [.kill])
    }

    @Test func aStaleIdleTimerDoesNothingOnceTheAppIsOpenAgain() throws {
        var h = try HostHarness()
        let closed = try Self.closed(&h)
        let idle = try Self.timer(closed) { if case .idle = $0 { true } else { false } }
        _ = try h.openConnected()
        let stale = h.fire(idle.0, at: idle.1)
        #expect(stale.isEmpty)
    }

    @Test func processExitedForgetsTheProcess() throws {
        var h = try HostHarness()
        let closed = try Self.closed(&h)
        let idle = try Self.timer(closed) { if case .idle = $0 { true } else { false } }
        _ = h.fire(idle.0, at: idle.1)
        let exited = h.processExited(status: "exit 0")
        #expect(exited.events.last?.kind == "terminated")
        let status = try h.controlReply(.observation(.status)).result(StatusResult.self)
        #expect(status.extensions.isEmpty)
        // Its timers are now no-ops.
        let late = h.fire(.escalate(launchID: h.launchID, .terminate), at: h.now)
        #expect(late.isEmpty)
    }

    @Test func aCrashFailsTheWaitingRequestWithExtensionFailed() throws {
        var h = try HostHarness()
        let (openID, _) = h.control(.user(.open(Self.open)))
        _ = h.hello()
        let exited = h.processExited(status: "signal 11")
        let reply = try #require(exited.controlReplies.first { $0.header.replyTo == openID })
        #expect(reply.error?.isControl(.extensionFailed) == true)
        #expect(exited.events.contains { $0.kind == "crashed" })
    }

    @Test func aProcessThatExitsBeforeHelloFailsOpenWithLaunchFailed() throws {
        var h = try HostHarness()
        let (openID, _) = h.control(.user(.open(Self.open)))
        let exited = h.processExited(status: "exit 127")
        let reply = try #require(exited.controlReplies.first { $0.header.replyTo == openID })
        #expect(reply.error?.isControl(.launchFailed) == true)
    }

    @Test func aLaunchWithNoHelloInTimeIsKilled() throws {
        var h = try HostHarness()
        let (_, opened) = h.control(.user(.open(Self.open)))
        let timeout = try Self.timer(opened) { if case .launchTimeout = $0 { true } else { false } }
        let actions = h.fire(timeout.0, at: timeout.1)
        #expect(actions.signals.contains(.kill))
        #expect(actions.events.contains { $0.kind == "launchTimedOut" })
    }

    @Test
    func aLaunchWithNoHelloInTimeFailsTheWaitingOpenWithLaunchFailed() throws {
        var h = try HostHarness()
        let (openID, opened) = h.control(.user(.open(Self.open)))
        let timeout = try Self.timer(opened) { if case .launchTimeout = $0 { true } else { false } }
        var actions = h.fire(timeout.0, at: timeout.1)
        actions += h.processExited(status: "signal 9")
        let reply = try #require(actions.controlReplies.first { $0.header.replyTo == openID })
        let error = try #require(reply.error)
        #expect(error.isControl(.launchFailed), "got \(error.name): \(error.description)")
    }

    @Test func aLaunchTimerThatFiresAfterHelloDoesNothing() throws {
        var h = try HostHarness()
        let (_, opened) = h.control(.user(.open(Self.open)))
        let timeout = try Self.timer(opened) { if case .launchTimeout = $0 { true } else { false } }
        _ = h.hello()
        let late = h.fire(timeout.0, at: timeout.1)
        #expect(late.isEmpty)
    }

    @Test func anUnacknowledgedCallbackKillsTheProcessAsUnresponsive() throws {
        var h = try HostHarness()
        let (openID, _) = h.control(.user(.open(Self.open)))
        let hello = h.hello()
        let response = try Self.timer(hello) { if case .responseTimeout = $0 { true } else { false } }
        #expect(response.1 == h.now.adding(milliseconds: HostSettings().responseTimeoutMs))
        let actions = h.fire(response.0, at: response.1)
        #expect(actions.signals.last == .kill)
        #expect(actions.events.contains { $0.kind == "unresponsive" })
        let reply = try #require(actions.controlReplies.first { $0.header.replyTo == openID })
        #expect(reply.error?.isControl(.extensionFailed) == true)
    }

    @Test func aResponseTimerForAnAcknowledgedCallbackDoesNothing() throws {
        var h = try HostHarness()
        _ = h.control(.user(.open(Self.open)))
        let hello = h.hello()
        let response = try Self.timer(hello) { if case .responseTimeout = $0 { true } else { false } }
        _ = h.ack(try #require(hello.callbacks.first))
        let late = h.fire(response.0, at: response.1)
        #expect(late.isEmpty)
    }

    @Test func shutdownWithNoProcessStopsAtOnce() throws {
        var h = try HostHarness()
        let actions = h.machine.shutdownRequested(now: h.now)
        #expect(actions.last == .stopped)
        #expect(actions.signals.isEmpty)
    }

    @Test func shutdownTerminatesEveryProcessAndStopsOnceTheLastExits() throws {
        var h = try HostHarness()
        _ = try h.openConnected()
        let actions = h.machine.shutdownRequested(now: h.now)
        #expect(!actions.didStop)
        let notice = try #require(actions.callbacks.first)
        #expect(notice.header.type == "terminate")
        #expect(try notice.decodeBody(TerminateBody.self).reason == "daemonStopping")
        #expect(actions.timers.contains { $0.0 == .shutdownDeadline })
        let exited = h.processExited(status: "exit 0")
        #expect(exited.last == .stopped)
    }

    @Test func theShutdownDeadlineKillsWhatIsLeft() throws {
        var h = try HostHarness()
        _ = try h.openConnected()
        let actions = h.machine.shutdownRequested(now: h.now)
        let deadline = try Self.timer(actions) { $0 == .shutdownDeadline }
        let killed = h.fire(deadline.0, at: deadline.1)
        #expect(killed.signals == [.kill])
    }

    @Test func messagesAConnectionCouldNotTakeAreOneEventNamingItsAppAndACounter() throws {
        var h = try HostHarness()
        _ = try h.openConnected()
        let events = h.machine.messagesUndeliverable(
            route: h.route, count: 3, reason: "its queue is full (it is not reading)", now: h.now
        ).events
        #expect(events.count == 1)
        #expect(events.first?.kind == "undeliverable")
        #expect(events.first?.app == HostHarness.app && events.first?.device == HostHarness.amberPhone)
        #expect(events.first?.detail == "3 messages not taken: its queue is full (it is not reading)")
        let stranger = h.machine.messagesUndeliverable(
            route: Array("gone".utf8), count: 1, reason: "it is not connected", now: h.now
        ).events
        #expect(stranger.first?.app == nil && stranger.first?.detail == "1 message not taken: it is not connected")
        #expect(h.machine.outbox.counters.byName["undeliverableMessages"] == 4)
        #expect(h.machine.screens.presented[HostHarness.amberPhone] != nil, "nothing else changes")
    }
}
