import HashTreeCollections
import MsgHostCore
import MsgHostProtocol

/// A recording under way (PROTOCOL.md §7.2, docs/RECORDING.md): the steps so far, each
/// growing with what happens until the next one starts.
///
/// It lives in the shell for the reasons the wire tap does (`WireTap`): the shell is where
/// requests arrive, replies and events leave and frames cross the socket, in the order they
/// really do. And like the tap it costs nothing when off: the loop tests one optional per
/// message and action while no recording is under way.
///
/// While it records, the loop's part is small: it numbers the steps, notes which views a
/// stored change touched and which of their entries, and reads those entries (only the
/// newest that changed, a bubble or two a send) when a step is answered. Everything else —
/// decoding frames and bodies, putting views together, the session's lines — is the
/// `RecordingBuilder`'s, on a thread of its own.
///
/// A step is one action request; what follows it (its reply, events, callbacks, frames, and
/// the views that changed) belongs to it until the next action arrives. Requests of several
/// clients at once therefore share their consequences by arrival; one person driving the
/// page, or one test, makes steps that each hold exactly what they caused.
struct Recorder {
    /// One device's view of one conversation.
    typealias View = SessionViews.Key

    /// Where a reply goes: the step it answers is found by its client and request id.
    struct Waiting: Hashable {
        var client: [UInt8]
        var requestID: String
    }

    /// What changed in a view since it was last read.
    struct Change {
        /// Entries added or changed, by id.
        var entries: Set<Int> = []
        /// Read the whole screenful: an entry went (the others' places moved), or every
        /// entry may read differently (a contact's name).
        var whole = false
        var field = false
    }

    let startedAt: Int64
    let builder: RecordingBuilder
    private(set) var steps = 0
    private var waiting: [Waiting: Int] = [:]
    /// Views changed since they were last read.
    private(set) var changed: [View: Change] = [:]
    /// The entry ids of each view's screenful as last read, oldest first: where a changed
    /// entry stands, so that a read asks for the newest entries down to it and no more.
    private var shown: [View: [Int]] = [:]

    init(start: SessionStart) {
        self.startedAt = start.startedAt
        self.builder = RecordingBuilder(start: start)
        for view in start.transcripts { self.shown[View(device: view.device, conversation: view.conversation)] = view.entries.map(\.entry) }
    }

    /// Milliseconds since the recording started.
    func elapsed(_ now: Int64) -> Int64 { max(0, now - self.startedAt) }

    /// An action arrived: a new step, the current one from now on.
    mutating func begin(command: ControlCommand, body: [UInt8]?, client: [UInt8], requestID: String, now: Int64) {
        self.steps += 1
        self.waiting[Waiting(client: client, requestID: requestID)] = self.steps
        self.builder.begin(number: self.steps, time: self.elapsed(now), command: command, body: body)
    }

    /// A reply left for `client`; returns true when it answered the current step (whose
    /// changed views are then read, so the step shows what it did at once).
    mutating func replied(client: [UInt8], requestID: String, body: ControlMessage.Body) -> Bool {
        guard let number = self.waiting.removeValue(forKey: Waiting(client: client, requestID: requestID)) else { return false }
        self.builder.replied(step: number, body)
        return number == self.steps
    }

    /// Notes the views a stored change touched, and how.
    mutating func changed(_ changes: [WorldChange], world: World) {
        for change in changes {
            switch change {
            case .transcriptEntryAdded(let device, let conversation, let entry), .transcriptEntryChanged(let device, let conversation, let entry):
                self.changed[View(device: device, conversation: conversation), default: Change()].entries.insert(entry.id)
            case .transcriptEntryRemoved(let device, let conversation, _):
                self.changed[View(device: device, conversation: conversation), default: Change()].whole = true
            case .inputFieldChanged(let device, let conversation, _):
                self.changed[View(device: device, conversation: conversation), default: Change()].field = true
            case .participantAssigned(let installID, let person, let identifier):
                // An install made, or a person new to one, during the recording: the replay
                // renames these too (the session line has those given before it).
                guard let install = world.installs[installID] else { continue }
                self.builder.participant(device: install.device, app: install.app, .init(person: person, identifier: identifier))
            case .contactNamed(let device, _, _):
                // Every name that device shows may read differently now.
                for view in Self.views(of: device, in: world) {
                    self.changed[view, default: Change()].whole = true
                    self.changed[view, default: Change()].field = true
                }
            default:
                continue
            }
        }
    }

    /// The views changed since the last reading, each with how many of its newest entries to
    /// read (nil: the whole screenful) and whether its input field is to be read; forgotten
    /// here as they are taken.
    mutating func takeChanged() -> [(view: View, limit: Int?, field: Bool)] {
        defer { self.changed = [:] }
        return self.changed.keys.sorted().map { view in
            let change = self.changed[view]!
            guard !change.whole, let shown = self.shown[view] else { return (view, nil, true) }
            // The newest entries down to the oldest one that changed and is on the screen.
            let oldestShown = shown.count >= SessionViews.screenful ? shown.first ?? Int.min : Int.min
            let onScreen = change.entries.filter { $0 >= oldestShown }
            guard let first = onScreen.min() else { return (view, 0, change.field) }
            let newer = Set(shown.filter { $0 >= first }).union(onScreen).count
            return (view, newer >= SessionViews.screenful ? nil : newer, change.field)
        }
    }

    /// The entries a view's reading showed, as the screenful it keeps.
    mutating func shown(_ view: View, entries: [Int], whole: Bool) {
        guard !whole, let old = self.shown[view] else {
            self.shown[view] = entries
            return
        }
        self.shown[view] = Array(Set(old).union(entries).sorted().suffix(SessionViews.screenful))
    }

    /// The session file's lines, the recording ending at `now`.
    func lines(now: Int64) -> [String] { self.builder.lines(elapsed: self.elapsed(now)) }

    /// Every view a device has: its owner's conversations, and those they left.
    static func views(of device: String, in world: World) -> [View] {
        guard let owner = world.devices[device]?.owner else { return [] }
        return world.conversations.values
            .filter { $0.members.contains(owner) || world.formerMembers[$0.id]?.contains(owner) == true }
            .map { View(device: device, conversation: $0.id) }
    }
}

/// The last recording that stopped, kept for `recording` to read until the next one starts.
struct RecordedSession {
    var startedAt: Int64
    var steps: Int
    var lines: [String]
}
