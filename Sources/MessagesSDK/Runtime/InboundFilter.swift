import MsgHostProtocol

/// Decides, on the connection's thread, whether a message from the host may be acted on
/// (PROTOCOL.md §4.8): it must be well-formed, signed with this process's token, and carry a
/// header id not seen before. Anything else is dropped without an answer, so a forged or
/// replayed callback can neither run a handler nor make the extension say anything.
struct InboundFilter {
    enum Verdict: Equatable {
        case accept(Envelope)
        case drop(String)
    }

    private let key: [UInt8]
    private var seen: Set<String> = []

    init(key: [UInt8]) { self.key = key }

    /// `unsignedReplyTo`: the id of our `hello` while it is unanswered. The daemon refuses a
    /// hello it cannot authenticate with an *unsigned* error reply (§4.2); that one reply is
    /// let through so the extension can report why it was refused and exit.
    mutating func admit(_ frames: [[UInt8]], unsignedReplyTo: String? = nil) -> Verdict {
        let received: ReceivedFrames
        do {
            received = try ReceivedFrames(frames)
        } catch {
            return .drop("malformed: \(error.description)")
        }
        let header = received.header
        let isHelloRefusal =
            received.signature.isEmpty && unsignedReplyTo != nil
            && header.type == ReplyType.name && header.replyTo == unsignedReplyTo
        guard isHelloRefusal || received.verify(key: self.key) else {
            return .drop("bad signature on \(header.type) \(header.id)")
        }
        guard self.seen.insert(header.id).inserted else {
            return .drop("replayed id \(header.id) (\(header.type))")
        }
        return .accept(received.envelope)
    }
}
