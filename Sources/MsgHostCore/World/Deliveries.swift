import HashTreeCollections
import MsgHostProtocol

/// How messages reach devices (SPEC §5, delivery control): each device's rule (a latency, or
/// holding until released) and the deliveries under way. Part of the world's directory, kept
/// small: a delivery is here only until it arrives.
///
/// The rules, in one place: a sender's own devices get a message at once whatever their rule;
/// a delayed delivery falls due `latencyMs` after it was sent (saturating); a held one waits
/// for `release`, which delivers in the order the messages were sent (ids grow with it),
/// reversed, or in the order named.
struct Deliveries: Hashable, Sendable {
    /// device → how messages reach it, when not at once.
    private var ruleTable = JournaledTable<String, DeliveryRule>()
    var rules: TreeDictionary<String, DeliveryRule> { self.ruleTable.current }
    /// Deliveries not yet arrived, by id.
    private var pendingTable = JournaledTable<Int, PendingDelivery>()
    var pending: TreeDictionary<Int, PendingDelivery> { self.pendingTable.current }

    /// How a message from `sender` reaches `device` (owned by `owner`).
    func rule(for device: String, owner: String, sender: String) -> DeliveryRule {
        owner == sender ? DeliveryRule() : self.rules[device] ?? DeliveryRule()
    }

    /// A delivery under `rule`, given its id, for a message sent at `now`.
    static func planned(
        id: Int, device: String, conversation: String, messageID: String, rule: DeliveryRule, now: Instant
    ) -> PendingDelivery {
        PendingDelivery(
            id: id, device: device, conversation: conversation, messageID: messageID,
            dueAt: now.adding(milliseconds: rule.latencyMs).milliseconds, held: rule.hold)
    }

    /// The delivery `id` if it is due by its timer (not held, not already arrived).
    func due(_ id: Int) -> PendingDelivery? {
        guard let delivery = self.pending[id], !delivery.held else { return nil }
        return delivery
    }

    /// What `release` delivers to `device`: in the order sent (`"sent"`, the default),
    /// `"reverse"`, or the order of `messages` (each of which must be held there).
    func releasable(device: String, order: String?, messages: [String]?) throws(WireError) -> [PendingDelivery] {
        var held = self.held(for: device)
        switch order ?? "sent" {
        case "sent": break
        case "reverse": held.reverse()
        default: throw .control(.invalidRequest, "order must be \"sent\" or \"reverse\", not \"\(order ?? "")\"")
        }
        if let messages {
            for id in messages where !held.contains(where: { $0.messageID == id }) {
                throw .control(.notFound, "message \(id) is not held for \(device)")
            }
            held.sort {
                (messages.firstIndex(of: $0.messageID) ?? Int.max) < (messages.firstIndex(of: $1.messageID) ?? Int.max)
            }
        }
        return held
    }

    /// The deliveries held for `device`, in the order their messages were sent.
    func held(for device: String) -> [PendingDelivery] {
        self.pending.values.filter { $0.device == device && $0.held }.sorted { $0.id < $1.id }
    }

    /// Whether a delivery not held is still to arrive: any at all, or (on a manual clock) one
    /// due by `now` — later ones wait for the clock to be advanced.
    func hasUnheld(dueBy now: Instant?) -> Bool {
        self.pending.values.contains { delivery in
            !delivery.held && (now.map { delivery.dueAt <= $0.milliseconds } ?? true)
        }
    }

    /// (held, delayed): how many deliveries wait, for the queue-depth gauges.
    var depths: (held: Int, delayed: Int) {
        var held = 0
        for delivery in self.pending.values where delivery.held { held += 1 }
        return (held, self.pending.count - held)
    }

    /// Applies a stored change (the world's `apply`).
    mutating func apply(_ change: WorldChange) {
        switch change {
        case .deliveryRuleChanged(let device, let rule):
            self.ruleTable[device] = rule.isImmediate ? nil : rule
        case .deliveryPending(let delivery):
            self.pendingTable[delivery.id] = delivery
        case .deliveryDone(let id):
            self.pendingTable[id] = nil
        case .personCreated, .deviceCreated, .conversationCreated, .installCreated, .installRemoved,
            .participantAssigned, .messageStored,
            .transcriptEntryAdded, .transcriptEntryChanged, .transcriptEntryRemoved, .inputFieldChanged, .contactNamed,
            .memberAdded, .memberRemoved:
            break
        }
    }

    /// The unit ends: what it changed is kept, or undone (`JournaledTable`).
    mutating func closeUnit(undoing: Bool) {
        self.ruleTable.closeUnit(undoing: undoing)
        self.pendingTable.closeUnit(undoing: undoing)
    }
}
