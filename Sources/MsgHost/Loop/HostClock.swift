import Foundation
import MsgHostCore

/// The daemon's one clock: every event is stamped with it.
protocol HostClock: Sendable {
    func now() -> Instant
    /// Whether the clock moves by itself, so the loop must wake for the next timer; a manual
    /// clock moves only when told, and then its timers fire at once.
    var followsRealTime: Bool { get }
}

/// Wall-clock milliseconds (CLOCK_REALTIME), so event times read as dates.
struct SystemClock: HostClock {
    func now() -> Instant {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Instant(milliseconds: Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000)
    }

    var followsRealTime: Bool { true }
}

/// A clock that moves only when told (`--clock manual`): every timeout in the daemon reads
/// it, so tests advance time instead of sleeping. It starts at the wall-clock time.
///
/// Until `release()`: from then on it also runs by itself, at the pace of real (monotonic)
/// time, from where it stood. The daemon releases it when asked to stop, because it then
/// refuses `advanceClock`, and the graces of stopping (terminate, kill, the shutdown deadline)
/// must still run out, or nothing short of SIGKILL would end a daemon whose extension
/// ignores `terminate` and SIGTERM.
final class ManualClock: HostClock, @unchecked Sendable {
    private var current: Instant
    /// When `release()` was called; real time since then is added to `current`.
    private var releasedAt: ContinuousClock.Instant?
    private let lock = NSLock()

    init(start: Instant) { self.current = start }

    func now() -> Instant {
        self.lock.withLock {
            guard let releasedAt = self.releasedAt else { return self.current }
            let elapsed = ContinuousClock.now - releasedAt
            return self.current.adding(
                milliseconds: elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
            )
        }
    }

    var followsRealTime: Bool { self.lock.withLock { self.releasedAt != nil } }

    func advance(milliseconds: Int64) {
        self.lock.withLock { self.current = self.current.adding(milliseconds: milliseconds) }
    }

    /// From now on, time passes by itself too. Releasing twice changes nothing.
    func release() {
        self.lock.withLock {
            if self.releasedAt == nil { self.releasedAt = ContinuousClock.now }
        }
    }
}
