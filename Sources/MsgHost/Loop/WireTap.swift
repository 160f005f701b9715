import MsgHostCore
import MsgHostProtocol

/// The wire tap (PROTOCOL.md §7.1): control clients that follow every message between the
/// daemon and its extensions, as `frame` pushes.
///
/// It lives in the shell, not in the machine, because the shell is where frames cross the
/// socket: it sees an inbound message exactly as received (before anything in it is trusted,
/// bad signatures and unreadable headers included) and an outbound one exactly as sent, in
/// the order they really crossed (replies and callbacks wait for their unit's commit, so the
/// machine's order of actions is not the wire's). And the machine is to lose its codec
/// to the shell: the tap decodes for itself, only what it shows.
///
/// Off unless subscribed: the loop tests `isActive` (one Boolean per message) and does
/// nothing else for a message while no client taps, so a daemon nobody watches pays nothing.
struct WireTap {
    struct Subscriber: Equatable {
        var client: [UInt8]
        var requestID: String
    }

    /// More taps than this and the oldest is let go (each costs a push per message), as for
    /// event followers (`ControlSessions.maxSubscribers`).
    static let maxSubscribers = 64
    /// A body larger than this is shown as null: the inspector needs the size (in `binary`
    /// terms, the frame is still counted) more than a megabyte of JSON per push.
    static let maxBodyBytes = 1 << 20

    private(set) var subscribers: [Subscriber] = []
    /// The last frame's sequence number: one count for all taps, so two taps agree.
    private var seq = 0

    var isActive: Bool { !self.subscribers.isEmpty }

    /// A client taps (again: its newer tap replaces the older one).
    mutating func subscribe(_ subscriber: Subscriber) {
        self.subscribers.removeAll { $0.client == subscriber.client }
        if self.subscribers.count >= Self.maxSubscribers { self.subscribers.removeFirst() }
        self.subscribers.append(subscriber)
    }

    /// A client that left (the control socket no longer knows it).
    mutating func unsubscribe(client: [UInt8]) {
        self.subscribers.removeAll { $0.client == client }
    }

    /// The body of the `frame` push for one message (`frames` without the routing id).
    /// `refusal` is why the daemon did not act on an inbound message; otherwise an error
    /// reply's own error is shown.
    mutating func frame(
        _ frames: [[UInt8]], inbound: Bool, peer: (device: String, app: String, pid: Int?)?, refusal: WireError?,
        time: Int64
    ) -> TapFrame {
        self.seq += 1
        let header =
            frames.count >= 3 && frames[2].count <= WireLimits.maxHeaderBytes
            ? try? WireJSON.decode(Header.self, from: frames[2]) : nil
        var body: JSONValue?
        var error = refusal.map(TapFrame.Failure.init)
        if frames.count >= 4, frames[3].count <= Self.maxBodyBytes {
            body = try? WireJSON.decode(JSONValue.self, from: frames[3])
            if error == nil, header?.type == ReplyType.name,
                let failure = (try? WireJSON.decode(ReplyStatus.self, from: frames[3]))?.failure
            {
                error = TapFrame.Failure(failure)
            }
        }
        return TapFrame(
            seq: self.seq, time: time, direction: inbound ? "in" : "out", device: peer?.device, app: peer?.app,
            pid: peer?.pid,
            type: header?.type ?? "", id: header?.id ?? "", replyTo: header?.replyTo, body: body,
            binary: frames.count > 4 ? frames[4...].map(\.count) : [], error: error)
    }
}
