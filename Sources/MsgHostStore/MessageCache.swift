import MsgHostCore

/// A bounded cache of decoded messages, oldest out first. What arrives is read once per
/// device right after it is stored, and recent messages are what extensions are shown; the
/// rest of history stays on disk, so memory does not grow with it.
final class MessageCache {
    private var messages: [String: StoredMessage] = [:]
    /// Insertion order, as a ring: `order[head]` is the next to go.
    private var order: [String] = []
    private var head = 0
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        self.order.reserveCapacity(self.capacity)
    }

    subscript(id: String) -> StoredMessage? { self.messages[id] }

    func insert(_ message: StoredMessage) {
        guard self.messages.updateValue(message, forKey: message.id) == nil else { return }
        if self.order.count < self.capacity {
            self.order.append(message.id)
            return
        }
        self.messages[self.order[self.head]] = nil
        self.order[self.head] = message.id
        self.head = (self.head + 1) % self.capacity
    }

    func removeAll() {
        self.messages.removeAll()
        self.order.removeAll(keepingCapacity: true)
        self.head = 0
    }
}
