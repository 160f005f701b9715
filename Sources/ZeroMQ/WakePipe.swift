import Foundation

/// A pipe another thread writes a byte to so that a thread blocked in `ZMQPoller.poll` wakes
/// at once: ZeroMQ sockets belong to one thread, so work for it is handed over under a lock
/// and this pipe (polled as a `.fileDescriptor` item) says that there is some.
public final class WakePipe: Sendable {
    public let readFD: Int32
    private let writeFD: Int32

    public init() {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { fatalError("pipe() failed: \(errno)") }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        self.readFD = fds[0]
        self.writeFD = fds[1]
    }

    deinit {
        close(self.readFD)
        close(self.writeFD)
    }

    /// Wakes the polling thread; never blocks (a full pipe already means "wake up").
    public func wake() {
        var byte: UInt8 = 1
        _ = write(self.writeFD, &byte, 1)
    }

    /// Empties the pipe, after a wake-up.
    public func drain() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(self.readFD, &buffer, buffer.count) > 0 {}
    }
}
