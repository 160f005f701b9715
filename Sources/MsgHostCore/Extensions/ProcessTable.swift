import HashTreeCollections
import MsgHostProtocol

/// Every extension process the host knows, and the ways to find one — by launch id, by the
/// (device, app) it serves, by its connection — with crash history and quarantine (SPEC §6).
///
/// It owns the invariants between them: a route names a process only while that process is
/// connected or terminating on it; a (device, app) names at most one process, and only one
/// that is not on its way out; removing a process removes every way to it.
struct ProcessTable: Sendable {
    /// Every process, by launch id; a unit's changes are undone key by key (`JournaledTable`).
    private var byLaunch = JournaledTable<String, ExtensionProcess>()
    private var serving = JournaledTable<ProcessKey, String>()
    private var routes = JournaledTable<[UInt8], String>()
    /// Connections refused at hello; anything more from them is dropped and counted.
    @Journaled private(set) var ignoredRoutes: TreeSet<[UInt8]> = []
    private var crashTimes = JournaledTable<ProcessKey, [Instant]>()
    @Journaled private(set) var quarantined: TreeSet<ProcessKey> = []
    /// The processes that said hello before the shell reported their spawn (no pid yet, not
    /// attached), kept as each process changes: a waiting reply asks after every event, and
    /// looking at every process each time was 4 % of a send's instructions (callgrind).
    @Journaled private(set) var unreportedIDs: Set<String> = []

    var isEmpty: Bool { self.byLaunch.isEmpty }
    /// Whether a process is launching, or ending and about to exit (`settle` waits).
    var isUnderWay: Bool { self.all.contains(where: \.isUnderWay) }
    /// Whether a process said hello before the shell reported its spawn (no pid yet, not
    /// attached): rare, and a reply waits only then (`UnderWay.unreportedLaunches`).
    var hasUnreportedLaunch: Bool { !self.unreportedIDs.isEmpty }
    /// Whether `unreportedIDs` names exactly the processes with no pid that are not attached
    /// (the property test checks it after every step).
    var unreportedIDsAreTrue: Bool { self.unreportedIDs == Set(self.all.filter(Self.isUnreported).map(\.launchID)) }
    private static func isUnreported(_ process: ExtensionProcess) -> Bool { process.pid == nil && !process.attached }

    /// The launches of `app` waiting for their hello, with the tokens it may be signed with.
    func helloKeys(app: String) -> [(launchID: String, key: SigningKey)] {
        self.all.filter { $0.isLaunching && $0.app == app }.sorted { $0.launchID < $1.launchID }.map {
            ($0.launchID, $0.token)
        }
    }

    /// The process at the other end of an extension connection, while it is one.
    func process(route: [UInt8]) -> ExtensionProcess? { self.routes[route].flatMap { self[$0] } }
    var all: some Sequence<ExtensionProcess> { self.byLaunch.values }
    var launchIDs: [String] { self.byLaunch.keys.sorted() }

    /// A process by launch id; changes go through the table so its indexes stay true.
    subscript(launchID: String) -> ExtensionProcess? {
        get { self.byLaunch[launchID] }
        _modify {
            defer { self.noteReport(of: launchID) }
            yield &self.byLaunch[launchID]
        }
    }

    /// A process changed (or went): whether its spawn is still unreported.
    private mutating func noteReport(of launchID: String) {
        if let process = self.byLaunch[launchID], Self.isUnreported(process) {
            self.unreportedIDs.insert(launchID)
        } else {
            self.unreportedIDs.remove(launchID)
        }
    }

    /// A new process, now the one that serves its (device, app).
    mutating func insert(_ process: ExtensionProcess) {
        self.byLaunch[process.launchID] = process
        self.noteReport(of: process.launchID)
        self.serving[process.key] = process.launchID
        if let route = process.route { self.routes[route] = process.launchID }
    }

    /// The process that serves `app` on `device` now (not one on its way out).
    func serving(_ key: ProcessKey) -> String? { self.serving[key] }

    /// The process that said hello on this connection.
    func launchID(route: [UInt8]) -> String? { self.routes[route] }

    /// The process said hello on `route` (only a launching one can).
    /// The process serves a new instance: it is needed again, so an idle timer running for it
    /// is out of date.
    mutating func adopt(_ instanceID: String, by launchID: String) {
        self.byLaunch[launchID]?.instanceIDs.append(instanceID)
        self.byLaunch[launchID]?.idleGeneration += 1
    }

    mutating func connect(_ launchID: String, route: [UInt8]) {
        guard self.byLaunch[launchID]?.connect(route: route) == true else { return }
        self.routes[route] = launchID
    }

    /// The process's instances are gone: it serves none, and remembers their ids as retired.
    mutating func retireInstances(of launchID: String) {
        guard var process = self.byLaunch[launchID] else { return }
        process.retiredInstanceIDs.formUnion(process.instanceIDs)
        process.instanceIDs = []
        self.byLaunch[launchID] = process
    }

    /// The process is on its way out: it no longer serves its (device, app), so the next need
    /// launches another; its connection still reaches it until it exits. False when it was
    /// already terminating (or is unknown): nothing changes.
    mutating func beginTerminating(_ launchID: String, reason: TerminationReason) -> Bool {
        guard let process = self.byLaunch[launchID], self.byLaunch[launchID]?.beginTerminating(reason: reason) == true
        else { return false }
        self.stopServing(process)
        return true
    }

    /// The process exited (`needed`: see `ExtensionProcess.exit`): every way to it goes with
    /// it. Returns it as it was before, and what its exit is reported as.
    mutating func remove(_ launchID: String, needed: Bool) -> (ExtensionProcess, ProcessExit)? {
        guard var process = self.byLaunch.removeValue(forKey: launchID) else { return nil }
        self.unreportedIDs.remove(launchID)
        let before = process
        let exit = process.exit(needed: needed)
        if let route = before.route, self.routes[route] == launchID { self.routes[route] = nil }
        self.stopServing(before)
        return (before, exit)
    }

    /// Nothing more from this connection is read (a refused hello, a forgotten attach).
    mutating func ignore(route: [UInt8]) { self.ignoredRoutes.insert(route) }

    private mutating func stopServing(_ process: ExtensionProcess) {
        let key = process.key
        if self.serving[key] == process.launchID { self.serving[key] = nil }
    }

    // MARK: Crashes and quarantine

    /// Records a crash; returns how many fell within `windowMs` and whether this one put the
    /// app under quarantine on that device (`limit` crashes within the window).
    mutating func recordCrash(_ key: ProcessKey, at now: Instant, windowMs: Int64, limit: Int) -> (
        recent: Int, quarantinedNow: Bool
    ) {
        let since = now.adding(milliseconds: -max(0, windowMs))
        var recent = (self.crashTimes[key] ?? []).filter { $0 > since }
        recent.append(now)
        self.crashTimes[key] = recent
        guard recent.count >= limit, !self.quarantined.contains(key) else { return (recent.count, false) }
        self.quarantined.insert(key)
        return (recent.count, true)
    }

    func isQuarantined(_ key: ProcessKey) -> Bool { self.quarantined.contains(key) }

    /// `reset`: the crash history goes, and the quarantine; whether there was one.
    mutating func lift(_ key: ProcessKey) -> Bool {
        self.crashTimes[key] = nil
        return self.quarantined.remove(key) != nil
    }

    /// The unit ends: kept, or undone (puts every process, route and crash back as they were when the unit began).
    mutating func closeUnit(undoing: Bool) {
        self.byLaunch.closeUnit(undoing: undoing)
        self.serving.closeUnit(undoing: undoing)
        self.routes.closeUnit(undoing: undoing)
        self.$ignoredRoutes.closeUnit(undoing: undoing)
        self.crashTimes.closeUnit(undoing: undoing)
        self.$quarantined.closeUnit(undoing: undoing)
        self.$unreportedIDs.closeUnit(undoing: undoing)
    }
}
