import Synchronization

/// One push from the daemon, as the page receives it: its kind (`event`, `frame`, or
/// `daemon` for msghost-web's own notices about the connection) and its JSON body.
public struct Push: Sendable {
    public var kind: String
    /// The id of the control request the push answers (the subscription), if any.
    public var subscription: String?
    public var body: [UInt8]

    public init(kind: String, subscription: String? = nil, body: [UInt8]) {
        self.kind = kind
        self.subscription = subscription
        self.body = body
    }
}

/// Fans the daemon's pushes out to every open page, and keeps the newest of each kind so
/// that a page opened late starts with the recent past.
///
/// Each listener gets its own bounded buffer that drops the *oldest* pushes when the page
/// falls behind: a slow browser tab loses inspector rows, never stalls the link's thread
/// (which would stall every other page and the replies to requests).
public final class Broadcast: Sendable {
    private struct State {
        var listeners: [Int: (kinds: Set<String>, continuation: AsyncStream<Push>.Continuation)] = [:]
        var nextListener = 0
        var backlog: [String: [Push]] = [:]
    }

    /// How many pushes of each kind a new listener is given first.
    public let backlogSize: Int
    /// How many pushes a listener may fall behind before the oldest are dropped.
    public let bufferSize: Int
    private let state = Mutex(State())

    public init(backlogSize: Int = 500, bufferSize: Int = 10_000) {
        self.backlogSize = backlogSize
        self.bufferSize = bufferSize
    }

    public var listenerCount: Int { self.state.withLock { $0.listeners.count } }

    /// Sends `push` to every listener and keeps it in the backlog of its kind.
    public func publish(_ push: Push) {
        let listeners = self.state.withLock { state in
            var kept = state.backlog[push.kind, default: []]
            kept.append(push)
            if kept.count > self.backlogSize { kept.removeFirst(kept.count - self.backlogSize) }
            state.backlog[push.kind] = kept
            return state.listeners.values.filter { $0.kinds.contains(push.kind) }.map(\.continuation)
        }
        for listener in listeners { listener.yield(push) }
    }

    /// Forgets the backlog of `kind` (the daemon restarted: its old events are not this one's).
    public func clearBacklog(_ kind: String) {
        self.state.withLock { $0.backlog[kind] = nil }
    }

    /// A stream of pushes of the given kinds: first the backlog, oldest first, then what
    /// comes. It ends when the consumer stops iterating.
    public func listen(kinds: Set<String>) -> AsyncStream<Push> {
        let (stream, continuation) = AsyncStream<Push>.makeStream(bufferingPolicy: .bufferingNewest(self.bufferSize))
        let id = self.state.withLock { state -> Int in
            state.nextListener += 1
            let id = state.nextListener
            for kind in kinds.sorted() { for push in state.backlog[kind, default: []] { continuation.yield(push) } }
            state.listeners[id] = (kinds, continuation)
            return id
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.listeners.removeValue(forKey: id) }
        }
        return stream
    }
}
