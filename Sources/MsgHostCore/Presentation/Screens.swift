import HashTreeCollections
import MsgHostProtocol

/// What every device shows: the conversation on its screen, the app presented in it, and each
/// instance (a main one, or one per live bubble on screen) with its callback queue (SPEC §3).
///
/// It owns the invariants between them: a device presents at most one instance, one that exists
/// and is on that device; removing an instance stops presenting it.
struct Screens: Sendable {
    /// Every instance, by id; a unit's changes are undone key by key (`JournaledTable`).
    private var instances = JournaledTable<String, Instance>()
    /// The instances with a callback queued or in flight, kept as each instance changes
    /// (through the subscript, the only way to change one): a waiting control request asks after every event which causes
    /// are still carried, and copying every instance to find the few busy ones cost a send
    /// more than its callbacks did.
    @Journaled private(set) var busyIDs: Set<String> = []
    /// Device → the conversation it shows.
    private(set) var showing = JournaledTable<String, String>()
    /// Device → the instance presented on it.
    private(set) var presented = JournaledTable<String, String>()
    /// The size each live bubble asked for, clamped.
    var liveSizes = JournaledTable<LiveBubbleKey, SizeValue>()

    var all: some Sequence<Instance> { self.instances.values }

    /// An instance by id; its queue and phase change in place. New ones come through `add`,
    /// and go through `remove`, so that the presentation stays true.
    subscript(id: String) -> Instance? {
        get { self.instances[id] }
        _modify {
            defer { self.noteQueue(of: id) }
            yield &self.instances[id]
        }
    }

    mutating func add(_ instance: Instance) { self[instance.id] = instance }

    /// An instance changed (or went): whether anything is left in its queue.
    private mutating func noteQueue(of id: String) {
        if self.instances[id]?.isIdle ?? true { self.busyIDs.remove(id) } else { self.busyIDs.insert(id) }
    }

    /// The instance is now the app presented on its device.
    mutating func present(_ id: String) {
        guard let instance = self.instances[id] else { return }
        self.presented[instance.device] = id
    }

    /// The instance is no longer presented (it resigns or goes away).
    mutating func stopPresenting(_ id: String) {
        guard let device = self.instances[id]?.device, self.presented[device] == id else { return }
        self.presented[device] = nil
    }

    @discardableResult
    mutating func remove(_ id: String) -> Instance? {
        self.stopPresenting(id)
        self.busyIDs.remove(id)
        return self.instances.removeValue(forKey: id)
    }

    /// The device shows `conversation` (nil: the conversation list).
    mutating func show(_ conversation: String?, on device: String) { self.showing[device] = conversation }

    /// Presented (compact or expanded), active, in the conversation its device shows (SPEC §4.2).
    func isVisible(_ instance: Instance) -> Bool {
        instance.isActive && instance.style != .transcript
            && self.presented[instance.device] == instance.id && self.showing[instance.device] == instance.conversation
    }

    /// The app presented on `device`, active in `conversation`: what an `open`, a tap on its
    /// bubble or a live bubble's request to expand reaches, instead of launching it again.
    func activeMain(device: String, app: String, conversation: String) -> Instance? {
        guard let id = self.presented[device], let instance = self.instances[id], instance.isActive,
            instance.app == app, instance.conversation == conversation
        else { return nil }
        return instance
    }

    /// The active live-bubble instances of a transcript, by id.
    func liveInstances(device: String, conversation: String) -> [String] {
        self.all.filter {
            $0.device == device && $0.conversation == conversation && $0.style == .transcript && $0.isActive
        }
        .map(\.id).sorted()
    }

    /// Instances with callbacks queued or in flight.
    var busy: [String] { Array(self.busyIDs) }

    /// No callback is queued or in flight anywhere.
    var isIdle: Bool { self.busyIDs.isEmpty }

    /// Whether `busyIDs` names exactly the instances with something queued or in flight
    /// (for the property test, after every step).
    var busyIDsAreTrue: Bool { self.busyIDs == Set(self.all.filter { !$0.isIdle }.map(\.id)) }

    /// The causes among `wanted` that a queued or in-flight callback still carries. Only the
    /// waiters' causes are asked about, as every event finishes while someone waits: this
    /// looks at `wanted`, not at every cause there is.
    func causes(among wanted: Set<Int>) -> Set<Int> {
        var causes: Set<Int> = []
        guard !wanted.isEmpty else { return causes }
        for id in self.busyIDs {
            self.instances[id]?.callbacks.forEachCauses { carried in
                if !carried.isEmpty, !carried.isDisjoint(with: wanted) {
                    causes.formUnion(carried.intersection(wanted))
                }
            }
        }
        return causes
    }

    /// How many callbacks wait, and how many instances have one in flight.
    var depths: (queued: Int, inFlight: Int) {
        self.all.reduce(into: (0, 0)) { depths, instance in
            depths.0 += instance.callbacks.waiting.count
            if instance.callbacks.inFlight != nil { depths.1 += 1 }
        }
    }

    /// The unit ends: kept, or undone (puts every screen and instance back as they were when the unit began).
    mutating func closeUnit(undoing: Bool) {
        self.instances.closeUnit(undoing: undoing)
        self.$busyIDs.closeUnit(undoing: undoing)
        self.showing.closeUnit(undoing: undoing)
        self.presented.closeUnit(undoing: undoing)
        self.liveSizes.closeUnit(undoing: undoing)
    }
}
