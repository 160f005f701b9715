import MsgHostCore

/// The host's one clock: every event is stamped with `now()`.
public protocol ShellClock {
    func now() -> Instant
    /// Moves a manual clock (`HostAction.advanceClock`); a clock that follows real time
    /// ignores it, since the machine asks only when its settings say the clock is manual.
    func advance(milliseconds: Int64)
}
