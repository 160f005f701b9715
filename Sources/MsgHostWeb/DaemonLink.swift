import Foundation
import MsgHostControl
import MsgHostProtocol
import Synchronization
import ZeroMQ

/// msghost-web's one connection to msghostd: the control endpoint, and nothing else.
///
/// The page needs two things from the daemon: answers to control requests, several at once
/// (a `touch` is answered only once its callbacks have settled, and the page must not wait
/// behind it to read a transcript), and the pushes of the event subscription and the wire
/// tap. Both go over one DEALER socket, as PROTOCOL.md §7 allows: requests are matched to
/// replies by `replyTo`, pushes by the subscription's id. ZeroMQ sockets belong to one
/// thread, so the socket lives on a thread of its own; HTTP handlers post requests to it
/// through a locked queue and a wake-up pipe (as the daemon's own `Inbox` does) and await
/// the reply.
public final class DaemonLink: Sendable {
    /// An answer from the daemon: `body` is the reply's JSON body, as the daemon sent it.
    public struct Reply: Sendable {
        public var ok: Bool
        public var body: [UInt8]
    }

    /// Why a request got no answer.
    public struct Unanswered: Error, CustomStringConvertible {
        public var description: String
    }

    /// A control endpoint and, for tcp, the CURVE keys to reach it.
    public struct Endpoint: Sendable {
        public var address: String
        public var curve: ControlClient.CurveKeys?

        public init(address: String, curve: ControlClient.CurveKeys? = nil) {
            self.address = address
            self.curve = curve
        }
    }

    private struct Outgoing: Sendable {
        var id: String
        var type: String
        var body: [UInt8]
    }

    private struct Waiting {
        var continuation: CheckedContinuation<Reply, any Error>
        var deadline: ContinuousClock.Instant
    }

    private struct Shared {
        var outgoing: [Outgoing] = []
        var waiting: [String: Waiting] = [:]
        var nextID = 0
        var stopped = false
    }

    public let endpoint: Endpoint
    /// Where pushes go: `event` and `frame` bodies, and `daemon` notices.
    public let pushes: Broadcast
    private let shared = Mutex(Shared())
    private let wakePipe = WakePipe()

    public init(endpoint: Endpoint, pushes: Broadcast = Broadcast()) {
        self.endpoint = endpoint
        self.pushes = pushes
    }

    /// Starts the socket's thread. Fails if the socket cannot be made (a bad endpoint or key).
    public func start() throws {
        let context = ZMQContext()
        let socket = try ZMQSocket(context, type: .dealer)
        if let curve = self.endpoint.curve {
            try socket.makeCurveClient(serverKey: curve.serverKey, secretKey: curve.secretKey)
        }
        try socket.connect(self.endpoint.address)
        let box = SocketBox(context: context, socket: socket)
        let thread = Thread { [self] in self.run(box) }
        thread.name = "msghost-web daemon link"
        thread.start()
    }

    /// Stops the thread; requests still waiting fail.
    public func stop() {
        self.shared.withLock { $0.stopped = true }
        self.wake()
    }

    /// Sends control request `type` with a JSON `body` and waits for its reply.
    public func request(_ type: String, body: [UInt8] = Array("{}".utf8), timeout: Duration = .seconds(30)) async throws
        -> Reply
    {
        try await withCheckedThrowingContinuation { continuation in
            let stopped = self.shared.withLock { shared -> Bool in
                if shared.stopped { return true }
                shared.nextID += 1
                let id = "web-\(getpid())-\(shared.nextID)"
                shared.outgoing.append(Outgoing(id: id, type: type, body: body))
                shared.waiting[id] = Waiting(continuation: continuation, deadline: .now + timeout)
                return false
            }
            if stopped { continuation.resume(throwing: Unanswered(description: "msghost-web is stopping")) }
            self.wake()
        }
    }

    private func wake() { self.wakePipe.wake() }

    /// The thread: sends what was posted, matches replies, forwards pushes, expires requests.
    private func run(_ box: SocketBox) {
        var poller = ZMQPoller([.socket(box.socket), .fileDescriptor(self.wakePipe.readFD)])
        while true {
            let (outgoing, stopped) = self.shared.withLock { shared in
                defer { shared.outgoing = [] }
                return (shared.outgoing, shared.stopped)
            }
            if stopped { break }
            for message in outgoing {
                let header = Header(
                    id: message.id, type: message.type, time: Int64(Date().timeIntervalSince1970 * 1000))
                do {
                    try box.socket.send(Envelope(header: header, body: message.body).frames(signingWith: nil))
                } catch {
                    self.finish(
                        message.id,
                        with: .failure(
                            Unanswered(description: "cannot send \(message.type) to \(self.endpoint.address): \(error)")
                        ))
                }
            }
            self.expire()
            _ = try? poller.poll(timeoutMilliseconds: 250)
            self.wakePipe.drain()
            while let frames = try? box.socket.receive(dontWait: true) {
                self.dispatch(frames)
            }
        }
        let waiting = self.shared.withLock { shared in
            defer { shared.waiting = [:] }
            return shared.waiting
        }
        for (_, entry) in waiting {
            entry.continuation.resume(throwing: Unanswered(description: "msghost-web is stopping"))
        }
        box.socket.close()
    }

    private func dispatch(_ frames: [[UInt8]]) {
        guard let received = try? ReceivedFrames(frames) else { return }
        let header = received.header
        switch header.type {
        case ReplyType.name:
            guard let id = header.replyTo else { return }
            let ok = (try? received.envelope.decodeBody(ReplyStatus.self))?.failure == nil
            self.finish(id, with: .success(Reply(ok: ok, body: received.envelope.body)))
        case "event", "frame":
            self.pushes.publish(Push(kind: header.type, subscription: header.replyTo, body: received.envelope.body))
        default:
            return
        }
    }

    private func finish(_ id: String, with result: Result<Reply, any Error>) {
        let waiting = self.shared.withLock { $0.waiting.removeValue(forKey: id) }
        waiting?.continuation.resume(with: result)
    }

    private func expire() {
        let now = ContinuousClock.now
        let expired = self.shared.withLock { shared -> [(String, Waiting)] in
            let due = shared.waiting.filter { $0.value.deadline <= now }
            for (id, _) in due { shared.waiting[id] = nil }
            return Array(due)
        }
        for (_, entry) in expired {
            entry.continuation.resume(
                throwing: Unanswered(
                    description: "no reply from msghostd at \(self.endpoint.address) in time (is it running?)"))
        }
    }
}

/// The socket and its context, handed to the link's thread, which alone uses them.
private final class SocketBox: @unchecked Sendable {
    let context: ZMQContext
    let socket: ZMQSocket

    init(context: ZMQContext, socket: ZMQSocket) {
        self.context = context
        self.socket = socket
    }
}
