import MsgHostProtocol

/// The bounded log of recent events that `events` serves. Sequence numbers keep counting
/// when old events are dropped, so a reader can tell it missed some.
///
/// A ring: once full, a new record overwrites the oldest in place. (Dropping the first element
/// of an array moves every other one: with 10,000 records, a few MB of copying per event.)
/// An undone unit forgets its newest records by counting them off, so its cost is what the
/// unit logged, not the log's size (the oldest records a unit overwrote stay lost).
struct EventLog: Sendable {
    private var ring: [EventRecord] = []
    /// Where the oldest record is.
    private var oldest = 0
    /// How many records of the ring are in the log (the rest were forgotten by an undo).
    private var count = 0
    private(set) var nextSeq = 1
    let capacity: Int

    init(capacity: Int) { self.capacity = max(1, capacity) }

    /// Oldest first.
    var records: [EventRecord] { (0..<self.count).map { self.ring[(self.oldest + $0) % self.ring.count] } }

    mutating func append(_ make: (Int) -> EventRecord) -> EventRecord {
        let record = make(self.nextSeq)
        self.nextSeq += 1
        if self.ring.count < self.capacity && self.count == self.ring.count {
            self.ring.append(record)  // oldest is 0 until the ring first fills
            self.count += 1
        } else if self.count < self.ring.count {
            self.ring[(self.oldest + self.count) % self.ring.count] = record
            self.count += 1
        } else {
            self.ring[self.oldest] = record
            self.oldest = (self.oldest + 1) % self.ring.count
        }
        return record
    }

    func after(_ seq: Int?) -> [EventRecord] {
        guard let seq else { return self.records }
        return self.records.filter { $0.seq > seq }
    }

    /// Forgets the records numbered `seq` and later (the unit was undone: what they tell did
    /// not happen), and numbers from `seq` again.
    mutating func rollBack(to seq: Int) {
        guard seq < self.nextSeq else { return }
        self.count -= min(self.count, self.nextSeq - seq)
        self.nextSeq = seq
    }
}

extension EventLog: CustomStringConvertible {
    /// What the log holds, not the ring's slots (an undo leaves forgotten records there).
    var description: String {
        "EventLog(records: \(self.records), nextSeq: \(self.nextSeq), capacity: \(self.capacity))"
    }
}
