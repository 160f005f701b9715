/// Bodies of the control requests that look at the daemon itself (PROTOCOL.md §7.1): the wire
/// tap's `frame` pushes, `metrics`, `file` and `held`.

/// One message between the daemon and an extension, as the wire tap pushes it (type `frame`).
///
/// Every optional is written as `null` rather than left out, so a reader sees one shape.
public struct TapFrame: Codable, Hashable, Sendable {
    /// Why a frame was refused, or the error an error reply carries.
    public struct Failure: Codable, Hashable, Sendable {
        public var domain: String
        public var code: Int
        public var name: String
        public var message: String
        public init(domain: String, code: Int, name: String, message: String) {
            self.domain = domain
            self.code = code
            self.name = name
            self.message = message
        }

        public init(_ error: WireError) {
            self.init(domain: error.domain, code: error.code, name: error.name, message: error.description)
        }
    }

    /// Counts every message shown on any tap since the daemon started, from 1: consecutive
    /// within one tap, so a gap means pushes this client did not take.
    public var seq: Int
    public var time: Int64
    /// `in`: extension → daemon; `out`: daemon → extension.
    public var direction: String
    public var device: String?
    public var app: String?
    public var pid: Int?
    public var type: String
    public var id: String
    public var replyTo: String?
    public var body: JSONValue?
    /// The byte count of each binary frame after the body, in order.
    public var binary: [Int]
    public var error: Failure?

    public init(
        seq: Int, time: Int64, direction: String, device: String?, app: String?, pid: Int?, type: String, id: String,
        replyTo: String?, body: JSONValue?, binary: [Int], error: Failure?
    ) {
        self.seq = seq
        self.time = time
        self.direction = direction
        self.device = device
        self.app = app
        self.pid = pid
        self.type = type
        self.id = id
        self.replyTo = replyTo
        self.body = body
        self.binary = binary
        self.error = error
    }

    private enum CodingKeys: String, CodingKey {
        case seq, time, direction, device, app, pid, type, id, replyTo, body, binary, error
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(self.seq, forKey: .seq)
        try container.encode(self.time, forKey: .time)
        try container.encode(self.direction, forKey: .direction)
        try container.encode(self.device, forKey: .device)
        try container.encode(self.app, forKey: .app)
        try container.encode(self.pid, forKey: .pid)
        try container.encode(self.type, forKey: .type)
        try container.encode(self.id, forKey: .id)
        try container.encode(self.replyTo, forKey: .replyTo)
        try container.encode(self.body ?? .null, forKey: .body)
        try container.encode(self.binary, forKey: .binary)
        try container.encode(self.error, forKey: .error)
    }
}

/// Reply of `metrics`: Prometheus text exposition format 0.0.4.
public struct MetricsResult: Codable, Hashable, Sendable {
    public var text: String
    public init(text: String) { self.text = text }
}

/// Body of `file`: a `file://` URL the daemon gave out.
public struct FileRequest: Codable, Hashable, Sendable {
    public var url: String
    public init(url: String) { self.url = url }
}

/// Reply of `file`: the stored file's bytes, base64.
public struct FileResult: Codable, Hashable, Sendable {
    public var mimeType: String
    public var size: Int
    public var data: String
    public init(mimeType: String, size: Int, data: String) {
        self.mimeType = mimeType
        self.size = size
        self.data = data
    }
}

/// Reply of `held`: the messages held for a device, in arrival order (the order `release`
/// with `order: "sent"` delivers them).
public struct HeldResult: Codable, Hashable, Sendable {
    public struct Message: Codable, Hashable, Sendable {
        public var id: String
        public var conversation: String
        public var sender: String
        public var sentAt: Int64
        /// `message`, `text`, `sticker` or `attachment`.
        public var kind: String
        /// For `text` only.
        public var text: String?
        public init(id: String, conversation: String, sender: String, sentAt: Int64, kind: String, text: String? = nil)
        {
            self.id = id
            self.conversation = conversation
            self.sender = sender
            self.sentAt = sentAt
            self.kind = kind
            self.text = text
        }
    }

    public var messages: [Message]
    public init(messages: [Message]) { self.messages = messages }
}
