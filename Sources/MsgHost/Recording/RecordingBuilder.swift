import Dispatch
import MsgHostProtocol

/// The session being written, on a thread of its own: the loop hands it what crossed its
/// sockets as it was (request and reply bodies, extension frames, events, the views it read)
/// and goes on at once; decoding the frames' JSON, pairing replies with their steps and
/// working out what each view's change is happen here, off the loop's path.
///
/// Everything is done on `queue`, in the order the loop handed it over, so the session is
/// the same as if the loop had done it itself; the loop waits only when the recording stops
/// (`lines`).
final class RecordingBuilder: @unchecked Sendable {
    /// A page of a view read by the loop once something in it changed: the newest entries
    /// (all of a screenful, or only those from the first changed one on), and the input field
    /// when it was read (else it is as before).
    struct ViewRead: Sendable {
        var key: SessionViews.Key
        /// Nil: no entry changed, only the input field was read.
        var entries: [TranscriptEntryValue]?
        var olderCount: Int
        /// The whole screenful was read: it replaces what was kept of the view.
        var whole: Bool
        var field: InputFieldResult?
    }

    private let queue = DispatchQueue(label: "msghost.recording")
    // Touched on `queue` only.
    private let start: SessionStart
    private var steps: [SessionStep] = []
    /// Formats frames as the tap does, with the recording's own count (`seq`).
    private var tap = WireTap()
    /// Each view whole, as last read; and as it was when the current step began, for the views
    /// the step changed (a step records what changed, `SessionViews.change`).
    private var views: [SessionViews.Key: SessionTranscript] = [:]
    private var stepBase: [SessionViews.Key: SessionTranscript?] = [:]

    init(start: SessionStart) {
        self.start = start
        for view in start.transcripts { self.views[SessionViews.Key(device: view.device, conversation: view.conversation)] = view }
    }

    /// An action began step `number` (1, 2 …) at `time` (ms since the start).
    func begin(number: Int, time: Int64, command: ControlCommand, body: [UInt8]?) {
        self.queue.async {
            self.stepBase = [:]
            let body = body.map { (try? WireJSON.decode(JSONValue.self, from: $0)) ?? .object([:]) } ?? .object([:])
            self.steps.append(SessionStep(
                step: number, time: time, command: command.rawValue, body: body, reply: .null,
                events: [], callbacks: [], transcripts: [], frames: []))
        }
    }

    /// The reply to step `number`.
    func replied(step number: Int, _ body: ControlMessage.Body) {
        self.queue.async {
            guard number >= 1, number <= self.steps.count else { return }
            self.steps[number - 1].reply = (try? WireJSON.decode(JSONValue.self, from: ControlCodec.body(body))) ?? .null
        }
    }

    func event(_ record: EventRecord) {
        self.queue.async {
            guard !self.steps.isEmpty else { return }
            self.steps[self.steps.count - 1].events.append(record)
        }
    }

    /// A message between the daemon and an extension, and the callback it is, if it is one.
    func frame(_ frames: [[UInt8]], inbound: Bool, peer: Peer?, refusal: WireError?, time: Int64) {
        self.queue.async {
            guard !self.steps.isEmpty else { return }
            let frame = self.tap.frame(frames, inbound: inbound, peer: peer.map { ($0.device, $0.app, $0.pid) }, refusal: refusal, time: time)
            let last = self.steps.count - 1
            self.steps[last].frames.append(frame)
            if !inbound, let peer, CallbackType(rawValue: frame.type) != nil, case .object(let body)? = frame.body, case .string(let instance)? = body["instance"] {
                self.steps[last].callbacks.append(SessionCallback(device: peer.device, app: peer.app, instance: instance, callback: frame.type))
            }
        }
    }

    /// A participant identifier given during the current step, by install.
    func participant(device: String, app: String, _ entry: ParticipantsResult.Entry) {
        self.queue.async {
            guard !self.steps.isEmpty else { return }
            let last = self.steps.count - 1
            var installs = self.steps[last].participants ?? []
            if let index = installs.firstIndex(where: { $0.device == device && $0.app == app }) {
                installs[index].participants.append(entry)
            } else {
                installs.append(SessionParticipants(device: device, app: app, participants: [entry]))
            }
            self.steps[last].participants = installs
        }
    }

    /// Who an extension message came from or went to.
    struct Peer: Sendable {
        var device: String
        var app: String
        var pid: Int?
    }

    /// Views the loop read: each put together with what was kept of it, and what changed
    /// since the current step began written into that step (a later reading of a view in the
    /// same step replaces an earlier one).
    func viewsRead(_ reads: [ViewRead]) {
        self.queue.async {
            guard !self.steps.isEmpty, !reads.isEmpty else { return }
            let last = self.steps.count - 1
            for read in reads {
                let key = read.key
                let old = self.views[key]
                let view = Self.merged(old, read)
                if self.stepBase[key] == nil { self.stepBase[key] = .some(old) }
                self.views[key] = view
                self.steps[last].transcripts.removeAll { $0.device == key.device && $0.conversation == key.conversation }
                let base = self.stepBase[key] ?? nil
                let change = SessionViews.change(from: base, to: view)
                let same = change.entries.isEmpty && change.removed.isEmpty && base.map {
                    ($0.olderCount, $0.text, $0.staged) == (view.olderCount, view.text, view.staged)
                } == true
                if !same { self.steps[last].transcripts.append(change) }
            }
            self.steps[last].transcripts.sort { ($0.device, $0.conversation) < ($1.device, $1.conversation) }
        }
    }

    /// A view whole again: a whole read as it is; a read of the newest entries over what was
    /// kept (entries by id, the newest screenful kept).
    private static func merged(_ old: SessionTranscript?, _ read: ViewRead) -> SessionTranscript {
        let field = read.field ?? InputFieldResult(text: old?.text ?? "", staged: old?.staged)
        guard let page = read.entries else {
            return SessionTranscript(
                device: read.key.device, conversation: read.key.conversation, entries: old?.entries ?? [], olderCount: old?.olderCount ?? 0,
                text: field.text, staged: field.staged)
        }
        let total = read.olderCount + page.count
        var entries = page
        if !read.whole, let old {
            var byID = Dictionary(old.entries.map { ($0.entry, $0) }, uniquingKeysWith: { _, last in last })
            for entry in page { byID[entry.entry] = entry }
            entries = Array(byID.values.sorted { $0.entry < $1.entry }.suffix(SessionViews.screenful))
        }
        return SessionTranscript(
            device: read.key.device, conversation: read.key.conversation, entries: entries, olderCount: max(0, total - entries.count),
            text: field.text, staged: field.staged)
    }

    /// The session file's lines, once everything handed over so far is in: the recording
    /// ending at `elapsed` ms after its start. The loop waits for this one.
    func lines(elapsed: Int64) -> [String] {
        self.queue.sync {
            var lines = [String(decoding: WireJSON.encode(self.start), as: UTF8.self)]
            lines.reserveCapacity(self.steps.count + 2)
            for step in self.steps { lines.append(String(decoding: WireJSON.encode(step), as: UTF8.self)) }
            lines.append(String(decoding: WireJSON.encode(SessionEnd(steps: self.steps.count, time: elapsed)), as: UTF8.self))
            return lines
        }
    }
}
