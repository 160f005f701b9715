import Foundation
import MsgHostProtocol
import ZeroMQ

/// A blocking client of msghostd's control endpoint (PROTOCOL.md §7), for msghostctl, tests
/// and tools. One request at a time; not for use from several threads at once.
public final class ControlClient {
    /// Why a request got no answer from the daemon.
    public struct TransportError: Error, CustomStringConvertible {
        public var description: String
    }

    private let context = ZMQContext()
    private var socket: ZMQSocket
    public let endpoint: String
    private let curve: CurveKeys?
    private var usesCurve: Bool { self.curve != nil }
    private var nextID = 0
    /// Pushes (`event`, `frame`) that arrived while a reply was awaited, kept in order for
    /// `takePushes` once `startPushes` asked for them; otherwise they are passed over.
    private var pushes: [Envelope] = []
    private var keepsPushes = false

    /// The keys a control client needs for a `tcp://` endpoint, which is a CURVE server
    /// (docs/SECURITY.md): the daemon's public key and the secret half of a key pair the
    /// daemon's `curve.controlKeys` lists.
    public struct CurveKeys: Sendable, Equatable {
        public var serverKey: String
        public var secretKey: String

        public init(serverKey: String, secretKey: String) {
            self.serverKey = serverKey
            self.secretKey = secretKey
        }

        /// From `MSGHOST_CURVE_SERVER_KEY` and `MSGHOST_CURVE_SECRET_KEY`, when both are set.
        public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
            -> CurveKeys?
        {
            guard let server = environment["MSGHOST_CURVE_SERVER_KEY"], !server.isEmpty,
                let secret = environment["MSGHOST_CURVE_SECRET_KEY"], !secret.isEmpty
            else { return nil }
            return CurveKeys(serverKey: server, secretKey: secret)
        }

        /// The keys a tool connects to `endpoint` with: the flags given (`serverKey`, and the
        /// file `secretKeyFile` holding the secret key), else the environment's, which apply to
        /// tcp only (an ipc endpoint is plain); none when neither half is given. One half
        /// without the other is an error naming what is missing.
        public static func resolve(
            endpoint: String, serverKey: String?, secretKeyFile: String?,
            environment: [String: String] = ProcessInfo.processInfo.environment
        ) throws(KeyError) -> CurveKeys? {
            let environment = endpoint.hasPrefix("tcp://") ? environment : [:]
            let server = serverKey ?? environment["MSGHOST_CURVE_SERVER_KEY"].flatMap { $0.isEmpty ? nil : $0 }
            var secret = environment["MSGHOST_CURVE_SECRET_KEY"].flatMap { $0.isEmpty ? nil : $0 }
            if let file = secretKeyFile {
                do {
                    secret = try String(contentsOfFile: file, encoding: .utf8).trimmingCharacters(
                        in: .whitespacesAndNewlines)
                } catch {
                    throw KeyError(description: "cannot read --secret-key-file \(file): \(error.localizedDescription)")
                }
            }
            switch (server, secret) {
            case (let server?, let secret?): return CurveKeys(serverKey: server, secretKey: secret)
            case (nil, nil): return nil
            case (nil, _):
                throw KeyError(
                    description: "a CURVE secret key was given but no --server-key (or MSGHOST_CURVE_SERVER_KEY)")
            case (_, nil):
                throw KeyError(
                    description: "--server-key was given but no --secret-key-file (or MSGHOST_CURVE_SECRET_KEY)")
            }
        }
    }

    /// Why the CURVE keys for a client could not be put together.
    public struct KeyError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Connects (lazily: the daemon need not be up yet; requests wait for it), as a CURVE
    /// client when `curve` is given. A key the daemon does not admit is refused at the
    /// handshake: requests then go unanswered (`TransportError`), as with no daemon at all.
    public init(endpoint: String, curve: CurveKeys? = nil) throws {
        self.endpoint = endpoint
        self.curve = curve
        self.socket = try Self.connectedSocket(self.context, endpoint: endpoint, curve: curve)
    }

    private static func connectedSocket(_ context: ZMQContext, endpoint: String, curve: CurveKeys?) throws -> ZMQSocket
    {
        let socket = try ZMQSocket(context, type: .dealer)
        if let curve { try socket.makeCurveClient(serverKey: curve.serverKey, secretKey: curve.secretKey) }
        try socket.connect(endpoint)
        return socket
    }

    /// Closes this client's socket and connects a new one to the same endpoint, with the same
    /// keys; requests waiting for a reply are dropped. For a daemon that has just started: a
    /// socket that connected before the daemon's endpoint existed retries only after libzmq's
    /// reconnect interval (100 ms, plus up to as much again), a new one connects at once.
    public func reconnect() throws {
        self.socket.close()
        self.socket = try Self.connectedSocket(self.context, endpoint: self.endpoint, curve: self.curve)
    }

    /// Sends `command` and returns the ok reply decoded as `Result`.
    /// - Throws: `WireError` when the daemon answered with an error; `TransportError` when
    ///   it did not answer within `timeout` seconds.
    public func request<Result: Decodable>(
        _ command: ControlCommand, _ body: some Encodable = Empty(), as: Result.Type = Empty.self, timeout: Double = 30
    ) throws -> Result {
        let reply = try self.send(command, body: WireJSON.encode(body), timeout: timeout)
        return try reply.decodeBody(Result.self)
    }

    /// Sends `command` and returns the raw ok reply, for printing as JSON.
    public func requestRaw(_ command: ControlCommand, body: [UInt8], timeout: Double = 30) throws -> Envelope {
        try self.send(command, body: body, timeout: timeout)
    }

    /// Sends every request of `batch` at once, in order, then waits for all their replies:
    /// the daemon takes them in the order sent (one connection's messages arrive in order),
    /// so a batch costs one round trip where one request at a time costs one each. Each
    /// reply is the ok envelope or the error the daemon answered; pushes are kept as by
    /// `request` (`startPushes`).
    /// - Throws: `TransportError` when some reply did not come within `timeout` seconds.
    public func requests(_ batch: [(command: ControlCommand, body: [UInt8])], timeout: Double = 30) throws -> [Result<
        Envelope, WireError
    >] {
        let ids = try batch.map { try self.post($0.command, body: $0.body) }
        let deadline = Date().addingTimeInterval(timeout)
        var replies: [String: Result<Envelope, WireError>] = [:]
        for id in ids where replies[id] == nil {
            let envelope = try self.await(id, timeout: max(0.001, deadline.timeIntervalSinceNow), checked: false) {
                early in
                replies[early.header.replyTo ?? ""] = Self.checked(early)
            }
            replies[id] = Self.checked(envelope)
        }
        return ids.map { replies[$0]! }
    }

    private static func checked(_ envelope: Envelope) -> Result<Envelope, WireError> {
        do {
            if let failure = try envelope.decodeBody(ReplyStatus.self).failure { return .failure(failure) }
            return .success(envelope)
        } catch {
            return .failure(error)
        }
    }

    /// Subscribes to the event stream and calls `handler` for every event until it returns
    /// false (or `timeout` seconds pass with no event, when given).
    public func follow(after: Int? = nil, timeout: Double? = nil, _ handler: (EventRecord) throws -> Bool) throws {
        try self.stream(
            .subscribe, body: WireJSON.encode(SubscribeRequest(after: after)), pushType: "event", timeout: timeout,
            handler)
    }

    /// Taps the wire (`wireTap`, PROTOCOL.md §7.1) and calls `handler` for every frame between
    /// the daemon and an extension until it returns false (or `timeout` seconds pass with none).
    public func tapFrames(timeout: Double? = nil, _ handler: (TapFrame) throws -> Bool) throws {
        try self.stream(.wireTap, body: WireJSON.encode(Empty()), pushType: "frame", timeout: timeout, handler)
    }

    /// Starts the pushes of `command` (`subscribe`, `wireTap`) and returns once they are on:
    /// from then on every push that arrives while this client waits for a reply is kept, in
    /// the order the daemon sent it, for `takePushes`. A client that plays requests and needs
    /// to know what each caused (a replay) asks `settle` and then takes the pushes before it.
    public func startPushes(_ command: ControlCommand, _ body: some Encodable = Empty()) throws {
        self.keepsPushes = true
        _ = try self.send(command, body: WireJSON.encode(body), timeout: 30)
    }

    /// The pushes kept since the last call, oldest first.
    public func takePushes() -> [Envelope] {
        defer { self.pushes = [] }
        return self.pushes
    }

    /// Every line of the last recording that stopped (`recording`, page by page).
    public func recordedSession(timeout: Double = 30) throws -> [String] {
        var lines: [String] = []
        while true {
            let page = try self.request(
                .recording, RecordingLinesRequest(from: lines.count), as: RecordingLinesResult.self, timeout: timeout)
            lines += page.lines
            if !page.more || page.lines.isEmpty { return lines }
        }
    }

    /// Sends a request that, once answered ok, makes the daemon push messages of `pushType`
    /// that reply to it; decodes each for `handler` until it returns false.
    private func stream<Push: Decodable>(
        _ command: ControlCommand, body: [UInt8], pushType: String, timeout: Double?, _ handler: (Push) throws -> Bool
    ) throws {
        let id = try self.post(command, body: body)
        _ = try self.await(id, timeout: 30)
        while true {
            var poller = ZMQPoller([.socket(self.socket)])
            guard try !poller.poll(timeoutMilliseconds: timeout.map { Int($0 * 1000) } ?? -1).isEmpty else { return }
            guard let frames = try self.socket.receive(dontWait: true) else { continue }
            let received = try ReceivedFrames(frames)
            guard received.header.type == pushType, received.header.replyTo == id else { continue }
            if try !handler(try received.envelope.decodeBody(Push.self)) { return }
        }
    }

    private func send(_ command: ControlCommand, body: [UInt8], timeout: Double) throws -> Envelope {
        try self.await(try self.post(command, body: body), timeout: timeout)
    }

    private func post(_ command: ControlCommand, body: [UInt8]) throws -> String {
        self.nextID += 1
        let id = "ctl-\(getpid())-\(self.nextID)"
        let header = Header(id: id, type: command.rawValue, time: Int64(Date().timeIntervalSince1970 * 1000))
        try self.socket.send(Envelope(header: header, body: body).frames(signingWith: nil))
        return id
    }

    /// The reply to `id`. Another reply that arrives first goes to `other` (a batch's later
    /// requests answered out of order), else is passed over as late. Unless `checked` is
    /// false, an error reply is thrown.
    private func await(_ id: String, timeout: Double, checked: Bool = true, other: (Envelope) -> Void = { _ in }) throws
        -> Envelope
    {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else {
                let hint =
                    self.usesCurve
                    ? "is msghostd running, is the server key its curve-server.pub, and does its curve.controlKeys list your key?"
                    : self.endpoint.hasPrefix("tcp://")
                        ? "is msghostd running? a tcp endpoint is a CURVE server: connect with its server key and a secret key it lists"
                        : "is msghostd running?"
                throw TransportError(
                    description: "no reply to request \(id) from \(self.endpoint) within \(timeout) s (\(hint))")
            }
            var poller = ZMQPoller([.socket(self.socket)])
            guard try !poller.poll(timeoutMilliseconds: Int(remaining * 1000)).isEmpty,
                let frames = try self.socket.receive(dontWait: true)
            else { continue }
            let received = try ReceivedFrames(frames)
            guard received.header.replyTo == id, received.header.type == ReplyType.name else {
                // A late answer, another request's of a batch, or a push: kept when asked for (`startPushes`).
                if received.header.type == ReplyType.name {
                    other(received.envelope)
                } else if self.keepsPushes {
                    self.pushes.append(received.envelope)
                }
                continue
            }
            let envelope = received.envelope
            guard checked else { return envelope }
            let status = try envelope.decodeBody(ReplyStatus.self)
            if let failure = status.failure { throw failure }
            return envelope
        }
    }
}
