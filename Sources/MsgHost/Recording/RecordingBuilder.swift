import Dispatch
import MsgHostProtocol

/// The session being written, on a thread of its own: the loop hands it what crossed its
/// sockets as it was (request and reply bodies, extension frames, events, the views it read)
/// and goes on at once; decoding the frames' JSON, pairing replies with their steps and
/// working out what each view's change is happen here, off the loop's path.
///
/// Everything is done on `queue`, in the order the loop handed it over, so the session is
/// the same as if the loop had done it itself; the loop hands things over once each time it
/// wakes (`flush`) and waits only when the recording stops (`lines`).
final class RecordingBuilder: @unchecked Sendable {
    /// A page of a view read by the loop once something in it changed: the newest entries
    /// (all of a screenful, or only those from the first changed one on), and the input field
    /// when it was read (else it is as before).
    struct ViewRead: Sendable {
        var key: SessionViews.Key
        /// Nil: no entry changed, only the input field was read.
        var entries: [TranscriptEntryValue]?
        /// How many entries the whole transcript has.
        var total: Int
        /// The whole screenful was read: it replaces what was kept of the view.
        var whole: Bool
        var field: InputFieldResult?
    }

    private let queue = DispatchQueue(label: "msghost.recording")
    /// What the loop handed over since its last `flush` (touched by the loop only): handed to
    /// `queue` in one batch a wake-up of the loop, not one dispatch a frame, so that the two
    /// threads do not take turns waking each other for every message.
    private var pending: [@Sendable () -> Void] = []
    // Touched on `queue` only.
    private let start: SessionStart
    private var steps: [SessionStep] = []
    /// Each step's frames as they crossed (bytes, not yet decoded), by step: decoded into the
    /// tap's form only when the session's lines are written. Decoding each frame's JSON as it
    /// came, and keeping it as a tree of values, cost the daemon CPU and memory on every message.
    private var frames: [[CrossedFrame]] = []
    /// Formats frames as the tap does, with the recording's own count (`seq`).
    private var tap = WireTap()
    /// Each view whole, as last read; and what the current step changed of each, as it was
    /// when the step began (a step records what changed, `SessionViews.change`).
    private var views: [SessionViews.Key: SessionTranscript] = [:]
    private var stepBase: [SessionViews.Key: StepBase] = [:]

    /// A view as the current step began, kept as what the step changed of it: its counts and
    /// field, and each entry the step touched as it was (nil: not on the screen). A copy of
    /// the whole screenful a step, made as the view changed, cost the builder more than the
    /// rest of its work together.
    private struct StepBase {
        var existed: Bool
        var olderCount = 0
        var text = ""
        var staged: TranscriptEntryValue?
        var entries: [Int: TranscriptEntryValue?] = [:]

        init(_ view: SessionTranscript?) {
            self.existed = view != nil
            if let view { (self.olderCount, self.text, self.staged) = (view.olderCount, view.text, view.staged) }
        }

        /// Notes `id` as it was in `view` before the step first changes it.
        mutating func keep(_ id: Int, from view: [TranscriptEntryValue]) {
            guard self.entries[id] == nil else { return }
            let index = SessionViews.place(of: id, in: view)
            self.entries[id] = .some(index < view.count && view[index].entry == id ? view[index] : nil)
        }

        /// The whole view as the step began, from what it is now (`current`): nil if it was
        /// not there. Entries that scrolled off during the step are not brought back; a
        /// change is never reported for those (`SessionViews.change`).
        func view(from current: SessionTranscript?) -> SessionTranscript? {
            guard self.existed, var view = current else { return nil }
            for (id, original) in self.entries {
                if let original {
                    SessionViews.put(original, into: &view.entries)
                } else {
                    view.entries.removeAll { $0.entry == id }
                }
            }
            (view.olderCount, view.text, view.staged) = (self.olderCount, self.text, self.staged)
            return view
        }
    }

    init(start: SessionStart) {
        self.start = start
        for view in start.transcripts {
            self.views[SessionViews.Key(device: view.device, conversation: view.conversation)] = view
        }
    }

    private func later(_ work: @escaping @Sendable () -> Void) { self.pending.append(work) }

    /// Hands over what the loop gave since the last time (the loop calls this once a wake-up).
    func flush() {
        guard !self.pending.isEmpty else { return }
        let batch = self.pending
        self.pending = []
        self.queue.async { for work in batch { work() } }
    }

    /// An action began step `number` (1, 2 …) at `time` (ms since the start).
    func begin(number: Int, time: Int64, command: ControlCommand, body: [UInt8]?) {
        self.later {
            self.stepBase = [:]
            self.frames.append([])
            let body = body.map { (try? WireJSON.decode(JSONValue.self, from: $0)) ?? .object([:]) } ?? .object([:])
            self.steps.append(
                SessionStep(
                    step: number, time: time, command: command.rawValue, body: body, reply: .null,
                    events: [], callbacks: [], transcripts: [], frames: []))
        }
    }

    /// The reply to step `number`.
    func replied(step number: Int, _ body: ControlMessage.Body) {
        self.later {
            guard number >= 1, number <= self.steps.count else { return }
            self.steps[number - 1].reply =
                (try? WireJSON.decode(JSONValue.self, from: ControlCodec.body(body))) ?? .null
        }
    }

    func event(_ record: EventRecord) {
        self.later {
            guard !self.steps.isEmpty else { return }
            self.steps[self.steps.count - 1].events.append(record)
        }
    }

    /// A message between the daemon and an extension, as it crossed.
    private struct CrossedFrame: Sendable {
        var frames: [[UInt8]]
        var inbound: Bool
        var peer: Peer?
        var refusal: WireError?
        var time: Int64
    }

    /// A message between the daemon and an extension, as it crossed: kept as bytes, read
    /// (the callback it is, the tap's form) only when the session's lines are written.
    func frame(_ frames: [[UInt8]], inbound: Bool, peer: Peer?, refusal: WireError?, time: Int64) {
        self.later {
            guard !self.steps.isEmpty else { return }
            self.frames[self.steps.count - 1].append(
                CrossedFrame(frames: frames, inbound: inbound, peer: peer, refusal: refusal, time: time))
        }
    }

    /// The callback a message to an extension is, if it is one: its type from the header, its
    /// instance from the body.
    private static func callback(_ frame: CrossedFrame) -> SessionCallback? {
        let frames = frame.frames
        guard !frame.inbound, let peer = frame.peer, frames.count >= 4, frames[2].count <= WireLimits.maxHeaderBytes,
            let header = try? WireJSON.decode(Header.self, from: frames[2]), CallbackType(rawValue: header.type) != nil,
            frames[3].count <= WireTap.maxBodyBytes, let body = try? WireJSON.decode(InstanceBody.self, from: frames[3])
        else { return nil }
        return SessionCallback(device: peer.device, app: peer.app, instance: body.instance, callback: header.type)
    }

    /// A participant identifier given during the current step, by install.
    func participant(device: String, app: String, _ entry: ParticipantsResult.Entry) {
        self.later {
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
    /// same step adds to what an earlier one found).
    ///
    /// A read of a view's newest entries costs what it read: those entries are put in place
    /// (a binary search each) and compared with the view as the step began; the rest of the
    /// screenful is neither copied nor compared (a whole read is, `SessionViews.change`).
    func viewsRead(_ reads: [ViewRead]) {
        self.later {
            guard !self.steps.isEmpty, !reads.isEmpty else { return }
            let last = self.steps.count - 1
            for read in reads { self.apply(read, step: last) }
        }
    }

    private func apply(_ read: ViewRead, step last: Int) {
        let key = read.key
        // Taken out while it changes, so that its entries are changed in place, not copied.
        var kept = self.views.removeValue(forKey: key)
        var base = self.stepBase.removeValue(forKey: key) ?? StepBase(kept)
        let written = self.steps[last].transcripts.firstIndex {
            $0.device == key.device && $0.conversation == key.conversation
        }
        var view: SessionTranscript
        var change: SessionTranscript
        if base.existed, !read.whole, var old = kept.take() {
            change =
                written.map { self.steps[last].transcripts[$0] }
                ?? SessionTranscript(
                    device: key.device, conversation: key.conversation, entries: [], olderCount: 0, text: "",
                    staged: nil)
            if let page = read.entries {
                for entry in page {
                    base.keep(entry.entry, from: old.entries)
                    SessionViews.put(entry, into: &old.entries)
                    if base.entries[entry.entry] == .some(entry) {
                        change.entries.removeAll { $0.entry == entry.entry }
                    } else {
                        SessionViews.put(entry, into: &change.entries)
                    }
                }
                if old.entries.count > SessionViews.screenful {
                    old.entries.removeFirst(old.entries.count - SessionViews.screenful)
                }
                old.olderCount = max(0, read.total - old.entries.count)
            }
            if let field = read.field { (old.text, old.staged) = (field.text, field.staged) }
            (change.olderCount, change.text, change.staged) = (old.olderCount, old.text, old.staged)
            view = old
        } else {
            let before = base.view(from: kept)
            view = Self.merged(kept, read)
            change = SessionViews.change(from: before, to: view)
            // What this read changed, as it was when the step began, for later reads in the step.
            for id in change.entries.map(\.entry) + change.removed { base.keep(id, from: before?.entries ?? []) }
        }
        self.views[key] = view
        let same =
            change.entries.isEmpty && change.removed.isEmpty && base.existed
            && (base.olderCount, base.text, base.staged) == (view.olderCount, view.text, view.staged)
        self.stepBase[key] = base
        if let written {
            if same {
                self.steps[last].transcripts.remove(at: written)
            } else {
                self.steps[last].transcripts[written] = change
            }
        } else if !same {
            self.steps[last].transcripts.append(change)
            self.steps[last].transcripts.sort { ($0.device, $0.conversation) < ($1.device, $1.conversation) }
        }
    }

    /// A view whole again: a whole read as it is; a read of the newest entries over what was
    /// kept (entries by id, the newest screenful kept).
    private static func merged(_ old: SessionTranscript?, _ read: ViewRead) -> SessionTranscript {
        let field = read.field ?? InputFieldResult(text: old?.text ?? "", staged: old?.staged)
        guard let page = read.entries else {
            return SessionTranscript(
                device: read.key.device, conversation: read.key.conversation, entries: old?.entries ?? [],
                olderCount: old?.olderCount ?? 0,
                text: field.text, staged: field.staged)
        }
        var entries = page
        if !read.whole, let old {
            entries = old.entries
            for entry in page { SessionViews.put(entry, into: &entries) }
            if entries.count > SessionViews.screenful { entries.removeFirst(entries.count - SessionViews.screenful) }
        }
        return SessionTranscript(
            device: read.key.device, conversation: read.key.conversation, entries: entries,
            olderCount: max(0, read.total - entries.count), text: field.text, staged: field.staged)
    }

    /// The session file's lines, once everything handed over so far is in: the recording
    /// ending at `elapsed` ms after its start. The loop waits for this one.
    func lines(elapsed: Int64) -> [String] {
        self.flush()
        return self.queue.sync {
            var lines = [String(decoding: WireJSON.encode(self.start), as: UTF8.self)]
            lines.reserveCapacity(self.steps.count + 2)
            for (index, var step) in self.steps.enumerated() {
                step.callbacks = self.frames[index].compactMap(Self.callback)
                step.frames = self.frames[index].map { frame in
                    self.tap.frame(
                        frame.frames, inbound: frame.inbound, peer: frame.peer.map { ($0.device, $0.app, $0.pid) },
                        refusal: frame.refusal, time: frame.time)
                }
                lines.append(String(decoding: WireJSON.encode(step), as: UTF8.self))
            }
            lines.append(
                String(decoding: WireJSON.encode(SessionEnd(steps: self.steps.count, time: elapsed)), as: UTF8.self))
            return lines
        }
    }
}
