import MsgHostProtocol

/// A read of the store's history that failed. It is never "not there": the step that needed
/// it ends where the read failed, and the machine answers with this error instead of actions,
/// so nothing decided without the history leaves the daemon (PROTOCOL.md §3.5: the shell
/// undoes the unit and answers its request `storageUnavailable`).
public struct HistoryUnreadable: Error, Hashable, Sendable, CustomStringConvertible {
    /// What the store said.
    public var reason: String

    public init(reason: String) { self.reason = reason }

    /// The store's error, described.
    init(_ error: any Error) { self.reason = "\(error)" }

    public var description: String { "the store could not be read (\(self.reason))" }
}

extension WireError {
    /// A failed read inside a step that refuses with `WireError`: said as its request would be
    /// answered (`storageUnavailable`), and turned back into `HistoryUnreadable` where the
    /// step's refusal would be answered (`unreadable`), so the step still ends with the failure.
    init(_ failure: HistoryUnreadable) {
        self = .host(.storageUnavailable, failure.reason)
    }

    /// The failed read this refusal stands for, if it is one.
    var unreadable: HistoryUnreadable? {
        guard self.domain == HostErrorCode.domain, self.code == HostErrorCode.storageUnavailable.rawValue else {
            return nil
        }
        return HistoryUnreadable(reason: self.description)
    }
}

/// Runs a read of history inside a step that refuses with `WireError` (see `WireError(_:)`).
func reading<T>(_ body: @autoclosure () throws(HistoryUnreadable) -> T) throws(WireError) -> T {
    do {
        return try body()
    } catch {
        throw WireError(error)
    }
}
