/// The extension wire's codec, on the shell's side of the state machine: frames in, typed and
/// verified messages out (`ExtensionInbound`); typed messages in, signed frames out
/// (`OutboundMessage.frames()`). Framing and its limits, HMAC verification, the replay window
/// of each connection and JSON all live here, so the machine sees only what a message means
/// (PROTOCOL.md §2).
///
/// It keeps one thing of its own, each connection's window of recent header ids, and asks the
/// machine (`ConnectionKeys`) for the rest: which key a connection signs with, which launches
/// wait for a hello. Its checks go frames, then the signature, then the header id, then the
/// type and body (PROTOCOL.md §2.4 states this order), and each refusal names what was wrong.
public struct ExtensionCodec: Sendable {
    /// Header ids remembered per connection (PROTOCOL.md §2.2: a repeated id is refused).
    public static let windowCapacity = 1024

    /// The largest frame accepted (config `limits.maxFrameBytes`).
    public let maxFrameBytes: Int
    private var windows: [[UInt8]: RecentIDs] = [:]

    public init(maxFrameBytes: Int = .max) { self.maxFrameBytes = maxFrameBytes }

    /// How many connections it remembers ids for (its memory; tests check it stays bounded).
    public var connections: Int { self.windows.count }

    /// Reads one message from connection `route`.
    public mutating func decode(route: [UInt8], frames: [[UInt8]], keys: some ConnectionKeys) -> ExtensionInbound {
        if keys.isIgnored(route: route) { return .dropped }
        guard let key = keys.connectionKey(route: route) else {
            return self.hello(route: route, frames: frames, keys: keys)
        }
        let received: ReceivedFrames
        do {
            received = try ReceivedFrames(frames, maxFrameBytes: self.maxFrameBytes)
        } catch {
            return .malformed(requestID: ReceivedFrames.readableID(in: frames), error)
        }
        let header = received.header
        guard received.verify(key: key) else {
            return .refused(
                requestID: header.id,
                .protocolError(.badSignature, "signature does not verify with this connection's launch token"))
        }
        guard self.windows[route, default: RecentIDs(capacity: Self.windowCapacity)].insert(header.id) else {
            return .refused(
                requestID: header.id,
                .protocolError(.replayedMessage, "header id \"\(header.id)\" was already used on this connection"))
        }
        let envelope = received.envelope
        if header.type == ReplyType.name { return Self.reply(envelope) }
        guard let type = RequestType(rawValue: header.type) else {
            return .refused(
                requestID: header.id,
                .protocolError(.unknownType, "\"\(header.type)\" is not a request an extension may send"))
        }
        return .request(
            InboundRequest(id: header.id, type: type, body: Self.body(of: type, envelope), buffers: envelope.buffers))
    }

    /// The first message of a connection: it must be a hello; says which key signed it.
    private mutating func hello(route: [UInt8], frames: [[UInt8]], keys: some ConnectionKeys) -> ExtensionInbound {
        let received: ReceivedFrames
        do {
            received = try ReceivedFrames(frames, maxFrameBytes: self.maxFrameBytes)
        } catch {
            return .helloRefused(requestID: ReceivedFrames.readableID(in: frames), error)
        }
        let id = received.header.id
        guard received.header.type == RequestType.hello.rawValue else {
            return .helloRefused(
                requestID: id,
                .protocolError(.helloRequired, "the first message must be hello, not \(received.header.type)"))
        }
        let body: HelloBody
        do {
            body = try received.envelope.decodeBody(HelloBody.self)
        } catch {
            return .helloRefused(requestID: id, error)
        }
        var hello = InboundHello(id: id, body: body, launchID: nil, signedWithAttachKey: false)
        if body.attachDevice != nil {
            hello.signedWithAttachKey = keys.attachKey(app: body.app).map(received.verify(key:)) ?? false
        } else {
            hello.launchID = keys.helloKeys(app: body.app).first { received.verify(key: $0.key) }?.launchID
        }
        if hello.launchID != nil || hello.signedWithAttachKey {
            // Connections that are gone leave their windows here: drop them as new ones come.
            self.windows = self.windows.filter { keys.connectionKey(route: $0.key) != nil }
            var window = RecentIDs(capacity: Self.windowCapacity)
            _ = window.insert(id)
            self.windows[route] = window
        }
        return .hello(hello)
    }

    private static func reply(_ envelope: Envelope) -> ExtensionInbound {
        let id = envelope.header.id
        let status: ReplyStatus
        do {
            status = try envelope.decodeBody(ReplyStatus.self)
        } catch {
            return .refused(requestID: id, error)
        }
        guard let replyTo = envelope.header.replyTo else {
            return .refused(requestID: id, .protocolError(.malformedFrame, "a reply needs header.replyTo"))
        }
        var reply = InboundReply(id: id, replyTo: replyTo, status: status)
        // Only `contentSizeThatFits` and `stickers` replies carry more: look before reading (a
        // body the parse tree leaves to Foundation is read both ways).
        let object = JSONTree.parse(envelope.body)?.objectValue
        if object == nil || object?["size"] != nil {
            reply.size = try? WireJSON.decode(ContentSizeResult.self, from: envelope.body)
        }
        if object == nil || object?["stickers"] != nil {
            reply.stickers = try? WireJSON.decode(StickersResult.self, from: envelope.body)
        }
        return .reply(reply)
    }

    /// A request's body as its type reads it.
    private static func body(of type: RequestType, _ envelope: Envelope) -> Result<RequestBody, WireError> {
        do throws(WireError) {
            switch type {
            case .hello:
                throw .protocolError(.unknownType, "this connection already said hello")
            case .sendMessage, .insertMessage:
                return .success(.message(try envelope.decodeBody(MessageRequestBody.self)))
            case .sendText, .insertText: return .success(.text(try envelope.decodeBody(TextRequestBody.self)))
            case .sendSticker, .insertSticker:
                return .success(.sticker(try envelope.decodeBody(StickerRequestBody.self)))
            case .sendAttachment, .insertAttachment:
                return .success(.attachment(try envelope.decodeBody(AttachmentRequestBody.self)))
            case .requestPresentationStyle:
                return .success(.presentationStyle(try envelope.decodeBody(PresentationStyleBody.self)))
            case .dismiss: return .success(.dismiss(try envelope.decodeBody(InstanceBody.self)))
            case .setView: return .success(.setView(try envelope.decodeBody(SetViewBody.self)))
            case .presentMessageCompose:
                return .success(.compose(try envelope.decodeBody(PresentMessageComposeBody.self)))
            }
        } catch {
            return .failure(error)
        }
    }
}

/// The last `capacity` header ids of a connection, for refusing a repeated one.
public struct RecentIDs: Sendable {
    private var set: Set<String> = []
    private var order: [String] = []
    private var head = 0
    public let capacity: Int

    public init(capacity: Int) { self.capacity = capacity }

    /// Records `id`; false if it was already there.
    public mutating func insert(_ id: String) -> Bool {
        guard !self.set.contains(id) else { return false }
        self.set.insert(id)
        if self.order.count < self.capacity {
            self.order.append(id)
        } else {
            self.set.remove(self.order[self.head])
            self.order[self.head] = id
            self.head = (self.head + 1) % self.capacity
        }
        return true
    }
}
