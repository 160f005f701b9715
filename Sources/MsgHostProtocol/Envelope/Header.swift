/// The header frame of every message (PROTOCOL.md §2.2).
public struct Header: Codable, Hashable, Sendable {
    /// Unique per sender and connection; the daemon refuses a repeated id.
    public var id: String
    /// The message type: a callback, request, control command or `reply`.
    public var type: String
    /// On a `reply`: the id of the message answered.
    public var replyTo: String?
    /// The sender's clock in milliseconds since the Unix epoch.
    public var time: Int64

    public init(id: String, type: String, replyTo: String? = nil, time: Int64) {
        self.id = id
        self.type = type
        self.replyTo = replyTo
        self.time = time
    }
}
