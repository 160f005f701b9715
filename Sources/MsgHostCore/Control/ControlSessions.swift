/// What the host owes its control clients: replies waiting for what a request caused
/// (`Waiter`), `settle` requests waiting for quiet, and the clients that follow events — plus
/// the causes that tie callbacks to the requests they descend from (PROTOCOL.md §7).
struct ControlSessions: Sendable {
    /// Replies waiting for callbacks to be acknowledged, in the order the requests came.
    @Journaled private(set) var waiters: [Waiter] = []
    /// `settle` requests waiting for nothing to be in flight.
    @Journaled private(set) var settleWaiters: [ControlRequestRef] = []
    /// Clients following events, oldest first; at most `maxSubscribers`.
    @Journaled private(set) var subscribers: [ControlRequestRef] = []
    /// The control requests that what is handled now is a consequence of: callbacks queued
    /// meanwhile carry them. Empty outside a control request and what it leads to.
    var activeCauses: Set<Int> = []
    @Journaled private var lastCause = 0

    /// More followers than this and the oldest is let go (each costs a push per event).
    static let maxSubscribers = 64

    /// The unit ends: kept, or undone (puts the replies owed, the settle requests and the followers back as when the unit began).
    mutating func closeUnit(undoing: Bool) {
        self.$waiters.closeUnit(undoing: undoing)
        self.$settleWaiters.closeUnit(undoing: undoing)
        self.$subscribers.closeUnit(undoing: undoing)
        self.$lastCause.closeUnit(undoing: undoing)
    }

    /// A cause for a new control request.
    mutating func newCause() -> Int {
        self.lastCause += 1
        return self.lastCause
    }

    /// Keeps `waiter` while a callback or a parked request it caused is `outstanding`, or an
    /// instance it acted on has a launch the shell has not `unreported` yet; false (kept
    /// nowhere) when it may be answered now.
    mutating func keep(_ waiter: Waiter, outstanding: Set<Int>, unreported: Set<String>) -> Bool {
        guard !outstanding.isDisjoint(with: waiter.causes) || !unreported.isDisjoint(with: waiter.instances) else {
            return false
        }
        self.waiters.append(waiter)
        return true
    }

    /// The causes and the instances the kept waiters wait on: what `takeAnswerable` needs to
    /// be told about, and nothing more.
    var awaited: (causes: Set<Int>, instances: Set<String>) {
        // Most often one request waits: its own sets, not a union built anew after every event.
        if self.waiters.count == 1 { return (self.waiters[0].causes, self.waiters[0].instances) }
        return self.waiters.reduce(into: (Set<Int>(), Set<String>())) { awaited, waiter in
            awaited.0.formUnion(waiter.causes)
            awaited.1.formUnion(waiter.instances)
        }
    }

    /// Removes and returns, in order, the waiters nothing `outstanding` or `unreported` holds.
    mutating func takeAnswerable(outstanding: Set<Int>, unreported: Set<String>) -> [Waiter] {
        self.takeWaiters { $0.causes.isDisjoint(with: outstanding) && $0.instances.isDisjoint(with: unreported) }
    }

    /// An instance is going away: the requests that acted on it directly and still had
    /// callbacks of theirs there failed; they are removed and returned, in order.
    mutating func takeFailed(by instance: Instance) -> [Waiter] {
        self.takeWaiters { $0.instances.contains(instance.id) && instance.carries($0.causes) }
    }

    private mutating func takeWaiters(where isDone: (Waiter) -> Bool) -> [Waiter] {
        // Asked after every event while someone waits, and most often nobody is done yet:
        // then the waiters are not copied into new arrays.
        guard self.waiters.contains(where: isDone) else { return [] }
        let (done, waiting) = self.waiters.partitioned(isDone)
        self.waiters = waiting
        return done
    }

    mutating func waitForSettle(_ request: ControlRequestRef) { self.settleWaiters.append(request) }

    mutating func takeSettleWaiters() -> [ControlRequestRef] {
        defer { self.settleWaiters = [] }
        return self.settleWaiters
    }

    /// A client follows events (again: its newer subscription replaces the older one).
    mutating func subscribe(_ request: ControlRequestRef) {
        self.subscribers.removeAll { $0.client == request.client }
        if self.subscribers.count >= Self.maxSubscribers { self.subscribers.removeFirst() }
        self.subscribers.append(request)
    }
}

/// A control request to answer later: who asked, and its header id.
struct ControlRequestRef: Hashable, Sendable {
    var client: [UInt8]
    var requestID: String
}

extension Array {
    /// (those that satisfy `belongs`, the others), each in order.
    func partitioned(_ belongs: (Element) -> Bool) -> (matching: [Element], rest: [Element]) {
        var matching: [Element] = []
        var rest: [Element] = []
        for element in self {
            if belongs(element) { matching.append(element) } else { rest.append(element) }
        }
        return (matching, rest)
    }
}
