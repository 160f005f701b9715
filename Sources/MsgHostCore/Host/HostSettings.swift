/// The host's timings and limits. Defaults are the documented ones in config/msghostd.yaml.
public struct HostSettings: Hashable, Sendable {
    /// (ours) How long a touch allows a direct send.
    public var interactionWindowMs: Int64 = 5_000
    /// How long a started extension has to say hello.
    public var launchTimeoutMs: Int64 = 10_000
    /// How long an extension has to acknowledge a callback before it is unresponsive.
    public var responseTimeoutMs: Int64 = 10_000
    /// How long an extension with no active instance lives before it is told to terminate.
    public var idleGraceMs: Int64 = 500
    /// From the `terminate` notice to SIGTERM.
    public var terminateGraceMs: Int64 = 500
    /// From SIGTERM to SIGKILL.
    public var killGraceMs: Int64 = 2_000
    /// How many events `events` can return.
    public var eventLogCapacity = 10_000

    public init() {}
}
