import MsgHostCore
import MsgHostProtocol

/// Units: opened before an event (or a burst), committed as they close, undone when they
/// cannot be stored.
extension HostDriver {
    public func open(_ events: [HostEvent]) {
        self.unit = CommitUnit(checkpoint: self.undoesUnits ? self.machine.checkpoint() : nil, events: events)
    }

    /// One event of a burst drained from a socket, with the machine's answer to it, into the
    /// unit open now (`open([])` first, `close()` after the burst). While no event of the
    /// unit has changed anything, what each leads to goes out at once and a new unit opens
    /// after it; from the first change on, everything waits for one commit at the burst's end.
    public func take(_ event: HostEvent, _ actions: [HostAction]) {
        self.unit?.events.append(event)
        self.perform(actions)
        if self.unit?.dirty == false && !self.store.hasOpenBatch {
            self.close()
            self.open([])
        }
    }

    /// Runs events as one burst (`take`), as the loop drains a socket.
    public func burst(_ events: [HostEvent]) {
        self.open([])
        for event in events { self.take(event, self.call(event)) }
        self.close()
    }

    /// Stores changes made outside any event (a world seed, at the first start) in a batch of
    /// their own, and tells the machine once they are; throws if they cannot be stored, and
    /// then nothing of them is kept.
    public func write(_ changes: [WorldChange]) throws {
        try self.store.apply(changes)
        self.machine.historyWritten(changes)
    }

    /// Commits the open unit, then runs what waited for it; if the commit fails, undoes the
    /// unit (`notStored`).
    public func close() {
        // Taken: the unit is closed before its effects run, so that what they lead to runs
        // in units of its own.
        guard let unit = self.unit.take() else { return }
        if let reason = unit.unreadable {
            self.store.rollBack()  // what the unit wrote goes with it
            return self.notStored(unit, StoreUnreadable(reason: reason))
        }
        if unit.dirty || self.store.hasOpenBatch {
            do {
                try self.store.commit()
            } catch {
                return self.notStored(unit, error)
            }
        }
        for action in unit.deferred { self.execute(action) }
    }

    /// The store has rolled the unit's changes back: the machine is put back as it was before
    /// the unit (`HostCheckpoint` says why an undo and not a reload), so that it
    /// agrees with the store again. The unit's first event is answered `storageUnavailable` if
    /// it was a request (it may have looked at files or moved the clock at once, so it is not
    /// run again), or retried later if it was a fact (a timer, a process event); every later
    /// event of the unit had nothing run at once, and runs again now in a unit of its own —
    /// a callback reply in the same burst as a lost send is not lost with it.
    func notStored(_ unit: CommitUnit, _ error: any Error) {
        let reason = "\(error)"
        self.transport.unitLost(reason: reason, events: unit.events.count)
        guard let checkpoint = unit.checkpoint else { return }  // the caller puts the machine back
        self.machine.restore(checkpoint)
        let now = self.clock.now()
        var retry = unit.timers.map { HostEvent.timer($0) }
        if let first = unit.events.first {
            switch first {
            case .extensionMessage(let route, _, let inbound):
                self.perform(self.machine.extensionRequestNotStored(route: route, inbound, reason: reason, now: now))
            case .controlMessage(let client, let inbound):
                self.perform(
                    self.machine.controlRequestNotStored(
                        client: client, requestID: inbound.requestID, reason: reason, now: now))
            case .filesInspected(let token, _):
                self.perform(self.machine.filesNotStored(token: token, reason: reason, now: now))
            case .memoryMeasured:
                break  // the next sample replaces it
            case .timer, .processStarted, .processExited, .messagesUndeliverable, .clientKeyRefused, .shutdown,
                .restored:
                retry.insert(first, at: 0)
            }
        }
        if !retry.isEmpty { self.transport.retry(retry) }
        for event in unit.events.dropFirst() { self.dispatch(event) }
    }
}
