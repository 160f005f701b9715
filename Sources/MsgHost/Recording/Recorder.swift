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
        /// Entries added or changed, by id, as the store now holds them.
        var entries: [Int: TranscriptEntry] = [:]
        /// Read the whole screenful: an entry went (the others' places moved), or every
        /// entry may read differently (a contact's name).
        var whole = false
        var field = false
    }

    /// How a changed view is read when its step is answered.
    struct Reading {
        var view: View
        /// The changed entries on the screen, each with its place in the whole transcript,
        /// rendered as they are: nil reads the whole screenful instead.
        var entries: [(entry: TranscriptEntry, index: Int)]?
        /// How many entries the whole transcript has (with `entries`).
        var total: Int
        var field: Bool
    }

    let startedAt: Int64
    let builder: RecordingBuilder
    private(set) var steps = 0
    private var waiting: [Waiting: Int] = [:]
    /// Views changed since they were last read.
    private(set) var changed: [View: Change] = [:]
    /// The entry ids of each view's screenful, oldest first, and how many entries its whole
    /// transcript has: kept from the stored changes (and set again by a whole read), so that a
    /// changed entry's place is known without asking the store.
    private var shown: [View: [Int]] = [:]
    private var totals: [View: Int] = [:]

    init(start: SessionStart) {
        self.startedAt = start.startedAt
        self.builder = RecordingBuilder(start: start)
        for view in start.transcripts {
            self.shown(
                View(device: view.device, conversation: view.conversation), entries: view.entries.map(\.entry),
                total: view.olderCount + view.entries.count)
        }
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
        guard let number = self.waiting.removeValue(forKey: Waiting(client: client, requestID: requestID)) else {
            return false
        }
        self.builder.replied(step: number, body)
        return number == self.steps
    }

    /// Notes the views a stored change touched, and how.
    mutating func changed(_ changes: [WorldChange], world: World) {
        for change in changes {
            switch change {
            case .transcriptEntryAdded(let device, let conversation, let entry):
                let view = View(device: device, conversation: conversation)
                self.changed[view, default: Change()].entries[entry.id] = entry
                if var ids = self.shown.removeValue(forKey: view), let total = self.totals[view] {
                    // The newest entry: on the screen, the oldest one scrolling off a full one.
                    ids.append(entry.id)
                    if ids.count > SessionViews.screenful { ids.removeFirst(ids.count - SessionViews.screenful) }
                    (self.shown[view], self.totals[view]) = (ids, total + 1)
                }
            case .transcriptEntryChanged(let device, let conversation, let entry):
                self.changed[View(device: device, conversation: conversation), default: Change()].entries[entry.id] =
                    entry
            case .transcriptEntryRemoved(let device, let conversation, _):
                self.changed[View(device: device, conversation: conversation), default: Change()].whole = true
            case .inputFieldChanged(let device, let conversation, _):
                self.changed[View(device: device, conversation: conversation), default: Change()].field = true
            case .participantAssigned(let installID, let person, let identifier):
                // An install made, or a person new to one, during the recording: the replay
                // renames these too (the session line has those given before it).
                guard let install = world.installs[installID] else { continue }
                self.builder.participant(
                    device: install.device, app: install.app, .init(person: person, identifier: identifier))
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

    /// How to read each view changed since the last reading (nothing, for a view whose
    /// changes are all off its screen); forgotten here as they are taken.
    mutating func takeChanged() -> [Reading] {
        defer { self.changed = [:] }
        return self.changed.keys.sorted().compactMap { view in
            let change = self.changed[view]!
            guard !change.whole, let ids = self.shown[view], let total = self.totals[view] else {
                return Reading(view: view, entries: nil, total: 0, field: true)
            }
            // Ids grow with the transcript's order: an entry's place is counted from the newest.
            let entries = change.entries.keys.sorted().compactMap { id -> (TranscriptEntry, Int)? in
                guard let position = ids.firstIndex(of: id) else { return nil }  // scrolled off the screen
                return (change.entries[id]!, total - (ids.count - position))
            }
            guard !entries.isEmpty || change.field else { return nil }
            return Reading(
                view: view, entries: entries.map { (entry: $0.0, index: $0.1) }, total: total, field: change.field)
        }
    }

    /// A view's screenful as a whole read showed it, and its transcript's length.
    mutating func shown(_ view: View, entries: [Int], total: Int) {
        self.shown[view] = entries
        self.totals[view] = total
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
