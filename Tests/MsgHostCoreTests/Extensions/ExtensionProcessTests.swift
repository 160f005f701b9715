import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// An extension process's life: launching → connected → terminating → exited, with what is
/// true in one state kept in that state, and transitions that do not apply changing nothing.
@Suite struct ExtensionProcessTests {
    static let t0 = Instant(milliseconds: 1_000)

    static func launched() -> ExtensionProcess {
        ExtensionProcess(launchID: "l", device: "d", app: "a", installID: "i", token: [], now: t0)
    }

    @Test func aLaunchedProcessWaitsForItsHelloAndConnectsOnce() {
        var process = Self.launched()
        #expect(process.isLaunching && process.route == nil && process.isUnderWay, "settle waits for a hello")
        let connected = process.connect(route: [7])
        #expect(connected && process.state == .connected(route: [7]) && !process.isUnderWay)
        let again = process.connect(route: [8])
        #expect(!again, "a second hello does not move it")
        #expect(process.route == [7])
    }

    @Test func anAttachedProcessIsConnectedFromTheStartWithTheHellosPid() {
        let process = ExtensionProcess(
            attachedAs: "l", device: "d", app: "a", installID: "i", key: [], route: [3], pid: 42, now: Self.t0)
        #expect(process.attached && process.isConnected && process.pid == 42 && process.route == [3])
    }

    @Test func terminationKeepsTheConnectionAndTheNoticeUntilItIsAnswered() {
        var process = Self.launched()
        _ = process.connect(route: [7])
        let terminating = process.beginTerminating(reason: .idle)
        let twice = process.beginTerminating(reason: .memory)
        #expect(terminating && !twice, "the first reason stands")
        #expect(process.route == [7], "its goodbye still reaches it")
        #expect(!process.isUnderWay)
        process.noticeSent(id: "h9")
        #expect(process.terminateNoticeID == "h9" && process.isUnderWay)
        let other = process.noticeAnswered("h8")
        #expect(!other, "a reply to something else")
        let answered = process.noticeAnswered("h9")
        #expect(answered && process.terminateNoticeID == nil && process.isUnderWay, "its exit is now imminent")
        let answeredAgain = process.noticeAnswered("h9")
        #expect(!answeredAgain, "answered once")
        let exit = process.exit(needed: true)
        #expect(exit == .terminated(reason: .idle))
    }

    @Test func noticesAndSignalsMeanNothingOutsideTermination() {
        var process = Self.launched()
        _ = process.connect(route: [7])
        process.noticeSent(id: "h1")
        process.expectExit()
        #expect(process.state == .connected(route: [7]) && !process.isUnderWay)
    }

    @Test func anExitIsReportedByTheStateItLeft() {
        var launching = Self.launched()
        let failed = launching.exit(needed: false)
        #expect(
            failed == .launchFailed && launching.state == .exited(.launchFailed) && launching.route == nil
                && !launching.isUnderWay)
        let connects = launching.connect(route: [1])
        let terminates = launching.beginTerminating(reason: .idle)
        #expect(!connects && !terminates, "nothing leaves exited")

        var needed = Self.launched()
        _ = needed.connect(route: [1])
        let crashed = needed.exit(needed: true)
        #expect(crashed == .crashed)
        var unneeded = Self.launched()
        _ = unneeded.connect(route: [1])
        let left = unneeded.exit(needed: false)
        #expect(left == .terminated(reason: .exitedByItself))

        var ending = Self.launched()
        _ = ending.beginTerminating(reason: .launchFailed)
        #expect(ending.route == nil, "no hello: no connection to tell")
        let exit = ending.exit(needed: true)
        #expect(exit.detail(status: "exit 0") == "launchFailed; exit 0" && exit.event == .terminated)
    }

    @Test func memoryIsWarnedOncePerCrossingAndOnlyWhenItCanHear() {
        var memory = ExtensionProcess.Memory()
        let lines = MemoryThresholds(warningBytes: 100, limitBytes: 200)
        #expect(memory.measured(150, lines: lines, canHear: false) == .none, "no hello yet: not warned")
        #expect(!memory.warned && memory.bytes == 150)
        #expect(memory.measured(150, lines: lines, canHear: true) == .warn)
        #expect(memory.measured(160, lines: lines, canHear: true) == .none, "warned once per crossing")
        #expect(memory.measured(90, lines: lines, canHear: true) == .rearm && !memory.warned)
        #expect(memory.measured(250, lines: lines, canHear: true) == .kill)
    }
}
