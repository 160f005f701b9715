import Foundation
import MsgHostControl
import MsgHostProtocol

/// Plays a session's steps against a daemon started on its world, at their recorded times on
/// the manual clock, and compares what each step causes with what the recording showed.
///
/// A step's outcome is compared once the clock has reached the next step's time (what the
/// recording saw before that step began is the step's), after `settle`: the reply, then the
/// events and callbacks it caused, then every view of the world.
final class Replayer {
    /// The first place where today's run differs from the recording.
    struct Divergence: Error, CustomStringConvertible {
        var step: SessionStep
        /// Where: a device (and conversation, instance) or the reply.
        var place: String
        var recorded: String
        var now: String

        var description: String {
            let device = Replayer.device(of: self.step).map { " on \($0)" } ?? ""
            return "divergence at step \(self.step.step) (\(self.step.command)\(device), \(self.step.time) ms): \(self.place)\n  recorded: \(self.recorded)\n  now:      \(self.now)"
        }
    }

    private let session: Session
    private let client: ControlClient
    private var renaming = ReplayRenaming()
    /// Milliseconds of the replay's clock since it started, as the steps' times count.
    private var elapsed: Int64 = 0
    /// Each view as the recording last showed it, and which of its entries were there before
    /// the recording began (a replay starts with no history: those are left out).
    private var views: SessionViews
    private var earlier: [SessionViews.Key: Set<Int>] = [:]

    init(session: Session, client: ControlClient) {
        self.session = session
        self.client = client
        self.views = SessionViews(session.start)
    }

    /// Sets the world up as the recording found it beyond its seed (contact names, delivery
    /// rules), pairs the identifiers, and starts following events and frames.
    func prepare() throws {
        let start = self.session.start
        for contact in start.contacts {
            _ = try self.client.request(.contact, ContactRequest(device: contact.device, person: contact.person, name: contact.name))
        }
        for rule in start.delivery {
            _ = try self.client.request(.delivery, DeliveryRequest(device: rule.device, latencyMs: rule.latencyMs, hold: rule.hold))
        }
        for install in start.participants {
            let now = try self.client.request(.participants, DeviceAppRequest(device: install.device, app: install.app), as: ParticipantsResult.self)
            self.renaming.pair(recorded: install.participants, now: now.participants)
        }
        for view in start.transcripts {
            self.earlier[SessionViews.Key(device: view.device, conversation: view.conversation)] = Set(view.entries.map(\.entry))
        }
        try self.client.startPushes(.subscribe, SubscribeRequest())
        try self.client.startPushes(.wireTap)
    }

    /// Plays steps 1 to `until` (all by default); throws the first `Divergence`.
    func play(until: Int?) throws {
        var previous: SessionStep?
        for step in self.session.steps {
            if let until, step.step > until { break }
            try self.advance(to: step.time)
            if let previous { try self.compareOutcome(of: previous) }
            try self.perform(step)
            previous = step
        }
        guard let previous else { return }
        if until == nil || until! >= self.session.steps.count { try self.advance(to: self.session.end.time) }
        try self.compareOutcome(of: previous, last: true)
    }

    private func advance(to time: Int64) throws {
        guard time > self.elapsed else { return }
        _ = try self.client.request(.advanceClock, AdvanceClockRequest(milliseconds: time - self.elapsed), as: ClockResult.self)
        self.elapsed = time
    }

    /// Sends the step's request as the recording's client did, and compares the reply.
    private func perform(_ step: SessionStep) throws {
        guard let command = ControlCommand(rawValue: step.command) else { return }  // SessionReader let none through
        if command == .advanceClock, ReplayComparison.reply(step.reply).hasPrefix("error") {
            return  // refused on the recording's system clock; this clock is the replay's own
        }
        let body = try self.renaming.translate(step.body, command: command)
        var reply: JSONValue
        do {
            let envelope = try self.client.requestRaw(command, body: WireJSON.encode(body))
            reply = (try? WireJSON.decode(JSONValue.self, from: envelope.body)) ?? .null
            if command == .advanceClock, case .object(let fields) = body, case .number(let milliseconds)? = fields["milliseconds"] {
                self.elapsed += Int64(milliseconds)
            }
        } catch let error as WireError {
            reply = .object(["status": .string("error"), "error": .object([
                "domain": .string(error.domain), "code": .number(Double(error.code)), "name": .string(error.name),
            ])])
        }
        let (was, is_) = (ReplayComparison.reply(step.reply), ReplayComparison.reply(reply))
        if was != is_ { throw Divergence(step: step, place: "the reply", recorded: was, now: is_) }
    }

    /// What the step caused, now against the recording: events, callbacks, views.
    private func compareOutcome(of step: SessionStep, last: Bool = false) throws {
        _ = try self.client.request(.settle, as: ClockResult.self)
        var events: [EventRecord] = []
        var callbacks: [SessionCallback] = []
        for push in self.client.takePushes() {
            if push.header.type == "event", let event = try? push.decodeBody(EventRecord.self) {
                events.append(event)
            } else if push.header.type == "frame", let frame = try? push.decodeBody(CallbackFrame.self), frame.direction == "out",
                      let device = frame.device, let app = frame.app, CallbackType(rawValue: frame.type) != nil, let instance = frame.body?.instance {
                callbacks.append(SessionCallback(device: device, app: app, instance: instance, callback: frame.type))
            }
        }
        try self.compareEvents(step, now: events)
        try self.compareCallbacks(step, now: callbacks)
        for change in step.transcripts { self.views.apply(change) }
        for key in self.touched(by: step, events: events, last: last) { try self.compareView(key, step: step, last: last) }
    }

    /// A frame as the replay reads it: only what names a callback and its instance (a frame's
    /// whole body, read as `JSONValue`, would cost more than the rest of a step).
    private struct CallbackFrame: Decodable {
        struct Body: Decodable { var instance: String? }
        var direction: String
        var device: String?
        var app: String?
        var type: String
        var body: Body?
    }

    /// The views a step may have changed, recorded or now: those the recording wrote, those the
    /// step's request and today's events name, every view of a device whose names changed, and
    /// all of them after the last step (so nothing that differs goes unseen at the end).
    private func touched(by step: SessionStep, events: [EventRecord], last: Bool) -> [SessionViews.Key] {
        let all = self.views.views.keys
        if last { return all.sorted() }
        var keys = Set(step.transcripts.map { SessionViews.Key(device: $0.device, conversation: $0.conversation) })
        for event in events {
            guard let device = event.device else { continue }
            if let conversation = event.conversation { keys.insert(SessionViews.Key(device: device, conversation: conversation)) }
        }
        if case .object(let body) = step.body {
            let device = body["device"].flatMap { if case .string(let value) = $0 { value } else { nil } }
            let conversation = body["conversation"].flatMap { if case .string(let value) = $0 { value } else { nil } }
            if let device, let conversation { keys.insert(SessionViews.Key(device: device, conversation: conversation)) }
            // Names (contact) and members change how every view of a device or conversation reads.
            if step.command == ControlCommand.contact.rawValue, let device { keys.formUnion(all.filter { $0.device == device }) }
            if step.command == ControlCommand.addMember.rawValue || step.command == ControlCommand.removeMember.rawValue, let conversation {
                keys.formUnion(all.filter { $0.conversation == conversation })
            }
        }
        return keys.filter { all.contains($0) }.sorted()
    }

    private func compareEvents(_ step: SessionStep, now: [EventRecord]) throws {
        let (recorded, current) = (ReplayComparison.events(step.events), ReplayComparison.events(now))
        for device in Set(recorded.keys).union(current.keys).sorted() {
            let (was, is_) = (recorded[device] ?? [], current[device] ?? [])
            guard was != is_ else { continue }
            let index = zip(was, is_).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(was.count, is_.count)
            throw Divergence(
                step: step, place: "\(device.isEmpty ? "the world" : device): event \(index + 1)",
                recorded: index < was.count ? was[index...].prefix(3).map(\.description).joined(separator: "; ") : "no more events",
                now: index < is_.count ? is_[index...].prefix(3).map(\.description).joined(separator: "; ") : "no more events")
        }
    }

    /// Callbacks by instance (paired by their order of appearance on each device and app), in
    /// order for each instance.
    private func compareCallbacks(_ step: SessionStep, now: [SessionCallback]) throws {
        struct Key: Hashable, Comparable {
            var device: String, app: String, ordinal: Int
            static func < (a: Key, b: Key) -> Bool { (a.device, a.app, a.ordinal) < (b.device, b.app, b.ordinal) }
        }
        var recorded: [Key: (instance: String, callbacks: [String])] = [:]
        for callback in step.callbacks {
            let key = Key(device: callback.device, app: callback.app,
                          ordinal: self.renaming.ordinal(of: callback.instance, device: callback.device, app: callback.app, recorded: true))
            recorded[key, default: (callback.instance, [])].callbacks.append(callback.callback)
        }
        var current: [Key: (instance: String, callbacks: [String])] = [:]
        for callback in now {
            let key = Key(device: callback.device, app: callback.app,
                          ordinal: self.renaming.ordinal(of: callback.instance, device: callback.device, app: callback.app, recorded: false))
            current[key, default: (callback.instance, [])].callbacks.append(callback.callback)
        }
        for key in Set(recorded.keys).union(current.keys).sorted() {
            let (was, is_) = (recorded[key]?.callbacks ?? [], current[key]?.callbacks ?? [])
            guard was != is_ else { continue }
            let instance = recorded[key].map { "instance \($0.instance)" } ?? "a new instance"
            let replayed = current[key].map { " (now \($0.instance))" } ?? ""
            throw Divergence(
                step: step, place: "\(key.device), \(key.app) \(instance)\(replayed): callbacks",
                recorded: was.isEmpty ? "none" : was.joined(separator: ", "), now: is_.isEmpty ? "none" : is_.joined(separator: ", "))
        }
    }

    /// Compares a view with the recording. When the step only added or changed its newest
    /// entries, only those are read (and the count of all, so nothing missing or extra goes
    /// unseen): a long session then reads a bubble or two a step, not a screenful.
    private func compareView(_ key: SessionViews.Key, step: SessionStep, last: Bool) throws {
        guard let recorded = self.views[key] else { return }
        let earlier = self.earlier[key] ?? []
        var kept = recorded.entries.filter { !earlier.contains($0.entry) }
        var limit: Int?
        if !last, earlier.isEmpty, let change = step.transcripts.first(where: { $0.device == key.device && $0.conversation == key.conversation }),
           change.removed.isEmpty, !change.entries.isEmpty {
            let changed = Set(change.entries.map(\.entry))
            if let first = kept.firstIndex(where: { changed.contains($0.entry) }) { limit = kept.count - first }
        }
        let page = try self.client.request(.transcript, TranscriptRequest(device: key.device, conversation: key.conversation, limit: limit), as: TranscriptResult.self)
        let field = (try? self.client.request(.inputField, InputFieldRequest(device: key.device, conversation: key.conversation), as: InputFieldResult.self))
            ?? InputFieldResult(text: "", staged: nil)
        var now = page.entries
        if let limit {
            let (recordedTotal, total) = (recorded.olderCount + recorded.entries.count, page.olderCount + page.entries.count)
            if recordedTotal != total {
                throw Divergence(step: step, place: "\(key.device), conversation \(key.conversation): how many entries",
                                 recorded: "\(recordedTotal)", now: "\(total)")
            }
            kept = Array(kept.suffix(limit))
        } else if recorded.entries.count == SessionViews.screenful && now.count > kept.count {
            // A full screenful recorded may have had earlier entries at its top: compare the newest.
            now = Array(now.suffix(kept.count))
        }
        let was = ReplayComparison.View(entries: kept.map(ReplayComparison.Entry.init), text: recorded.text, staged: recorded.staged.map(ReplayComparison.Entry.init))
        let is_ = ReplayComparison.View(entries: now.map(ReplayComparison.Entry.init), text: field.text, staged: field.staged.map(ReplayComparison.Entry.init))
        if let difference = ReplayComparison.difference(recorded: was, now: is_) {
            throw Divergence(step: step, place: "\(key.device), conversation \(key.conversation): \(difference.place)", recorded: difference.recorded, now: difference.now)
        }
        self.renaming.pair(recorded: kept, now: now)
        if let staged = recorded.staged, let current = field.staged { self.renaming.pair(recorded: [staged], now: [current]) }
    }

    /// The device a step acts on, for reports.
    static func device(of step: SessionStep) -> String? {
        if case .object(let fields) = step.body, case .string(let device)? = fields["device"] { return device }
        return nil
    }
}
