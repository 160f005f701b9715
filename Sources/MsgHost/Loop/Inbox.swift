import Foundation
import Synchronization
import ZeroMQ

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
    private let pipe = WakePipe()
    var readFD: Int32 { self.pipe.readFD }

    func post(_ event: Event) {
        self.events.withLock { $0.append(event) }
        self.pipe.wake()
    }

    /// Takes every event posted so far and empties the wake-up pipe.
    func drain() -> [Event] {
        self.pipe.drain()
        return self.events.withLock { events in
            defer { events = [] }
            return events
        }
    }
}
