import Foundation
import Logging
import MsgHostCore
import MsgHostProtocol
import MsgHostStore

/// Where an event came from: what the loop runs again, answers, or retries when what it
/// changed cannot be stored.
enum EventSource {
    /// Frames from an extension connection, as the codec read them when they were drained
    /// (read once: a second reading would find its header id already seen).
    case extensionMessage(route: [UInt8], frames: [[UInt8]], ExtensionInbound)
    /// A control client's message, as the control codec read it.
    case controlMessage(client: [UInt8], ControlInbound)
    case timer(TimerID)
    case filesInspected(token: Int, results: [FileCheckResult])
    case processStarted(launchID: String, pid: Int)
    case processExited(launchID: String, status: String)
    case memoryMeasured(launchID: String, bytes: Int)
    case messagesUndeliverable(route: [UInt8], count: Int, reason: String)
    case clientKeyRefused(socket: String, key: String, address: String)
    case shutdown
    case restored
}

/// Events whose changes are committed together, with what they lead to held back until then.
///
/// The machine writes nothing: it returns its changes in `.persist` actions (reading its own
/// until they are written, `PendingHistory`); the loop writes each into the unit's one open
/// transaction as it takes the action, tells the machine (`historyWritten`), and commits the
/// transaction as the unit closes. A unit is one event, or a burst of messages drained from a socket (group
/// commit: under load one transaction serves many sends). Until the unit's first change, the
/// machine's steps that the event itself depends on (looking at files, moving the manual
/// clock) run at once; every effect that leaves the daemon — replies, callbacks, launches,
/// signals, timers, log lines — waits for the unit's commit. So nothing is acknowledged that
/// was not stored, and when the commit fails nothing of the unit has been seen outside.
struct CommitUnit {
    /// The machine before the unit's first event that may change something.
    var checkpoint: HostCheckpoint
    /// The events of the unit, in order; the first may have run steps at once.
    var sources: [EventSource]
    var dirty = false
    var deferred: [HostAction] = []
    /// Set when the machine could not read the store (`.historyUnreadable`): the unit is
    /// undone as it closes, as a unit whose commit failed.
    var unreadable: String?
    /// Timers that fired inside the unit (nested in its events): used up with it.
    var timers: [TimerID] = []
}

/// Why a unit was undone when the machine could not read the store.
struct HistoryUnreadable: Error, CustomStringConvertible {
    var reason: String
    var description: String { "the store could not be read (\(self.reason))" }
}

extension EventLoop {
    func open(_ sources: [EventSource]) {
        self.unit = CommitUnit(checkpoint: self.machine.checkpoint(), sources: sources)
    }

    /// Runs an event: its own unit, or a part of the unit open now (an event nested in another
    /// one's steps, e.g. the files a send pointed at, or timers the manual clock reached).
    func dispatch(_ source: EventSource) {
        if self.unit != nil { return self.perform(self.call(source)) }
        self.open([source])
        self.perform(self.call(source))
        self.close()
    }

    /// Takes actions into the open unit (see `CommitUnit`).
    func perform(_ actions: [HostAction]) {
        guard self.unit != nil else {
            self.open([])
            self.perform(actions)
            return self.close()
        }
        for action in actions {
            if self.unit?.unreadable != nil { return }  // undone as it closes: nothing more runs
            switch action {
            case .historyUnreadable(let reason):
                self.unit?.unreadable = reason
                return
            case .persist(let changes):
                self.store.record(changes)
                self.machine.historyWritten(changes)
                if self.recorder != nil { self.recordChanges(changes) }
                self.unit?.dirty = true
                self.unit?.deferred.append(action)  // run once committed (EventLoop.execute)
            case .inspectFiles, .advanceClock:
                if self.unit?.dirty == true { self.unit?.deferred.append(action) } else { self.execute(action) }
            default:
                self.unit?.deferred.append(action)
            }
        }
    }

    /// Commits the open unit, then runs what waited for it; if the commit fails, undoes the
    /// unit (`notStored`).
    func close() {
        // Taken, not copied: a copy of the unit is a copy of its checkpoint (the machine),
        // retained and released field by field on every close.
        guard let unit = self.unit.take() else { return }
        if let reason = unit.unreadable {
            self.store.rollBack()  // what the unit wrote goes with it
            return self.notStored(unit, HistoryUnreadable(reason: reason))
        }
        if unit.dirty || self.store.hasOpenBatch {
            do {
                let start = DispatchTime.now().uptimeNanoseconds
                try self.store.commit()
                self.metrics.storeCommitted(nanoseconds: DispatchTime.now().uptimeNanoseconds - start)
            } catch {
                return self.notStored(unit, error)
            }
        }
        for action in unit.deferred { self.execute(action) }
    }

    /// The store has rolled the unit's changes back: the machine is put back as it was before
    /// the unit (`HostStateMachine+Storage` says why a checkpoint and not a reload), so that it
    /// agrees with the store again. The unit's first event is answered `storageUnavailable` if
    /// it was a request (it may have looked at files or moved the clock at once, so it is not
    /// run again), or retried later if it was a fact (a timer, a process event); every later
    /// event of the unit had nothing run at once, and runs again now in a unit of its own —
    /// a callback reply in the same burst as a lost send is not lost with it.
    func notStored(_ unit: CommitUnit, _ error: any Error) {
        let reason = "\(error)"
        self.logger.error("could not store a change; it is undone and its request answered storageUnavailable", metadata: [
            "error": "\(reason)", "events": "\(unit.sources.count)",
        ])
        self.machine.restore(unit.checkpoint)
        let now = self.clock.now()
        var retry = unit.timers.map { EventSource.timer($0) }
        if let first = unit.sources.first {
            switch first {
            case .extensionMessage(let route, _, let inbound):
                self.perform(self.machine.extensionRequestNotStored(route: route, inbound, reason: reason, now: now))
            case .controlMessage(let client, let inbound):
                self.perform(self.machine.controlRequestNotStored(client: client, requestID: inbound.requestID, reason: reason, now: now))
            case .filesInspected(let token, _):
                self.perform(self.machine.filesNotStored(token: token, reason: reason, now: now))
            case .memoryMeasured:
                break  // the next sample replaces it
            case .timer, .processStarted, .processExited, .messagesUndeliverable, .clientKeyRefused, .shutdown, .restored:
                retry.insert(first, at: 0)
            }
        }
        let at = Date().addingTimeInterval(Self.retryDelay)
        self.retries += retry.map { (at, $0) }
        for source in unit.sources.dropFirst() { self.dispatch(source) }
    }

    /// Runs again the facts whose changes could not be stored, once their delay has passed.
    func runDueRetries() {
        let now = Date()
        guard self.retries.contains(where: { $0.at <= now }) else { return }
        let due = self.retries.filter { $0.at <= now }
        self.retries.removeAll { $0.at <= now }
        for retry in due { self.dispatch(retry.source) }
    }
}
