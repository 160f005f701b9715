/// What the codec (`ExtensionCodec`) hands the state machine for one message from an
/// extension connection: typed, and, for a connection that said hello, already verified — its
/// frames split and bounded, its signature checked with the connection's key, its header id
/// not seen before on it, its body read. The machine decides only what the message means.
public enum ExtensionInbound: Sendable {
    /// A request from a connection that said hello.
    case request(InboundRequest)
    /// An answer to one of the host's callbacks (or notices).
    case reply(InboundReply)
    /// Frames from a connection that said hello that could not be split into a message (too
    /// few, too many, too long, no version tag, no header): answered with `error`, naming
    /// `requestID` when a header could be read at all.
    case malformed(requestID: String?, WireError)
    /// A message from a connection that said hello that the codec could not accept (a bad
    /// signature, a replayed id, an unknown type, a reply that names nothing): the machine
    /// answers it with `error`.
    case refused(requestID: String?, WireError)
    /// The first message of a new connection, a hello, with the key that signed it.
    case hello(InboundHello)
    /// The first message of a new connection, and not a readable hello: answered, and nothing
    /// more from that connection is read.
    case helloRefused(requestID: String?, WireError)
    /// A message from a connection whose hello was refused: dropped unread.
    case dropped
}

/// A verified request: its header id and type, its binary frames, and its body as its type
/// reads it — or why it does not (the machine decides which fault it answers first).
public struct InboundRequest: Sendable {
    public var id: String
    public var type: RequestType
    public var body: Result<RequestBody, WireError>
    public var buffers: [[UInt8]]

    public init(id: String, type: RequestType, body: Result<RequestBody, WireError>, buffers: [[UInt8]] = []) {
        self.id = id
        self.type = type
        self.body = body
        self.buffers = buffers
    }

    /// The body as `T`; the body's own fault if it could not be read.
    public func decoded<T>(_ type: T.Type) throws(WireError) -> T {
        let body = try self.body.get()
        guard let value = body.value as? T else {
            throw .protocolError(.invalidBody, "\(self.type.rawValue) has no \(T.self) body")
        }
        return value
    }

    /// The `instance` the body names, if it was read (to record a refusal against it).
    public var instance: String? { (try? self.body.get())?.instance }
}

/// The body of each request type (PROTOCOL.md §4.4).
public enum RequestBody: Sendable {
    case message(MessageRequestBody)
    case text(TextRequestBody)
    case sticker(StickerRequestBody)
    case attachment(AttachmentRequestBody)
    case presentationStyle(PresentationStyleBody)
    case dismiss(InstanceBody)
    case setView(SetViewBody)
    case compose(PresentMessageComposeBody)

    public var value: any Sendable {
        switch self {
        case .message(let body): body
        case .text(let body): body
        case .sticker(let body): body
        case .attachment(let body): body
        case .presentationStyle(let body): body
        case .dismiss(let body): body
        case .setView(let body): body
        case .compose(let body): body
        }
    }

    public var instance: String? {
        switch self {
        case .message(let body): body.instance
        case .text(let body): body.instance
        case .sticker(let body): body.instance
        case .attachment(let body): body.instance
        case .presentationStyle(let body): body.instance
        case .dismiss(let body): body.instance
        case .setView(let body): body.instance
        case .compose(let body): body.instance
        }
    }
}

/// A verified reply to the host's message `replyTo`, with what a few callbacks' replies carry
/// besides their status (nil when absent or not of its shape).
public struct InboundReply: Sendable {
    public var id: String
    public var replyTo: String
    public var status: ReplyStatus
    /// `contentSizeThatFits`: `{"size": {width, height}}`.
    public var size: ContentSizeResult?
    /// `stickers`: `{"stickers": [{url, localizedDescription}…]}`.
    public var stickers: StickersResult?

    public init(
        id: String, replyTo: String, status: ReplyStatus, size: ContentSizeResult? = nil,
        stickers: StickersResult? = nil
    ) {
        self.id = id
        self.replyTo = replyTo
        self.status = status
        self.size = size
        self.stickers = stickers
    }
}

/// A hello, read, with which key signed it.
public struct InboundHello: Sendable {
    public var id: String
    public var body: HelloBody
    /// The launch (waiting for its hello) whose token signed it, if one did.
    public var launchID: String?
    /// Whether the app's attach key signed it.
    public var signedWithAttachKey: Bool

    public init(id: String, body: HelloBody, launchID: String?, signedWithAttachKey: Bool) {
        self.id = id
        self.body = body
        self.launchID = launchID
        self.signedWithAttachKey = signedWithAttachKey
    }
}

/// What the codec must know of the host's connections to verify a message: the machine
/// answers (`HostStateMachine` conforms), the codec asks before it reads a message.
public protocol ConnectionKeys {
    /// The key of the process connected from `route`, if one is.
    func connectionKey(route: [UInt8]) -> SigningKey?
    /// Whether `route`'s hello was refused: nothing more from it is read.
    func isIgnored(route: [UInt8]) -> Bool
    /// The launches of `app` waiting for their hello, in launch-id order, with their tokens.
    func helloKeys(app: String) -> [(launchID: String, key: SigningKey)]
    /// The app's attach key, if its manifest has one.
    func attachKey(app: String) -> SigningKey?
}
