import MsgHostProtocol

/// What the host says, as actions for the shell: messages to extensions and control clients
/// (each with a header id unique for the daemon's life), events (kept in the bounded log that
/// `events` serves and pushed to followers), and the counters `status` reports.
///
/// A part of its own so that every other part can speak without reaching into the machine:
/// a method that takes `inout Outbox` may record an event or build a reply, nothing more.
struct Outbox: Sendable {
    var events: EventLog
    @Journaled private(set) var counters = Counters()
    /// Why the last refused or dropped extension message was (the wire tap takes it).
    @Journaled var lastRefusal: WireError?
    @Journaled private var nextHostID = 0

    init(eventLogCapacity: Int) { self.events = EventLog(capacity: eventLogCapacity) }

    /// The unit ends: kept, or undone (puts the counters and header ids back as when the unit began; `events` is rolled back
    /// by sequence number (`EventLog.rollBack`)).
    mutating func closeUnit(undoing: Bool) {
        self.$counters.closeUnit(undoing: undoing)
        self.$lastRefusal.closeUnit(undoing: undoing)
        self.$nextHostID.closeUnit(undoing: undoing)
    }

    /// A header id for a message the host sends: unique for the daemon's life.
    mutating func makeHostMessageID() -> String {
        self.nextHostID += 1
        return "h\(self.nextHostID)"
    }

    mutating func count(_ counter: Counter, by amount: Int = 1) { self.counters.count(counter, by: amount) }

    /// Records an event and returns the action that reports it to the shell.
    mutating func record(
        _ kind: EventKind, now: Instant, device: String? = nil, app: String? = nil, conversation: String? = nil,
        instance: String? = nil, code: Int? = nil, name: String? = nil, pid: Int? = nil, detail: String? = nil,
        elements: Int? = nil
    ) -> HostAction {
        let record = self.events.append { seq in
            EventRecord(
                seq: seq, time: now.milliseconds, kind: kind.rawValue, device: device, app: app,
                conversation: conversation,
                instance: instance, code: code, name: name, pid: pid, detail: detail, elements: elements)
        }
        return .event(record)
    }

    /// A message to an extension, to be signed with its token when `key` is given. The shell
    /// writes and signs it (`OutboundMessage.frames`) when it runs the action.
    mutating func extensionMessage(
        to route: [UInt8], type: String, replyTo: String? = nil, body: OutboundBody, key: SigningKey?, now: Instant
    ) -> (id: String, action: HostAction) {
        let id = self.makeHostMessageID()
        let header = Header(id: id, type: type, replyTo: replyTo, time: now.milliseconds)
        return (id, .sendToExtension(route: route, OutboundMessage(header: header, body: body, key: key)))
    }

    /// A reply to a control request: the shell's codec writes it (`ControlCodec.frames`).
    mutating func controlReply(to client: [UInt8], requestID: String?, _ body: ControlMessage.Body, now: Instant)
        -> HostAction
    {
        let header = Header(
            id: self.makeHostMessageID(), type: ReplyType.name, replyTo: requestID, time: now.milliseconds)
        return .sendToControl(client: client, ControlMessage(header: header, body: body))
    }

    mutating func controlError(to client: [UInt8], requestID: String?, _ error: WireError, now: Instant) -> HostAction {
        self.count(.controlErrors)
        return self.controlReply(to: client, requestID: requestID, .error(error), now: now)
    }

    /// An event pushed to a client that follows them (`subscribe`).
    mutating func controlPush(to client: [UInt8], replyTo: String, record: EventRecord, now: Instant) -> HostAction {
        let header = Header(id: self.makeHostMessageID(), type: "event", replyTo: replyTo, time: now.milliseconds)
        return .sendToControl(client: client, ControlMessage(header: header, body: .event(record)))
    }
}
