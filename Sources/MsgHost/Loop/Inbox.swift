import Foundation
import Synchronization

/// Events from other threads (process tasks, signal handling) for the event loop.
///
/// Posting appends under a lock and writes a byte to a pipe that the loop polls alongside
/// its sockets, so the loop wakes at once and every socket stays on the loop's thread.
final class Inbox: Sendable {
    enum Event: Sendable {
        case processStarted(launchID: String, pid: Int32)
        case processExited(launchID: String, status: String)
        case shutdown
    }

    private let events = Mutex<[Event]>([])
    let readFD: Int32
    private let writeFD: Int32

    init() {
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

    func post(_ event: Event) {
        self.events.withLock { $0.append(event) }
        var byte: UInt8 = 1
        _ = write(self.writeFD, &byte, 1)  // a full pipe already means "wake up"
    }

    /// Takes every event posted so far and empties the wake-up pipe.
    func drain() -> [Event] {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(self.readFD, &buffer, buffer.count) > 0 {}
        return self.events.withLock { events in
            defer { events = [] }
            return events
        }
    }
}
