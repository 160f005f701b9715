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
            return
                "divergence at step \(self.step.step) (\(self.step.command)\(device), \(self.step.time) ms): \(self.place)\n  recorded: \(self.recorded)\n  now:      \(self.now)"
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
    private var readBodies: [Read: [(command: ControlCommand, body: [UInt8])]] = [:]

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
            _ = try self.client.request(
                .contact, ContactRequest(device: contact.device, person: contact.person, name: contact.name))
        }
        for rule in start.delivery {
            _ = try self.client.request(
                .delivery, DeliveryRequest(device: rule.device, latencyMs: rule.latencyMs, hold: rule.hold))
        }
        for install in start.participants {
            let now = try self.client.request(
                .participants, DeviceAppRequest(device: install.device, app: install.app), as: ParticipantsResult.self)
            self.renaming.pair(recorded: install.participants, now: now.participants)
        }
        for view in start.transcripts {
            self.earlier[SessionViews.Key(device: view.device, conversation: view.conversation)] = Set(
                view.entries.map(\.entry))
        }
        // The screens as the recording found them: the app presented (opened, expanded with
        // the chevron) and the conversation shown. What they cause is not compared: the
        // recording began after it.
        for screen in start.screens ?? [] {
            if let app = screen.app, let conversation = screen.conversation {
                _ = try self.client.request(
                    .open, OpenRequest(device: screen.device, conversation: conversation, app: app), as: OpenResult.self
                )
                if screen.presentationStyle == .expanded {
                    _ = try self.client.request(.chevron, DeviceRequest(device: screen.device))
                }
            }
            if screen.showing != screen.conversation {
                _ = try self.client.request(.show, ShowRequest(device: screen.device, conversation: screen.showing))
            }
        }
        _ = try self.client.request(.settle, as: ClockResult.self)
        try self.client.startPushes(.subscribe, SubscribeRequest())
        try self.client.startPushes(.wireTap)
    }

    /// Plays steps 1 to `until` (all by default); throws the first `Divergence`.
    ///
    /// A step costs one batch of requests (`ControlClient.requests`), two when the clock
    /// moves: the reads that compare the step before, the step's own request, and `settle`,
    /// sent at once. The daemon takes them in order, so the reads see the world as the step
    /// before left it and `settle` answers once what the step caused is done; every push
    /// before that answer is the step's. With `until`, a step's request waits for the
    /// comparison of the step before (the daemon is left as the last step compared left it).
    func play(until: Int?) throws {
        var previous: SessionStep?
        for step in self.session.steps {
            if let until, step.step > until { break }
            try self.advance(to: step.time)
            var reads: [Read] = []
            if let previous { reads = try self.compareActivity(of: previous) }
            var request: (command: ControlCommand, body: [UInt8])?
            do {
                request = try self.request(for: step)
            } catch  where !reads.isEmpty {
                request = nil  // it names a bubble the reads are still to pair: read first
            }
            if let previous, !reads.isEmpty, until != nil || request == nil {
                try self.compareViews(of: previous, reads, try self.client.requests(self.requests(reads)))
                reads = []
                request = try self.request(for: step)
            }
            let replies = try self.client.requests(self.requests(reads) + (request.map { [$0] } ?? []) + [Self.settle])
            if let previous { try self.compareViews(of: previous, reads, Array(replies.prefix(reads.count * 2))) }
            if let request { try self.compareReply(of: step, body: request.body, replies[reads.count * 2]) }
            previous = step
        }
        guard let previous else { return }
        if until == nil || until! >= self.session.steps.count { try self.advance(to: self.session.end.time) }
        let reads = try self.compareActivity(of: previous, last: true)
        try self.compareViews(of: previous, reads, try self.client.requests(self.requests(reads)), last: true)
    }

    private static let settle: (command: ControlCommand, body: [UInt8]) = (.settle, WireJSON.encode(Empty()))

    /// Moves the clock to `time` and waits for what that set off.
    private func advance(to time: Int64) throws {
        guard time > self.elapsed else { return }
        let replies = try self.client.requests([
            (.advanceClock, WireJSON.encode(AdvanceClockRequest(milliseconds: time - self.elapsed))), Self.settle,
        ])
        for reply in replies { if case .failure(let error) = reply { throw error } }
        self.elapsed = time
    }

    /// The step's request as the recording's client sent it (nil: not sent).
    private func request(for step: SessionStep) throws -> (command: ControlCommand, body: [UInt8])? {
        // SessionReader let none through.
        guard let command = ControlCommand(rawValue: step.command) else { return nil }
        if command == .advanceClock, ReplayComparison.reply(step.reply).hasPrefix("error") {
            return nil  // refused on the recording's system clock; this clock is the replay's own
        }
        return (command, WireJSON.encode(try self.renaming.translate(step.body, command: command)))
    }

    /// Compares the step's reply with the recording's.
    private func compareReply(of step: SessionStep, body: [UInt8], _ answer: Result<Envelope, WireError>) throws {
        var reply: JSONValue
        switch answer {
        case .success(let envelope):
            reply = (try? WireJSON.decode(JSONValue.self, from: envelope.body)) ?? .null
            if step.command == ControlCommand.advanceClock.rawValue,
                let request = try? WireJSON.decode(AdvanceClockRequest.self, from: body)
            {
                self.elapsed += Int64(request.milliseconds)
            }
        case .failure(let error):
            reply = .object([
                "status": .string("error"),
                "error": .object([
                    "domain": .string(error.domain), "code": .number(Double(error.code)), "name": .string(error.name),
                ]),
            ])
        }
        let (was, is_) = (ReplayComparison.reply(step.reply), ReplayComparison.reply(reply))
        if was != is_ { throw Divergence(step: step, place: "the reply", recorded: was, now: is_) }
    }

    /// What the step caused, now against the recording: its events and callbacks (the pushes
    /// up to the last `settle`); returns the reads of the views it may have changed, which the
    /// next batch makes.
    private func compareActivity(of step: SessionStep, last: Bool = false) throws -> [Read] {
        var events: [EventRecord] = []
        var callbacks: [SessionCallback] = []
        for push in self.client.takePushes() {
            if push.header.type == "event", let event = try? push.decodeBody(EventRecord.self) {
                events.append(event)
            } else if push.header.type == "frame", let frame = try? push.decodeBody(CallbackFrame.self),
                frame.direction == "out",
                let device = frame.device, let app = frame.app, CallbackType(rawValue: frame.type) != nil,
                let instance = frame.body?.instance
            {
                callbacks.append(SessionCallback(device: device, app: app, instance: instance, callback: frame.type))
            }
        }
        try self.compareEvents(step, now: events)
        try self.compareCallbacks(step, now: callbacks)
        for install in step.participants ?? [] {
            // Identifiers given during the step (an install made, a person new to it): paired as those of the start.
            let now = try self.client.request(
                .participants, DeviceAppRequest(device: install.device, app: install.app), as: ParticipantsResult.self)
            self.renaming.pair(recorded: install.participants, now: now.participants)
        }
        for change in step.transcripts { self.views.apply(change) }
        return self.touched(by: step, events: events, last: last).compactMap { self.read($0, step: step, last: last) }
    }

    /// The views compared, with the replies to their reads (a transcript page and the input
    /// field each, in order).
    private func compareViews(
        of step: SessionStep, _ reads: [Read], _ replies: [Result<Envelope, WireError>], last: Bool = false
    ) throws {
        for (index, read) in reads.enumerated() {
            let page = try replies[index * 2].get().decodeBody(TranscriptResult.self)
            let field =
                (try? replies[index * 2 + 1].get().decodeBody(InputFieldResult.self))
                ?? InputFieldResult(text: "", staged: nil)
            try self.compareView(read, page: page, field: field, step: step, last: last)
        }
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
            if let conversation = event.conversation {
                keys.insert(SessionViews.Key(device: device, conversation: conversation))
            }
        }
        if case .object(let body) = step.body {
            let device = body["device"].flatMap { if case .string(let value) = $0 { value } else { nil } }
            let conversation = body["conversation"].flatMap { if case .string(let value) = $0 { value } else { nil } }
            if let device, let conversation {
                keys.insert(SessionViews.Key(device: device, conversation: conversation))
            }
            // Names (contact) and members change how every view of a device or conversation reads.
            if step.command == ControlCommand.contact.rawValue, let device {
                keys.formUnion(all.filter { $0.device == device })
            }
            if step.command == ControlCommand.addMember.rawValue
                || step.command == ControlCommand.removeMember.rawValue, let conversation
            {
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
            let index =
                zip(was, is_).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(was.count, is_.count)
            throw Divergence(
                step: step, place: "\(device.isEmpty ? "the world" : device): event \(index + 1)",
                recorded: index < was.count
                    ? was[index...].prefix(3).map(\.description).joined(separator: "; ") : "no more events",
                now: index < is_.count
                    ? is_[index...].prefix(3).map(\.description).joined(separator: "; ") : "no more events")
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
            let key = Key(
                device: callback.device, app: callback.app,
                ordinal: self.renaming.ordinal(
                    of: callback.instance, device: callback.device, app: callback.app, recorded: true))
            recorded[key, default: (callback.instance, [])].callbacks.append(callback.callback)
        }
        var current: [Key: (instance: String, callbacks: [String])] = [:]
        for callback in now {
            let key = Key(
                device: callback.device, app: callback.app,
                ordinal: self.renaming.ordinal(
                    of: callback.instance, device: callback.device, app: callback.app, recorded: false))
            current[key, default: (callback.instance, [])].callbacks.append(callback.callback)
        }
        for key in Set(recorded.keys).union(current.keys).sorted() {
            let (was, is_) = (recorded[key]?.callbacks ?? [], current[key]?.callbacks ?? [])
            guard was != is_ else { continue }
            let instance = recorded[key].map { "instance \($0.instance)" } ?? "a new instance"
            let replayed = current[key].map { " (now \($0.instance))" } ?? ""
            throw Divergence(
                step: step, place: "\(key.device), \(key.app) \(instance)\(replayed): callbacks",
                recorded: was.isEmpty ? "none" : was.joined(separator: ", "),
                now: is_.isEmpty ? "none" : is_.joined(separator: ", "))
        }
    }

    /// A view to compare: which, and how many of its newest entries to read (all of a
    /// screenful when nil).
    private struct Read: Hashable {
        var key: SessionViews.Key
        var limit: Int?
    }

    /// The reads' requests: a transcript page and the input field each. Their bodies are the
    /// same from one step to the next (a view, a limit of a bubble or two), so each is encoded
    /// once (Foundation's encoder was a tenth of a replay's CPU).
    private func requests(_ reads: [Read]) -> [(command: ControlCommand, body: [UInt8])] {
        reads.flatMap { read in
            if let bodies = self.readBodies[read] { return bodies }
            let (device, conversation) = (read.key.device, read.key.conversation)
            let bodies: [(command: ControlCommand, body: [UInt8])] = [
                (
                    .transcript,
                    WireJSON.encode(TranscriptRequest(device: device, conversation: conversation, limit: read.limit))
                ),
                (.inputField, WireJSON.encode(InputFieldRequest(device: device, conversation: conversation))),
            ]
            self.readBodies[read] = bodies
            return bodies
        }
    }

    /// What to read of a view. When the step only added or changed its newest entries, only
    /// those are read (and the count of all, so nothing missing or extra goes unseen): a long
    /// session then reads a bubble or two a step, not a screenful.
    private func read(_ key: SessionViews.Key, step: SessionStep, last: Bool) -> Read? {
        guard let recorded = self.views[key] else { return nil }
        let earlier = self.earlier[key] ?? []
        let kept = recorded.entries.filter { !earlier.contains($0.entry) }
        var limit: Int?
        if !last, earlier.isEmpty,
            let change = step.transcripts.first(where: {
                $0.device == key.device && $0.conversation == key.conversation
            }),
            change.removed.isEmpty, !change.entries.isEmpty
        {
            let changed = Set(change.entries.map(\.entry))
            if let first = kept.firstIndex(where: { changed.contains($0.entry) }) { limit = kept.count - first }
        }
        return Read(key: key, limit: limit)
    }

    /// Compares a view with the recording, from the page and the input field read now.
    private func compareView(
        _ read: Read, page: TranscriptResult, field: InputFieldResult, step: SessionStep, last: Bool
    ) throws {
        let key = read.key
        guard let recorded = self.views[key] else { return }
        let earlier = self.earlier[key] ?? []
        var kept = recorded.entries.filter { !earlier.contains($0.entry) }
        var now = page.entries
        if let limit = read.limit {
            let (recordedTotal, total) = (
                recorded.olderCount + recorded.entries.count, page.olderCount + page.entries.count
            )
            if recordedTotal != total {
                throw Divergence(
                    step: step, place: "\(key.device), conversation \(key.conversation): how many entries",
                    recorded: "\(recordedTotal)", now: "\(total)")
            }
            kept = Array(kept.suffix(limit))
        } else if recorded.entries.count == SessionViews.screenful && now.count > kept.count {
            // A full screenful recorded may have had earlier entries at its top: compare the newest.
            now = Array(now.suffix(kept.count))
        }
        let was = ReplayComparison.View(
            entries: kept.map(ReplayComparison.Entry.init), text: recorded.text,
            staged: recorded.staged.map(ReplayComparison.Entry.init))
        let is_ = ReplayComparison.View(
            entries: now.map(ReplayComparison.Entry.init), text: field.text,
            staged: field.staged.map(ReplayComparison.Entry.init))
        if let difference = ReplayComparison.difference(recorded: was, now: is_) {
            throw Divergence(
                step: step, place: "\(key.device), conversation \(key.conversation): \(difference.place)",
                recorded: difference.recorded, now: difference.now)
        }
        self.renaming.pair(recorded: kept, now: now)
        if let staged = recorded.staged, let current = field.staged {
            self.renaming.pair(recorded: [staged], now: [current])
        }
    }

    /// The device a step acts on, for reports.
    static func device(of step: SessionStep) -> String? {
        if case .object(let fields) = step.body, case .string(let device)? = fields["device"] { return device }
        return nil
    }
}
