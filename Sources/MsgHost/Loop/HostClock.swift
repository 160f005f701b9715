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
