import Foundation
import MsgHostControl
import MsgHostProtocol

/// Takes the explorer's steps on a daemon and reads what each caused: the requests in order
/// (one the daemon refuses as the user's action is passed over), a settle, then the events since
/// the step before, as findings, the app's screen across a termination (`ExploreScreens`) and
/// the user's invariants. The explorer plays its run with it, and the shrinker each candidate
/// run on a fresh daemon, so that a finding means the same in both.
final class ExplorePlayer {
    private let client: ControlClient
    private var nextEvent: Int
    private var screens = ExploreScreens()
    /// The host's situations the steps reached, from the wire tap and the events.
    private(set) var coverage = SituationCoverage()
    private let invariants: ExploreInvariants?
    /// How long the extension's callback may take, on the daemon's clock, before it is
    /// `unresponsive`: the clock is moved past it when a settle waits too long.
    private let responseTimeoutMs: Int64

    init(client: ControlClient, invariants: ExploreInvariants? = nil, responseTimeoutMs: Int64 = 10_000) throws {
        self.client = client
        self.invariants = invariants
        self.responseTimeoutMs = responseTimeoutMs
        self.nextEvent = try client.request(.events, EventsRequest(), as: EventsResult.self).next
        try client.startPushes(.wireTap)
    }

    func take(_ step: ExploreStep) throws {
        var requests = step.requests
        if let bubble = step.bubble, let entry = try self.entry(bubble) {
            requests.append(
                .init(
                    command: .tap,
                    body: WireJSON.encode(
                        TapRequest(device: bubble.device, conversation: bubble.conversation, entry: entry))))
        }
        for (index, request) in requests.enumerated() {
            if index > 0 {
                // Each request is a step of the recording: what the one before caused is its.
                try self.settle()
                try self.awaitLastReplies()
            }
            do {
                _ = try self.client.requestRaw(request.command, body: request.body, timeout: self.patience)
            } catch is WireError {
                // Refused as the user's action (the app closed itself meanwhile, an entry is
                // gone): Messages would not have let the user do it either; not the app's bug.
            } catch is ControlClient.TransportError {
                // No answer in time: a callback the step caused hangs; the settle below moves
                // the clock past its deadline.
            }
        }
        try self.settle()
        try self.awaitLastReplies()
    }

    /// The frames of the wire tap since the step began.
    private var frames: [TapFrame] = []

    /// An extension answers `terminate` and then exits; the daemon may see the exit before it
    /// reads the answer, which then lands in whatever step comes next. So that a step holds
    /// the same frames in every run, the player waits (a settle at a time, 1 s at most) until
    /// every `terminate` of the step has its answer on the tap. A kill's notice (the process is
    /// signalled with it: `memory`, `memoryPressure`, `unresponsive`, `launchFailed`) has none to wait for.
    private func awaitLastReplies() throws {
        for attempt in 0..<20 {
            self.frames += self.client.takePushes().compactMap { push in
                push.header.type == "frame" ? try? push.decodeBody(TapFrame.self) : nil
            }
            let answered = Set(self.frames.compactMap { $0.direction == "in" ? $0.replyTo : nil })
            guard
                self.frames.contains(where: {
                    $0.direction == "out" && $0.type == "terminate" && !answered.contains($0.id) && !Self.isKill($0)
                })
            else { return }
            if attempt > 0 { usleep(50_000) }
            _ = try self.client.request(.settle, as: ClockResult.self, timeout: 30)
        }
    }

    private static let killReasons: Set<String> = ["memory", "memoryPressure", "unresponsive", "launchFailed"]

    private static func isKill(_ notice: TapFrame) -> Bool {
        guard case .object(let body)? = notice.body, case .string(let reason)? = body["reason"] else { return false }
        return Self.killReasons.contains(reason)
    }

    /// Seconds of the wall clock a reply may take before the player takes a callback to hang:
    /// five times the longest settle this player has seen answered, and at least 2 s (a cold
    /// launch of an interpreter on a loaded machine).
    private var patience: Double { max(2.0, 5 * self.longestSettle) }
    private var longestSettle = 0.0

    /// Waits for what the step caused; when an extension does not answer a callback, moves
    /// the manual clock past the response timeout so that the daemon ends it as
    /// `unresponsive` (a finding), and waits again.
    private func settle() throws {
        var advance = self.responseTimeoutMs + 1
        for _ in 0..<4 {
            do {
                let started = Date()
                _ = try self.client.request(.settle, as: ClockResult.self, timeout: self.patience)
                self.longestSettle = max(self.longestSettle, Date().timeIntervalSince(started))
                return
            } catch is ControlClient.TransportError {
                // A manifest may give its app longer: each time twice as far.
                _ = try self.client.request(
                    .advanceClock, AdvanceClockRequest(milliseconds: advance), as: ClockResult.self, timeout: 30)
                advance = advance.multipliedReportingOverflow(by: 2).overflow ? Int64.max : advance * 2
            }
        }
        _ = try self.client.request(.settle, as: ClockResult.self, timeout: 60)
    }

    /// The entry id of the bubble (the oldest there is when the transcript has fewer: an old
    /// bubble still), or nil when it has none.
    private func entry(_ bubble: ExploreStep.Bubble) throws -> Int? {
        let page = try self.client.request(
            .transcript, TranscriptRequest(device: bubble.device, conversation: bubble.conversation, limit: 20),
            as: TranscriptResult.self)
        let bubbles = page.entries.filter { $0.app != nil && (bubble.app == nil || $0.app == bubble.app) }.reversed()
            .map(\.entry)
        return bubbles.isEmpty ? nil : bubbles[min(bubble.fromNewest, bubbles.count - 1)]
    }

    /// The findings of step `step` (1-based), taken just now: its events, the screen of an app
    /// opened again after its process was ended, the invariants.
    func findings(after step: ExploreStep, number: Int) throws -> [ExploreFinding] {
        let events = try self.client.request(.events, EventsRequest(after: self.nextEvent), as: EventsResult.self)
        self.nextEvent = events.next
        var found = events.events.compactMap { ExploreFinding.from($0, step: number) }
        let frames = self.frames
        self.frames = []
        self.coverage.add(
            command: step.requests.first?.command.rawValue ?? (step.bubble != nil ? "tap" : step.kind.rawValue),
            frames: frames, events: events.events)
        self.screens.note(events.events, step: step)
        if step.kind == .open, let opened = step.opened {
            let view = try self.client.request(.view, DeviceRequest(device: opened.device), as: ViewResult.self)
            let field = try self.client.request(
                .inputField, InputFieldRequest(device: opened.device, conversation: opened.conversation),
                as: InputFieldResult.self)
            let screen = ExploreScreens.text(view, field: field)
            if let lost = self.screens.opened(opened, screen: screen, app: view.app) {
                found.append(
                    ExploreFinding(
                        kind: .stateLost, step: number, device: opened.device, app: opened.app, event: lost.said,
                        before: lost.before, after: screen))
            }
        }
        if let invariants {
            if let failure = try invariants.check(try ExploreInvariants.world(self.client, step: number), step: number)
            {
                found.append(ExploreFinding(kind: .invariant, step: number, device: nil, app: nil, event: failure))
            }
        }
        return found
    }

    /// The closed apps to open once more before time ends them (`ExploreScreens.probes`).
    func probes() -> [(device: String, app: String, conversation: String)] { self.screens.probes() }

    /// Those of `probed` that time has ended since, at the same point: to open again.
    func relaunches(of probed: [(device: String, app: String, conversation: String)]) -> [(
        device: String, app: String, conversation: String
    )] {
        probed.filter { self.screens.isEndedAtTheSamePoint(device: $0.device, app: $0.app) }
    }

    /// Plays `steps` and gives the first finding, if any.
    func firstFinding(of steps: [ExploreStep]) throws -> ExploreFinding? {
        for (index, step) in steps.enumerated() {
            try self.take(step)
            if let found = try self.findings(after: step, number: index + 1).first { return found }
        }
        return nil
    }
}
