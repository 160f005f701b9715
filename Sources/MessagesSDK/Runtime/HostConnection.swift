import CZeroMQ
import Foundation
import MsgHostProtocol
import Synchronization
import ZeroMQ

/// The one DEALER socket to the host, owned by one thread.
///
/// A ZeroMQ socket must not be used by two threads, yet an extension makes requests from its
/// main thread, from completion handlers and from async code. So every thread only *queues*
/// frames (under a lock) and wakes the connection thread (`WakePipe`); that thread alone sends,
/// receives, checks what arrives (`InboundFilter`), completes requests with their replies and
/// hands callbacks to `onCallback`. Callbacks and acknowledgements keep their order because
/// both pass through the same queue.
final class HostConnection: @unchecked Sendable {
    typealias Completion = @Sendable (Result<Envelope, WireError>) -> Void

    private struct State {
        var outgoing: [[[UInt8]]] = []
        var pending: [String: Completion] = [:]
        var nextID = 0
        var closing = false
        /// Our hello's id until it is answered: its refusal may come unsigned (§4.2).
        var helloID: String?
        /// How long closing waits for queued frames to leave, set by `shutdown`.
        var lingerMs: Int32 = 2000
    }

    private let key: [UInt8]
    private let state = Mutex(State())
    private let wakePipe = WakePipe()
    private let finished = DispatchSemaphore(value: 0)
    /// Touched only by the connection thread once `start` was called (hence unchecked Sendable);
    /// set to nil there at shutdown, so the context's termination flushes the last replies.
    private var socket: ZMQSocket?
    private var context: ZMQContext?

    /// `curve`: the daemon's public key and our secret key, for a tcp endpoint.
    init(context: ZMQContext, endpoint: String, token: String, curve: (serverKey: String, secretKey: String)? = nil)
        throws
    {
        self.key = Array(token.utf8)
        let socket = try ZMQSocket(context, type: .dealer)
        if let curve { try socket.makeCurveClient(serverKey: curve.serverKey, secretKey: curve.secretKey) }
        try socket.connect(endpoint)
        self.socket = socket
        self.context = context
    }

    /// Starts the connection thread; `onCallback` runs there for each accepted host message
    /// that is not a reply.
    func start(onCallback: @escaping @Sendable (Envelope) -> Void) {
        let thread = Thread { [self] in
            self.loop(onCallback: onCallback)
            self.finished.signal()
        }
        thread.name = "MessagesSDK.connection"
        thread.start()
    }

    /// Queues a request; `completion` runs on the connection thread with the reply (an error
    /// reply becomes `.failure`). Callable from any thread.
    func request(_ type: RequestType, body: [UInt8], buffers: [[UInt8]] = [], completion: @escaping Completion) {
        self.enqueue(type: type.rawValue, replyTo: nil, body: body, buffers: buffers, completion: completion)
    }

    /// Queues the answer to a host callback.
    func reply(to id: String, body: [UInt8]) {
        self.enqueue(type: ReplyType.name, replyTo: id, body: body, buffers: [], completion: nil)
    }

    /// Sends what is queued, closes the socket (waiting up to `lingerMs` for it to leave) and
    /// stops the thread; returns once it has. Nothing queued afterwards is sent.
    func shutdown(lingerMs: Int32 = 2000) {
        let alreadyClosing = self.state.withLock { state in
            defer {
                state.closing = true
                state.lingerMs = lingerMs
            }
            return state.closing
        }
        guard !alreadyClosing else { return }
        self.wakePipe.wake()
        self.finished.wait()
    }

    private func enqueue(type: String, replyTo: String?, body: [UInt8], buffers: [[UInt8]], completion: Completion?) {
        let queued = self.state.withLock { state -> Bool in
            guard !state.closing else { return false }
            state.nextID += 1
            let id = "s\(state.nextID)"
            if type == RequestType.hello.rawValue { state.helloID = id }
            let header = Header(id: id, type: type, replyTo: replyTo, time: Int64(Date().timeIntervalSince1970 * 1000))
            state.outgoing.append(Envelope(header: header, body: body, buffers: buffers).frames(signingWith: self.key))
            if let completion { state.pending[id] = completion }
            return true
        }
        if queued { self.wakePipe.wake() }
    }

    private func loop(onCallback: @Sendable (Envelope) -> Void) {
        guard let socket = self.socket else { return }
        var filter = InboundFilter(key: self.key)
        var poller = ZMQPoller([.socket(socket), .fileDescriptor(self.wakePipe.readEnd)])
        while true {
            do {
                _ = try poller.poll(timeoutMilliseconds: -1)
                self.wakePipe.drain()
                let (frames, closing) = self.state.withLock { state in
                    defer { state.outgoing.removeAll() }
                    return (state.outgoing, state.closing)
                }
                for message in frames { try socket.send(message) }
                if closing { break }
                while let message = try socket.receive(dontWait: true) {
                    let helloID = self.state.withLock { $0.helloID }
                    self.handle(filter.admit(message, unsignedReplyTo: helloID), onCallback: onCallback)
                }
            } catch {
                if error.isTerminated { break }
                Self.log("connection error: \(error)")
            }
        }
        try? socket.setOption(ZMQ_LINGER, self.state.withLock { $0.lingerMs })
        socket.close()
        self.socket = nil
        self.context = nil  // the last reference: zmq_ctx_term waits for the queued replies
    }

    private func handle(_ verdict: InboundFilter.Verdict, onCallback: @Sendable (Envelope) -> Void) {
        switch verdict {
        case .drop(let reason):
            Self.log("dropped a message from the host: \(reason)")
        case .accept(let envelope) where envelope.header.type == ReplyType.name:
            let completion = self.state.withLock { state -> Completion? in
                guard let id = envelope.header.replyTo, let completion = state.pending.removeValue(forKey: id) else {
                    return nil
                }
                if id == state.helloID { state.helloID = nil }
                return completion
            }
            guard let completion else {
                return Self.log("dropped a reply to nothing we asked (replyTo \(envelope.header.replyTo ?? "none"))")
            }
            let status: ReplyStatus
            do {
                status = try envelope.decodeBody(ReplyStatus.self)
            } catch {
                return completion(.failure(error))
            }
            completion(status.failure.map { .failure($0) } ?? .success(envelope))
        case .accept(let envelope):
            onCallback(envelope)
        }
    }

    /// Diagnostics go to stderr, which the daemon logs labelled with the app and device.
    static func log(_ line: String) {
        FileHandle.standardError.write(Data("MessagesSDK: \(line)\n".utf8))
    }
}
