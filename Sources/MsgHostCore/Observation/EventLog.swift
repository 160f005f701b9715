import MsgHostProtocol

/// The bounded log of recent events that `events` serves. Sequence numbers keep counting
/// when old events are dropped, so a reader can tell it missed some.
///
/// A ring: once full, a new record overwrites the oldest in place. (Dropping the first element
/// of an array moves every other one: with 10,000 records, a few MB of copying per event.)
struct EventLog: Sendable {
    private var ring: [EventRecord] = []
    /// Where the oldest record is, once the ring is full.
    private var oldest = 0
    private(set) var nextSeq = 1
    let capacity: Int

    init(capacity: Int) { self.capacity = max(1, capacity) }

    /// Oldest first.
    var records: [EventRecord] { Array(self.ring[self.oldest...] + self.ring[..<self.oldest]) }

    mutating func append(_ make: (Int) -> EventRecord) -> EventRecord {
        let record = make(self.nextSeq)
        self.nextSeq += 1
        if self.ring.count < self.capacity {
            self.ring.append(record)
        } else {
            self.ring[self.oldest] = record
            self.oldest = (self.oldest + 1) % self.capacity
        }
        return record
    }

    func after(_ seq: Int?) -> [EventRecord] {
        guard let seq else { return self.records }
        return self.records.filter { $0.seq > seq }
    }

    /// Forgets the records numbered `seq` and later (the unit was undone: what they
    /// tell did not happen), and numbers from `seq` again.
    mutating func rollBack(to seq: Int) {
        guard seq < self.nextSeq else { return }
        self.ring = self.records.filter { $0.seq < seq }
        self.oldest = 0
        self.nextSeq = seq
    }
}
