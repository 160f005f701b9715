/// The values every number in msghostd's files may take, in one table, checked where the number
/// enters (config file, `MSGHOSTD_` variable or manifest) so that none reaches the host's time
/// arithmetic able to overflow it: a timeout of 2^63−1 ms added to the clock traps the daemon.
///
/// Durations stop at a day (a year for message expiry): far beyond any sensible setting, far
/// below overflow. config/msghostd.yaml and config/apps/python-raw.yaml state these ranges
/// beside their keys; `NumericRangesTests` holds them to each other.
enum NumericRanges {
    struct Allowed: Sendable, Equatable {
        var bounds: ClosedRange<Int64>
        var unit: String
    }

    static let day: Int64 = 86_400_000
    /// Waits that must give the extension some time.
    static let timeout = Allowed(bounds: 1...day, unit: "ms")
    /// Waits where 0 means "at once".
    static let grace = Allowed(bounds: 0...day, unit: "ms")

    /// msghostd.yaml's numeric keys, also set by `MSGHOSTD_` variables.
    static let daemon: [String: Allowed] = [
        "interaction.windowMs": grace,
        "extensions.launchTimeoutMs": timeout,
        "extensions.responseTimeoutMs": timeout,
        "extensions.idleGraceMs": grace,
        "extensions.terminateGraceMs": grace,
        "extensions.killGraceMs": grace,
        "extensions.crashWindowMs": grace,
        "extensions.crashLimit": Allowed(bounds: 1...1_000, unit: "crashes"),
        "messages.expiryMs": Allowed(bounds: 0...(365 * day), unit: "ms"),
        // At least a hello with a long token; at most what a frame buffer should ever hold.
        "limits.maxFrameBytes": Allowed(bounds: 4_096...(1 << 30), unit: "bytes"),
        "events.capacity": Allowed(bounds: 1...1_000_000, unit: "events"),
        "history.messageCache": Allowed(bounds: 1...1_000_000, unit: "messages"),
        // From 1970 to the year 9999, as a clock a person would read.
        "manualClock.startMs": Allowed(bounds: 0...253_402_300_799_999, unit: "ms since 1970"),
        "ids.seed": Allowed(bounds: 0...Int64.max, unit: ""),
    ]

    /// An app manifest's numeric keys (config/apps/*.yaml).
    static let manifest: [String: Allowed] = [
        "launchTimeoutMs": timeout,
        "responseTimeoutMs": timeout,
        "memoryLimitMB": Allowed(bounds: 1...1_048_576, unit: "MiB"),
        "memoryWarningMB": Allowed(bounds: 1...1_048_576, unit: "MiB"),
    ]

    /// `value`, if `table` allows it for `key`; else an error naming the key, where the value
    /// came from (`origin`: a file or a variable) and the range.
    static func check(_ value: Int64, _ key: String, in table: [String: Allowed], origin: String)
        throws(ConfigurationError) -> Int64
    {
        guard let allowed = table[key] else { preconditionFailure("\(key) has no range in NumericRanges") }
        guard allowed.bounds.contains(value) else {
            throw ConfigurationError(
                "\(origin): \(key) must be from \(allowed.bounds.lowerBound) to \(allowed.bounds.upperBound) \(allowed.unit), got \(value)"
            )
        }
        return value
    }
}
