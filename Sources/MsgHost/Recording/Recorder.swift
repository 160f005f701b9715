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
/// A step is one action request; what follows it (its reply, events, callbacks, frames, and
/// the views that changed) belongs to it until the next action arrives. Requests of several
/// clients at once therefore share their consequences by arrival; one person driving the
/// page, or one test, makes steps that each hold exactly what they caused.
struct Recorder {
    /// One device's view of one conversation.
    struct View: Hashable {
        var device: String
        var conversation: String
    }

    /// Where a reply goes: the step it answers is found by its client and request id.
    struct Waiting: Hashable {
        var client: [UInt8]
        var requestID: String
    }

    let startedAt: Int64
    let start: SessionStart
    private(set) var steps: [SessionStep] = []
    private var waiting: [Waiting: Int] = [:]
    /// Views changed since they were last read, read again when a step ends.
    private(set) var changed: Set<View> = []
    /// Formats frames as the tap does, with the recording's own count (`seq`).
    private var tap = WireTap()
    /// Each view whole, as last read; and as it was when the current step began, for the views
    /// the step changed (a step records what changed, `SessionViews.change`).
    private var views: [SessionViews.Key: SessionTranscript] = [:]
    private var stepBase: [SessionViews.Key: SessionTranscript?] = [:]

    init(start: SessionStart) {
        self.startedAt = start.startedAt
        self.start = start
        for view in start.transcripts { self.views[SessionViews.Key(device: view.device, conversation: view.conversation)] = view }
    }

    /// Milliseconds since the recording started.
    func elapsed(_ now: Int64) -> Int64 { max(0, now - self.startedAt) }

    /// An action arrived: a new step, the current one from now on.
    mutating func begin(command: ControlCommand, body: JSONValue, client: [UInt8], requestID: String, now: Int64) {
        self.waiting[Waiting(client: client, requestID: requestID)] = self.steps.count
        self.stepBase = [:]
        self.steps.append(SessionStep(
            step: self.steps.count + 1, time: self.elapsed(now), command: command.rawValue, body: body, reply: .null,
            events: [], callbacks: [], transcripts: [], frames: []))
    }

    /// A reply left for `client`; returns true when it answered the current step (whose
    /// changed views are then read, so the step shows what it did at once).
    mutating func replied(client: [UInt8], requestID: String, body: [UInt8]) -> Bool {
        guard let index = self.waiting.removeValue(forKey: Waiting(client: client, requestID: requestID)) else { return false }
        self.steps[index].reply = (try? WireJSON.decode(JSONValue.self, from: body)) ?? .null
        return index == self.steps.count - 1
    }

    mutating func event(_ record: EventRecord) {
        guard !self.steps.isEmpty else { return }
        self.steps[self.steps.count - 1].events.append(record)
    }

    /// A message between the daemon and an extension, and the callback it is, if it is one.
    mutating func frame(_ frames: [[UInt8]], inbound: Bool, peer: (device: String, app: String, pid: Int?)?, refusal: WireError?, time: Int64) {
        guard !self.steps.isEmpty else { return }
        let frame = self.tap.frame(frames, inbound: inbound, peer: peer, refusal: refusal, time: time)
        let last = self.steps.count - 1
        self.steps[last].frames.append(frame)
        if !inbound, let peer, CallbackType(rawValue: frame.type) != nil, case .object(let body)? = frame.body, case .string(let instance)? = body["instance"] {
            self.steps[last].callbacks.append(SessionCallback(device: peer.device, app: peer.app, instance: instance, callback: frame.type))
        }
    }

    /// Notes the views a stored change touched.
    mutating func changed(_ changes: [WorldChange], world: World) {
        for change in changes {
            switch change {
            case .transcriptEntryAdded(let device, let conversation, _), .transcriptEntryChanged(let device, let conversation, _),
                 .transcriptEntryRemoved(let device, let conversation, _), .inputFieldChanged(let device, let conversation, _):
                self.changed.insert(View(device: device, conversation: conversation))
            case .contactNamed(let device, _, _):
                // Every name that device shows may read differently now.
                for view in Self.views(of: device, in: world) { self.changed.insert(view) }
            default:
                continue
            }
        }
    }

    /// The views read since the step began, into the current step (a later reading of a view
    /// replaces an earlier one).
    mutating func takeChanged() -> Set<View> {
        defer { self.changed = [] }
        return self.changed
    }

    mutating func viewsRead(_ views: [SessionTranscript]) {
        guard !self.steps.isEmpty, !views.isEmpty else { return }
        let last = self.steps.count - 1
        for view in views {
            let key = SessionViews.Key(device: view.device, conversation: view.conversation)
            if self.stepBase[key] == nil { self.stepBase[key] = .some(self.views[key]) }
            self.views[key] = view
            self.steps[last].transcripts.removeAll { $0.device == view.device && $0.conversation == view.conversation }
            let base = self.stepBase[key] ?? nil
            let change = SessionViews.change(from: base, to: view)
            let same = change.entries.isEmpty && change.removed.isEmpty && base.map {
                ($0.olderCount, $0.text, $0.staged) == (view.olderCount, view.text, view.staged)
            } == true
            if !same { self.steps[last].transcripts.append(change) }
        }
        self.steps[last].transcripts.sort { ($0.device, $0.conversation) < ($1.device, $1.conversation) }
    }

    /// The session file's lines, the recording ending at `now`.
    func lines(now: Int64) -> [String] {
        var lines = [String(decoding: WireJSON.encode(self.start), as: UTF8.self)]
        lines.reserveCapacity(self.steps.count + 2)
        for step in self.steps { lines.append(String(decoding: WireJSON.encode(step), as: UTF8.self)) }
        lines.append(String(decoding: WireJSON.encode(SessionEnd(steps: self.steps.count, time: self.elapsed(now))), as: UTF8.self))
        return lines
    }

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
