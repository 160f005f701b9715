/// A message the host sends an extension, as the state machine decides it: typed, not yet
/// JSON, not yet signed. The shell turns it into frames (`frames()`) when it runs the action,
/// so the machine does no JSON or HMAC work, and a send's reply is written and signed before
/// the callbacks that follow it are (reply first: the sender waits for nothing it did not cause).
public struct OutboundMessage: Hashable, Sendable {
    public var header: Header
    public var body: OutboundBody
    /// The connection's key; nil for a refused hello, whose sender has none the host trusts.
    public var key: SigningKey?

    public init(header: Header, body: OutboundBody, key: SigningKey?) {
        self.header = header
        self.body = body
        self.key = key
    }

    /// Tag, signature, header, body: what goes on the wire (PROTOCOL.md §2.1).
    public func frames() -> [[UInt8]] {
        Envelope(header: self.header, body: self.body.bytes).frames(preparedKey: self.key)
    }
}

/// A body to an extension. The hot ones have cases of their own, written by hand
/// (`FastEncodable`); any other goes as `value`, written by `Codable`.
public enum OutboundBody: Hashable, Sendable {
    /// `{"status":"ok"}`.
    case ok
    /// The reply to a send or insert: `{"status":"ok","message":…}`.
    case sent(MessageValue)
    /// `{"status":"error","error":…}`.
    case error(WireError)
    /// `didStartSending`, `didReceive`, `didSelect`, … .
    case message(MessageCallbackBody)
    case touch(TouchBody)
    /// `willBecomeActive`, `didBecomeActive`.
    case activation(ActivationBody)
    /// `viewWillAppear` and the other callbacks that name only their instance.
    case instance(InstanceBody)
    /// Anything else.
    case value(AnyWireBody)

    public static func encoding(_ value: some Encodable & Sendable) -> OutboundBody { .value(AnyWireBody(value)) }

    /// The body's JSON.
    public var bytes: [UInt8] {
        switch self {
        case .ok: WireJSON.encode(OKReply(Empty()))
        case .sent(let message): WireJSON.encode(OKReply(SendMessageResult(message: message)))
        case .error(let error): WireJSON.encode(ErrorReply(error))
        case .message(let body): WireJSON.encode(body)
        case .touch(let body): WireJSON.encode(body)
        case .activation(let body): WireJSON.encode(body)
        case .instance(let body): WireJSON.encode(body)
        case .value(let body): body.bytes
        }
    }
}

/// A body of any type, kept typed until the shell writes it. Two are equal when they write
/// the same JSON.
public struct AnyWireBody: Hashable, Sendable {
    public let value: any Encodable & Sendable
    private let write: @Sendable () -> [UInt8]

    public init<T: Encodable & Sendable>(_ value: T) {
        self.value = value
        self.write = {
            if let fast = value as? any FastEncodable { return WireJSON.encode(fast) }
            return WireJSON.encode(value)
        }
    }

    public var bytes: [UInt8] { self.write() }

    public static func == (lhs: AnyWireBody, rhs: AnyWireBody) -> Bool { lhs.bytes == rhs.bytes }
    public func hash(into hasher: inout Hasher) { hasher.combine(self.bytes) }
}

extension SigningKey: Hashable {
    public static func == (lhs: SigningKey, rhs: SigningKey) -> Bool { lhs.bytes == rhs.bytes }
    public func hash(into hasher: inout Hasher) { hasher.combine(self.bytes) }
}
