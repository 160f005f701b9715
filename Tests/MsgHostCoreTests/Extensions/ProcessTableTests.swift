import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// The process table keeps its ways to a process true: by launch, by the (device, app) it
/// serves, by connection; and it counts crashes into quarantine within a window.
@Suite struct ProcessTableTests {
    static let t0 = Instant(milliseconds: 1_000_000)
    static let key = ProcessKey(device: "amber-phone", app: "app")

    static func process(_ launchID: String) -> ExtensionProcess {
        ExtensionProcess(launchID: launchID, device: "amber-phone", app: "app", installID: "i", token: [], now: t0)
    }

    @Test func aNewProcessServesItsAppAndIsFoundByItsConnectionOnceItSaidHello() {
        var table = ProcessTable()
        table.insert(Self.process("l1"))
        #expect(table.serving(Self.key) == "l1")
        #expect(table.launchID(route: [7]) == nil)
        table.connect("l1", route: [7])
        #expect(table.launchID(route: [7]) == "l1")
        #expect(table["l1"]?.route == [7])
    }

    @Test func aTerminatingProcessNoLongerServesButStillHearsItsConnection() {
        var table = ProcessTable()
        table.insert(Self.process("l1"))
        table.connect("l1", route: [7])
        let terminating = table.beginTerminating("l1", reason: .idle)
        let twice = table.beginTerminating("l1", reason: .memory)
        #expect(terminating && !twice, "once")
        #expect(table.serving(Self.key) == nil, "the next need launches another")
        #expect(table.launchID(route: [7]) == "l1", "its goodbye still reaches it")
        table.insert(Self.process("l2"))
        #expect(table.serving(Self.key) == "l2")
        let exit = table.remove("l1", needed: true)?.1
        #expect(exit == .terminated(reason: .idle))
        #expect(table.serving(Self.key) == "l2", "removing the old one leaves the new one serving")
        #expect(table.launchID(route: [7]) == nil)
        #expect(table["l1"] == nil)
    }

    @Test func crashesQuarantineOnlyWithinTheWindowAndResetLiftsIt() {
        var table = ProcessTable()
        #expect(table.recordCrash(Self.key, at: Self.t0, windowMs: 1_000, limit: 3) == (1, false))
        #expect(
            table.recordCrash(Self.key, at: Self.t0.adding(milliseconds: 1_500), windowMs: 1_000, limit: 3) == (
                1, false
            ), "the first left the window")
        #expect(
            table.recordCrash(Self.key, at: Self.t0.adding(milliseconds: 1_600), windowMs: 1_000, limit: 3) == (
                2, false
            ))
        #expect(
            table.recordCrash(Self.key, at: Self.t0.adding(milliseconds: 1_700), windowMs: 1_000, limit: 3) == (3, true)
        )
        #expect(table.isQuarantined(Self.key))
        #expect(
            table.recordCrash(Self.key, at: Self.t0.adding(milliseconds: 1_800), windowMs: 1_000, limit: 3)
                .quarantinedNow == false, "reported once")
        #expect(!table.isQuarantined(ProcessKey(device: "ben-phone", app: "app")), "per device")
        let lifted = table.lift(Self.key)
        #expect(lifted)
        #expect(!table.isQuarantined(Self.key))
        #expect(
            table.recordCrash(Self.key, at: Self.t0.adding(milliseconds: 1_900), windowMs: 1_000, limit: 3) == (
                1, false
            ), "the history went with it")
        let nothing = table.lift(ProcessKey(device: "ben-phone", app: "app"))
        #expect(!nothing)
    }

    @Test func anExtremeWindowCannotTrap() {
        var table = ProcessTable()
        #expect(table.recordCrash(Self.key, at: Instant(milliseconds: .min + 1), windowMs: .max, limit: 1) == (1, true))
    }

    @Test func retiredInstancesAreRememberedAndNoLongerServed() {
        var table = ProcessTable()
        var process = Self.process("l1")
        process.instanceIDs = ["i1", "i2"]
        process.retiredInstanceIDs = ["i0"]
        table.insert(process)
        table.retireInstances(of: "l1")
        #expect(table["l1"]?.instanceIDs == [])
        #expect(table["l1"]?.retiredInstanceIDs == ["i0", "i1", "i2"])
        table.retireInstances(of: "gone")  // a process already removed: nothing to do
        #expect(table["gone"] == nil)
    }

    @Test func launchesWaitingForAHelloOfferTheirTokensAndSettleWaitsForThem() {
        var table = ProcessTable()
        #expect(!table.isUnderWay)
        table.insert(Self.process("l2"))
        table.insert(Self.process("l1"))
        #expect(table.helloKeys(app: "app").map(\.launchID) == ["l1", "l2"])
        #expect(table.helloKeys(app: "other").isEmpty)
        #expect(table.isUnderWay, "a launch waits for its hello")
        table.connect("l1", route: [7])
        #expect(table.helloKeys(app: "app").map(\.launchID) == ["l2"])
        #expect(table.process(route: [7])?.launchID == "l1" && table.process(route: [8]) == nil)
    }
}
