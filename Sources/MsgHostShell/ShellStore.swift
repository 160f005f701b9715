import MsgHostCore

/// Where the shell keeps what the machine changed, and the files its requests name: the
/// daemon's SQLite store and attachment folder, or memory in tests, the fuzzers and tools.
///
/// Writes come in batches: `record` writes into the open batch (opening one), and reads see
/// them at once; `commit` makes the batch durable or throws, and a batch that throws is gone
/// whole; `rollBack` drops it. The driver commits once per unit and acknowledges nothing
/// before (`HostDriver`).
public protocol ShellStore {
    /// Writes changes into the open batch, opening one if none is open.
    func record(_ changes: [WorldChange])
    /// Whether something was recorded and not committed or rolled back yet.
    var hasOpenBatch: Bool { get }
    /// Makes the open batch durable; if it cannot, the batch is rolled back and the error
    /// thrown.
    func commit() throws
    /// Drops the open batch: nothing of it is kept.
    func rollBack()
    /// Writes changes made outside any unit (a world seed) as a batch of their own, committed
    /// at once; throws, keeping nothing, if it cannot.
    func apply(_ changes: [WorldChange]) throws
    /// Looks at the files a request names (and keeps copies of those accepted), one result
    /// per check in order; nil when the answer comes later, as a `filesInspected` event.
    func inspect(_ checks: [FileCheck], alternateFilename: String?) -> [FileCheckResult]?
}

extension ShellStore {
    public func apply(_ changes: [WorldChange]) throws {
        self.record(changes)
        try self.commit()
    }
}
