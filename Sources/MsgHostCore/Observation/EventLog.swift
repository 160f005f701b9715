import MsgHostProtocol

/// The bounded log of recent events that `events` serves. Sequence numbers keep counting
/// when old events are dropped, so a reader can tell it missed some.
struct EventLog: Sendable {
    private(set) var records: [EventRecord] = []
    private(set) var nextSeq = 1
    let capacity: Int

    init(capacity: Int) { self.capacity = max(1, capacity) }

    mutating func append(_ make: (Int) -> EventRecord) -> EventRecord {
        let record = make(self.nextSeq)
        self.nextSeq += 1
        self.records.append(record)
        if self.records.count > self.capacity { self.records.removeFirst(self.records.count - self.capacity) }
        return record
    }

    func after(_ seq: Int?) -> [EventRecord] {
        guard let seq else { return self.records }
        return self.records.filter { $0.seq > seq }
    }
}
