import MsgHostProtocol

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
    /// (ours) What a session message with no `summaryText` leaves when a later one replaces
    /// it: nil leaves nothing (WWDC 2016); a text shows that text (Apple's docs' "default").
    public var nilSummaryText: String?
    /// (ours) How long after being seen an expiring message (`shouldExpire`) disappears.
    public var expiryMs: Int64 = 120_000
    /// How many of a transcript's newest entries are on screen: live-layout bubbles among them
    /// run a transcript instance, older ones show their alternate layout until scrolled to.
    public var entriesOnScreen = 50
    /// The room a live-layout bubble is offered (`contentSizeThatFits`), in points.
    public var liveBubbleSize = LiveBubbleSize(width: 320, height: 480)
    /// This many crashes of an app on one device within `crashWindowMs` quarantine it there
    /// until `reset`.
    public var crashLimit = 3
    public var crashWindowMs: Int64 = 60_000
    /// The largest frame a message may have (config `limits.maxFrameBytes`); a message with a
    /// larger one is refused as `malformedFrame` and the connection stays.
    public var maxFrameBytes = 16 << 20
    /// Whether the clock only moves through `advanceClock` (tests).
    public var manualClock = false
    /// Where the daemon keeps files, so it can give extensions `file://` URLs to them.
    public var filesDirectory = "/var/lib/msghost/files"

    public init() {}
}

/// A size in points (kept apart from the wire's `SizeValue` so settings stay plain data).
public struct LiveBubbleSize: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// As the wire writes a size (the offer of `contentSizeThatFits`).
    var value: SizeValue { SizeValue(width: self.width, height: self.height) }
}
