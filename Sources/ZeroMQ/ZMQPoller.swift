import CZeroMQ

/// Waits for any of several sockets or plain file descriptors to become readable.
///
/// The daemon's event loop polls its two ROUTER sockets and an eventfd that other threads
/// use to wake it, so that every socket stays on the loop's thread.
public struct ZMQPoller {
    public enum Item {
        case socket(ZMQSocket)
        case fileDescriptor(Int32)
    }

    private var items: [zmq_pollitem_t]

    public init(_ items: [Item]) {
        self.items = items.map { item in
            switch item {
            case .socket(let socket):
                zmq_pollitem_t(socket: socket.raw, fd: -1, events: Int16(ZMQ_POLLIN), revents: 0)
            case .fileDescriptor(let fd):
                zmq_pollitem_t(socket: nil, fd: fd, events: Int16(ZMQ_POLLIN), revents: 0)
            }
        }
    }

    /// Blocks until an item is readable or `timeoutMilliseconds` pass (-1: no timeout).
    /// Returns the indices of the readable items, in the order given to `init`.
    /// An interrupting signal returns an empty list rather than an error.
    public mutating func poll(timeoutMilliseconds: Int) throws(ZMQError) -> [Int] {
        let count = self.items.count
        let rc = self.items.withUnsafeMutableBufferPointer {
            zmq_poll($0.baseAddress, Int32(count), timeoutMilliseconds)
        }
        if rc < 0 {
            let error = ZMQError.last("zmq_poll")
            if error.errno == EINTR { return [] }
            throw error
        }
        return self.items.indices.filter { self.items[$0].revents & Int16(ZMQ_POLLIN) != 0 }
    }
}
