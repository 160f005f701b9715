import CZeroMQ

/// A libzmq context. The context is thread-safe; the sockets made from it are not.
public final class ZMQContext: @unchecked Sendable {
    let raw: UnsafeMutableRawPointer

    public init() {
        // zmq_ctx_new only fails when out of memory or file descriptors: nothing to recover.
        guard let raw = zmq_ctx_new() else { fatalError("zmq_ctx_new failed: \(ZMQError.last("zmq_ctx_new"))") }
        self.raw = raw
    }

    deinit {
        _ = try? retryingEINTR("zmq_ctx_term") { zmq_ctx_term(self.raw) }
    }

    /// libzmq's version, for `status` and logs.
    public static var version: String {
        var major: Int32 = 0
        var minor: Int32 = 0
        var patch: Int32 = 0
        zmq_version(&major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }
}
