import MsgHostCore

/// A history that can be written: what the shell (or a test or fuzzer playing the shell) keeps
/// the `.persist` actions' changes in, in order. It lives here, outside `MsgHostCore`, so the
/// core has no way to write one: it only reads (`HistoryReader`). A store is one place that
/// every reader of it sees change, so it is a reference.
public protocol HistoryStore: HistoryReader, AnyObject {
    /// Writes changes as part of the current batch. The store keeps every kind of change
    /// (the directory too, so that it can be loaded again); reads see them at once.
    func record(_ changes: [WorldChange])
}
