import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// The event log is a ring: past its capacity the oldest records go, the rest stay in order,
/// and sequence numbers keep counting so a reader can tell what it missed.
@Suite struct EventLogTests {
    private func log(capacity: Int, appending count: Int) -> EventLog {
        var log = EventLog(capacity: capacity)
        for _ in 0..<count {
            _ = log.append { seq in EventRecord(seq: seq, time: Int64(seq), kind: "k\(seq)") }
        }
        return log
    }

    @Test func belowCapacityEverythingIsKeptInOrder() {
        #expect(self.log(capacity: 5, appending: 3).records.map(\.seq) == [1, 2, 3])
    }

    @Test(arguments: [5, 6, 7, 12, 13])
    func pastCapacityTheNewestStayOldestFirst(count: Int) {
        let log = self.log(capacity: 5, appending: count)
        #expect(log.records.map(\.seq) == Array((count - 4)...count))
        #expect(log.nextSeq == count + 1)
    }

    @Test func afterReturnsOnlyNewerRecordsAcrossTheWrap() {
        let log = self.log(capacity: 4, appending: 10)
        #expect(log.after(8).map(\.seq) == [9, 10])
        #expect(log.after(2).map(\.seq) == [7, 8, 9, 10])
        #expect(log.after(nil).map(\.seq) == [7, 8, 9, 10])
    }

    @Test(arguments: [3, 5, 9])
    func rollingBackForgetsTheNewestAndNumbersFromThereAgain(count: Int) {
        var log = self.log(capacity: 5, appending: count)
        log.rollBack(to: count - 1)
        #expect(log.records.map(\.seq) == Array(max(1, count - 4)...(count - 2)))
        #expect(log.nextSeq == count - 1)
        _ = log.append { seq in EventRecord(seq: seq, time: 0, kind: "again") }
        #expect(log.records.last?.seq == count - 1)
    }

    /// An undo counts its records off, wherever the ring is: the log then fills again in
    /// order, and past capacity drops its oldest as before.
    @Test(arguments: [2, 5, 7, 11])
    func afterARollBackTheRingFillsAgainInOrder(count: Int) {
        var log = self.log(capacity: 5, appending: count)
        log.rollBack(to: max(1, count - 2))
        for _ in 0..<7 { _ = log.append { seq in EventRecord(seq: seq, time: 0, kind: "again") } }
        let newest = max(1, count - 2) + 6
        #expect(log.records.map(\.seq) == Array((newest - 4)...newest))
        log.rollBack(to: newest - 1)
        #expect(log.records.map(\.seq) == Array((newest - 4)...(newest - 2)))
    }
}
