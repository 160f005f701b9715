import MsgHostControl
import MsgHostProtocol

/// Takes the explorer's steps on a daemon and reads what each caused: the requests in order
/// (one the daemon refuses as the user's action is passed over), a settle, then the events since
/// the step before, as findings. The explorer plays its run with it, and the shrinker each
/// candidate run on a fresh daemon.
final class ExplorePlayer {
    private let client: ControlClient
    private var nextEvent: Int

    init(client: ControlClient) throws {
        self.client = client
        self.nextEvent = try client.request(.events, EventsRequest(), as: EventsResult.self).next
    }

    func take(_ step: ExploreStep) throws {
        var requests = step.requests
        if let bubble = step.bubble, let entry = try self.entry(bubble) {
            requests.append(.init(command: .tap, body: WireJSON.encode(TapRequest(device: bubble.device, conversation: bubble.conversation, entry: entry))))
        }
        for request in requests {
            do {
                _ = try self.client.requestRaw(request.command, body: request.body)
            } catch is WireError {
                // Refused as the user's action (the app closed itself meanwhile, an entry is
                // gone): Messages would not have let the user do it either; not the app's bug.
            }
        }
        _ = try self.client.request(.settle, as: ClockResult.self, timeout: 60)
    }

    /// The entry id of the bubble (the oldest there is when the transcript has fewer: an old
    /// bubble still), or nil when it has none.
    private func entry(_ bubble: ExploreStep.Bubble) throws -> Int? {
        let page = try self.client.request(.transcript, TranscriptRequest(device: bubble.device, conversation: bubble.conversation, limit: 20), as: TranscriptResult.self)
        let bubbles = page.entries.filter { $0.app != nil && (bubble.app == nil || $0.app == bubble.app) }.reversed().map(\.entry)
        return bubbles.isEmpty ? nil : bubbles[min(bubble.fromNewest, bubbles.count - 1)]
    }

    /// The findings among the events since the last call, as of step `step` (1-based).
    func findings(step: Int) throws -> [ExploreFinding] {
        let events = try self.client.request(.events, EventsRequest(after: self.nextEvent), as: EventsResult.self)
        self.nextEvent = events.next
        return events.events.compactMap { ExploreFinding.from($0, step: step) }
    }

    /// Plays `steps` and gives the first finding, if any.
    func firstFinding(of steps: [ExploreStep]) throws -> ExploreFinding? {
        for (index, step) in steps.enumerated() {
            try self.take(step)
            if let found = try self.findings(step: index + 1).first { return found }
        }
        return nil
    }
}
