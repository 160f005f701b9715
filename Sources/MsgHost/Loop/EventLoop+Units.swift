import Foundation
import Logging
import MsgHostCore
import MsgHostProtocol
import MsgHostShell
import MsgHostStore

/// The daemon's collaborators of the `HostDriver`, which runs the machine's actions in commit
/// units: the SQLite store with the attachment folder, the host clock, and the loop's sockets,
/// launcher and timers.
typealias LoopDriver = HostDriver<LoopStore, LoopClock, LoopTransport>

/// The store (`WorldStore`) and the files (`AttachmentStore`), each unit's commit timed.
struct LoopStore: ShellStore {
    let world: WorldStore
    let attachments: AttachmentStore
    let metrics: DaemonMetrics

    func record(_ changes: [WorldChange]) { self.world.record(changes) }
    var hasOpenBatch: Bool { self.world.hasOpenBatch }

    func commit() throws {
        let start = DispatchTime.now().uptimeNanoseconds
        try self.world.commit()
        self.metrics.storeCommitted(nanoseconds: DispatchTime.now().uptimeNanoseconds - start)
    }

    func rollBack() { self.world.rollBack() }
    /// Untimed: the timings are of the loop's units.
    func apply(_ changes: [WorldChange]) throws { try self.world.apply(changes) }

    func inspect(_ checks: [FileCheck], alternateFilename: String?) -> [FileCheckResult]? {
        checks.map { self.attachments.store($0, alternateFilename: alternateFilename) }
    }
}

struct LoopClock: ShellClock {
    let clock: any HostClock

    func now() -> Instant { self.clock.now() }
    func advance(milliseconds: Int64) { (self.clock as? ManualClock)?.advance(milliseconds: milliseconds) }
}

/// What leaves the daemon, through the loop that owns the sockets (held unowned: the loop
/// owns the driver, which holds this).
struct LoopTransport: ShellTransport {
    unowned let loop: EventLoop

    func send(_ message: OutboundMessage, toExtension route: [UInt8]) { self.loop.send(message, toExtension: route) }
    func send(_ message: ControlMessage, toControl client: [UInt8]) { self.loop.send(message, toControl: client) }
    func serve(_ request: ShellControlRequest, client: [UInt8], requestID: String) {
        self.loop.serve(request, client: client, requestID: requestID)
    }
    func launch(_ request: LaunchRequest) { self.loop.launch(request) }
    func signal(_ launchID: String, _ signal: ProcessSignal) { self.loop.launcher.signal(launchID, signal) }
    func startTimer(_ timer: TimerID, at: Instant) { self.loop.timers.schedule(timer, at: at) }
    func dueTimers(at now: Instant) -> [TimerID] { self.loop.timers.popDue(now) }

    func log(_ record: EventRecord) {
        self.loop.recorder?.builder.event(record)
        self.loop.metrics.count(record)
        self.loop.log(record)
    }

    func observe(_ observation: Observation) { self.loop.metrics.observe(observation) }
    func written(_ changes: [WorldChange]) { if self.loop.recorder != nil { self.loop.recordChanges(changes) } }

    func stored(_ changes: [WorldChange]) {
        // What the shell keeps beside the store: the containers of removed installs.
        for case .installRemoved(let installID) in changes {
            self.loop.launcher.containers?.remove(installID: installID)
        }
    }

    func stopped() { self.loop.stopped = true }

    func unitLost(reason: String, events: Int) {
        self.loop.logger.error(
            "could not store a change; it is undone and its request answered storageUnavailable",
            metadata: [
                "error": "\(reason)", "events": "\(events)",
            ])
    }

    func retry(_ events: [HostEvent]) {
        let at = Date().addingTimeInterval(EventLoop.retryDelay)
        self.loop.retries += events.map { (at, $0) }
    }
}

extension EventLoop {
    /// Runs again the facts whose changes could not be stored, once their delay has passed.
    func runDueRetries() {
        let now = Date()
        guard self.retries.contains(where: { $0.at <= now }) else { return }
        let due = self.retries.filter { $0.at <= now }
        self.retries.removeAll { $0.at <= now }
        for retry in due { self.driver.dispatch(retry.event) }
    }
}
