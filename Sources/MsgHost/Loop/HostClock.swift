import Foundation
import MsgHostCore

/// The daemon's one clock: every event is stamped with it.
protocol HostClock: Sendable {
    func now() -> Instant
}

/// Wall-clock milliseconds (CLOCK_REALTIME), so event times read as dates.
struct SystemClock: HostClock {
    func now() -> Instant {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Instant(milliseconds: Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000)
    }
}

/// A clock that moves only when told (`--clock manual`): every timeout in the daemon reads
/// it, so tests advance time instead of sleeping. It starts at the wall-clock time.
final class ManualClock: HostClock, @unchecked Sendable {
    private var current: Instant
    private let lock = NSLock()

    init(start: Instant) { self.current = start }

    func now() -> Instant { self.lock.withLock { self.current } }

    func advance(milliseconds: Int64) {
        self.lock.withLock { self.current = self.current.adding(milliseconds: milliseconds) }
    }
}
