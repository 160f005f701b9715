#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A self-pipe that wakes the connection thread's `zmq_poll` when another thread queued
/// something to send: the socket stays on one thread, and nobody polls on a timer.
final class WakePipe: Sendable {
    let readEnd: Int32
    private let writeEnd: Int32

    init() {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { fatalError("MessagesSDK: pipe() failed (errno \(errno))") }
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        self.readEnd = fds[0]
        self.writeEnd = fds[1]
    }

    deinit {
        close(self.readEnd)
        close(self.writeEnd)
    }

    /// Makes the read end readable. A full pipe already means "wake up", so EAGAIN is fine.
    func wake() {
        var byte: UInt8 = 1
        _ = write(self.writeEnd, &byte, 1)
    }

    /// Empties the pipe after a wake-up.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(self.readEnd, &buffer, buffer.count) > 0 {}
    }
}
