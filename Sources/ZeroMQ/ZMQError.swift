import CZeroMQ

/// An error from libzmq, with the errno it reported and libzmq's own text for it.
///
/// `errno` is read immediately after the failing call (zmq-limits.md, pitfall 5): any Swift
/// code in between may allocate and overwrite it.
public struct ZMQError: Error, Hashable, Sendable, CustomStringConvertible {
    public let errno: Int32
    public let operation: String

    public init(errno: Int32, operation: String) {
        self.errno = errno
        self.operation = operation
    }

    /// Captures `zmq_errno()` for a call that just failed.
    static func last(_ operation: String) -> ZMQError {
        ZMQError(errno: zmq_errno(), operation: operation)
    }

    public var description: String {
        "\(self.operation): \(String(cString: zmq_strerror(self.errno)))"
    }

    /// The context was terminated: every blocking call returns this, and the socket must close.
    public var isTerminated: Bool { self.errno == ETERM }
    /// A non-blocking call found nothing to do.
    public var wouldBlock: Bool { self.errno == EAGAIN }
    /// A ROUTER with `setRouterMandatory` has no peer with that routing id.
    public var hostUnreachable: Bool { self.errno == EHOSTUNREACH }
}

/// Retries a libzmq call that a signal handler interrupted. libzmq never retries by itself.
@inline(__always)
func retryingEINTR(_ operation: String, _ call: () -> Int32) throws(ZMQError) -> Int32 {
    while true {
        let rc = call()
        if rc >= 0 { return rc }
        let error = ZMQError.last(operation)
        if error.errno != EINTR { throw error }
    }
}
