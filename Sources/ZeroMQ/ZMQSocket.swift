import CZeroMQ

/// The socket types msghost uses.
public enum ZMQSocketType: Sendable {
    case router, dealer, pair
    /// The ZAP handler's socket (RFC 27 asks for REP on inproc://zeromq.zap.01).
    case rep

    var raw: Int32 {
        switch self {
        case .rep: ZMQ_REP
        case .router: ZMQ_ROUTER
        case .dealer: ZMQ_DEALER
        case .pair: ZMQ_PAIR
        }
    }
}

/// One libzmq socket.
///
/// A socket is not thread-safe: it must be used by one thread at a time, which the daemon
/// ensures by keeping every socket on its event-loop thread. It is `@unchecked Sendable` only
/// so that it can be handed to that thread once.
public final class ZMQSocket: @unchecked Sendable {
    let raw: UnsafeMutableRawPointer
    private var closed = false
    /// Keeps the context alive for as long as the socket: zmq_ctx_term blocks on open sockets.
    private let context: ZMQContext

    public init(_ context: ZMQContext, type: ZMQSocketType) throws(ZMQError) {
        guard let raw = zmq_socket(context.raw, type.raw) else { throw ZMQError.last("zmq_socket") }
        self.raw = raw
        self.context = context
        // Close promptly: a daemon stopping must not wait for unsent messages to a dead peer.
        try self.setOption(ZMQ_LINGER, Int32(0))
    }

    deinit { self.close() }

    public func close() {
        guard !self.closed else { return }
        self.closed = true
        zmq_close(self.raw)
    }

    public func bind(_ endpoint: String) throws(ZMQError) {
        _ = try retryingEINTR("zmq_bind \(endpoint)") { zmq_bind(self.raw, endpoint) }
    }

    public func connect(_ endpoint: String) throws(ZMQError) {
        _ = try retryingEINTR("zmq_connect \(endpoint)") { zmq_connect(self.raw, endpoint) }
    }

    /// The endpoint actually bound, e.g. the port chosen for `tcp://127.0.0.1:*`.
    public var lastEndpoint: String {
        var buffer = [CChar](repeating: 0, count: 1024)
        var size = buffer.count
        _ = zmq_getsockopt(self.raw, ZMQ_LAST_ENDPOINT, &buffer, &size)
        return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public func setOption(_ option: Int32, _ value: Int32) throws(ZMQError) {
        var value = value
        _ = try retryingEINTR("zmq_setsockopt \(option)") {
            zmq_setsockopt(self.raw, option, &value, MemoryLayout<Int32>.size)
        }
    }

    public func setOption(_ option: Int32, _ value: Int64) throws(ZMQError) {
        var value = value
        _ = try retryingEINTR("zmq_setsockopt \(option)") {
            zmq_setsockopt(self.raw, option, &value, MemoryLayout<Int64>.size)
        }
    }

    /// Frames larger than this are refused by the transport and the peer is disconnected.
    public func setMaxMessageSize(_ bytes: Int64) throws(ZMQError) {
        try self.setOption(ZMQ_MAXMSGSIZE, bytes)
    }

    /// For a ROUTER: report a message it cannot route instead of dropping it silently — a send
    /// to an unknown peer fails with EHOSTUNREACH, one to a peer whose queue is full (it is
    /// not reading) with EAGAIN under `dontWait`.
    public func setRouterMandatory(_ on: Bool) throws(ZMQError) {
        try self.setOption(ZMQ_ROUTER_MANDATORY, Int32(on ? 1 : 0))
    }

    /// How long a blocking `receive` waits, in milliseconds (-1: forever).
    public func setReceiveTimeout(milliseconds: Int32) throws(ZMQError) {
        try self.setOption(ZMQ_RCVTIMEO, milliseconds)
    }

    /// Sends all frames as one multipart message.
    public func send(_ frames: [[UInt8]], dontWait: Bool = false) throws(ZMQError) {
        precondition(!frames.isEmpty, "a message has at least one frame")
        for (index, frame) in frames.enumerated() {
            var flags: Int32 = index < frames.count - 1 ? ZMQ_SNDMORE : 0
            if dontWait { flags |= ZMQ_DONTWAIT }
            _ = try retryingEINTR("zmq_send") {
                frame.withUnsafeBytes { zmq_send(self.raw, $0.baseAddress, $0.count, flags) }
            }
        }
    }

    /// Receives one whole multipart message, or nil when `dontWait` is set and none is queued
    /// (or the receive timeout passed).
    public func receive(dontWait: Bool = false) throws(ZMQError) -> [[UInt8]]? {
        var frames: [[UInt8]] = []
        // zmq_msg_t must not move while libzmq uses it (pitfall 4): allocate it.
        let message = UnsafeMutablePointer<zmq_msg_t>.allocate(capacity: 1)
        defer { message.deallocate() }
        repeat {
            zmq_msg_init(message)
            defer { zmq_msg_close(message) }
            let flags: Int32 = (dontWait && frames.isEmpty) ? ZMQ_DONTWAIT : 0
            do {
                _ = try retryingEINTR("zmq_msg_recv") { zmq_msg_recv(message, self.raw, flags) }
            } catch {
                if error.wouldBlock && frames.isEmpty { return nil }
                throw error
            }
            let size = zmq_msg_size(message)
            let data = zmq_msg_data(message)
            frames.append(size == 0 ? [] : Array(UnsafeRawBufferPointer(start: data, count: size)))
        } while zmq_msg_more(message) == 1
        return frames
    }
}
