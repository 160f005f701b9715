import HashTreeCollections
import MsgHostProtocol

/// How the host answers an extension, and says no to one (PROTOCOL.md §2.4, §3): a reply to
/// the message it answers, and for a refusal the counter it moves and the event an operator
/// sees. One place, so that every refusal is counted, told and logged the same way.
extension Outbox {
    /// A reply to an extension's message `replyTo`, signed with `key` (nil only for a
    /// connection whose hello was refused, which has no key).
    mutating func extensionReply(
        to route: [UInt8], replyTo: String?, _ body: OutboundBody, key: SigningKey?, now: Instant
    ) -> HostAction {
        self.extensionMessage(to: route, type: ReplyType.name, replyTo: replyTo, body: body, key: key, now: now).action
    }

    /// A message of a connected process broke the protocol: an error reply, counted, logged,
    /// and kept for the wire tap.
    mutating func protocolError(
        _ error: WireError, replyTo requestID: String?, process: ExtensionProcess, route: [UInt8], now: Instant
    ) -> [HostAction] {
        self.count(.protocolErrors)
        self.lastRefusal = error
        return [
            self.extensionReply(to: route, replyTo: requestID, .error(error), key: process.token, now: now),
            self.record(
                .protocolError, now: now, device: process.device, app: process.app, code: error.code, name: error.name,
                detail: error.description),
        ]
    }

    /// A new connection's first message was refused: an unsigned error reply, counted, logged,
    /// and kept for the wire tap (the caller ignores the connection from now on).
    mutating func connectionRefused(_ error: WireError, replyTo requestID: String?, route: [UInt8], now: Instant)
        -> [HostAction]
    {
        self.count(.refusedConnections)
        self.lastRefusal = error
        return [
            self.extensionReply(to: route, replyTo: requestID, .error(error), key: nil, now: now),
            self.record(.connectionRefused, now: now, code: error.code, name: error.name, detail: error.description),
        ]
    }

    /// A request refused by Messages' rules (or not stored): a refused send is counted and
    /// logged as one (unless `isSend` says otherwise), with Apple's code; nothing is consumed.
    mutating func requestRefused(
        _ type: RequestType, _ error: WireError, process: ExtensionProcess, route: [UInt8], instance: Instance?,
        requestID: String,
        isSend: Bool? = nil, now: Instant
    ) -> [HostAction] {
        let isSend = isSend ?? type.isDirectSend
        self.count(isSend ? .sendsRefused : .requestsRefused)
        return [
            self.extensionReply(to: route, replyTo: requestID, .error(error), key: process.token, now: now),
            self.record(
                isSend ? .sendRefused : .requestRefused, now: now, device: instance?.device ?? process.device,
                app: process.app,
                conversation: instance?.conversation, instance: instance?.id, code: error.code, name: error.name,
                detail: "\(type.rawValue): \(error.description)"),
        ]
    }

    /// A reply to no callback in flight: counted, logged and kept for the wire tap, never
    /// answered (answering a reply would let two peers ping-pong errors).
    mutating func unexpectedReply(_ replyTo: String, from process: ExtensionProcess, now: Instant) -> HostAction {
        let detail = "reply to \"\(replyTo)\", which is no callback in flight"
        self.count(.unexpectedReplies)
        self.lastRefusal = .protocolError(.unexpectedReply, "dropped: \(detail)")
        return self.record(
            .protocolError, now: now, device: process.device, app: process.app,
            code: ProtocolErrorCode.unexpectedReply.rawValue,
            name: "unexpectedReply", detail: detail)
    }

    /// The shell could not hand `count` messages to a connection (its queue is full, or it is
    /// gone): counted and logged, so that a peer that stopped reading shows before its
    /// callback times out.
    mutating func undeliverable(_ count: Int, to process: ExtensionProcess?, reason: String, now: Instant) -> HostAction
    {
        self.count(.undeliverableMessages, by: count)
        return self.record(
            .undeliverable, now: now, device: process?.device, app: process?.app, pid: process?.pid,
            detail: "\(count) message\(count == 1 ? "" : "s") not taken: \(reason)")
    }
}
