import Configuration
import Foundation
import MsgHostCore

/// Everything msghostd reads from its configuration, resolved and checked.
///
/// Keys (config file, then `MSGHOSTD_`-prefixed environment, then flags, which win):
/// - `state.directory` (string, default `/var/lib/msghost`): where the SQLite store lives.
/// - `runtime.directory` (string, default `/run/msghost`): where the ipc sockets live.
/// - `apps.directory` (string, default `<config dir>/apps`): app manifests (`*.yaml`).
/// - `world.seed` (string, default `<config dir>/world.yaml` if present): the world a new
///   state directory starts with.
/// - `endpoints.extension`, `endpoints.control` (string, default `ipc://<runtime>/extensions.sock`,
///   `ipc://<runtime>/control.sock`).
/// - `interaction.windowMs`, `extensions.launchTimeoutMs`, `extensions.responseTimeoutMs`,
///   `extensions.idleGraceMs`, `extensions.terminateGraceMs`, `extensions.killGraceMs`
///   (integer milliseconds): see `HostSettings`.
/// - `limits.maxFrameBytes` (integer, default 16 MiB), `events.capacity` (integer, default 10000).
/// - `history.messageCache` (integer, default 1024): how many recently used messages stay
///   decoded in memory; the rest of history is read from the store when needed.
/// - `messages.expiryMs` (integer, default 120000): how long an expiring message stays after
///   it was seen. `sessions.nilSummaryText` (string, default empty): what a replaced session
///   message with no summary text leaves behind; empty leaves nothing.
/// - `extensions.crashLimit` (integer, default 3), `extensions.crashWindowMs` (default 60000):
///   that many crashes within the window quarantine an app on a device until `reset`.
/// - `clock` (string, default `system`): `manual` makes time move only through `advanceClock`.
/// - `manualClock.startMs` (integer ms since 1970, default: the system clock at start): where
///   the manual clock starts, so that two runs on it read the same times.
/// - `ids.seed` (integer, default none: random): participant identifiers, message, install and
///   launch ids drawn from a generator seeded with it, so that two runs from a fresh state
///   directory make the same ones (`msghostctl explore`). Launch tokens stay random: they are
///   secrets. A state directory that already has a world refuses it (its identifiers would
///   come again).
/// - `log.level` (string, default `info`): trace, debug, info, notice, warning, error, critical.
/// - `curve.controlKeys`, `curve.extensionKeys` (lists of Z85 public keys, default empty): the
///   CURVE clients a `tcp://` control or extension endpoint admits (docs/SECURITY.md). A tcp
///   endpoint on an address other than loopback needs at least one key in its list.
///
/// Any other key in the file is an error, and every number's range is in `NumericRanges.daemon`.
public struct DaemonConfiguration: Sendable {
    public var stateDirectory: String
    public var runtimeDirectory: String
    public var appsDirectory: String
    public var worldSeed: String?
    public var extensionEndpoint: String
    public var controlEndpoint: String
    public var host: HostSettings
    public var maxFrameBytes: Int64
    public var messageCache: Int
    public var logLevel: String
    /// `manualClock.startMs`: where the manual clock starts (nil: the system clock's now).
    public var manualClockStartMs: Int64?
    /// `ids.seed`: identifiers from `SeededIDGenerator` (nil: `RandomIDGenerator`).
    public var idsSeed: Int64?
    /// Who may connect to a tcp endpoint; every tcp socket is a CURVE server.
    public var curve: CurveClients

    /// Every key msghostd.yaml may hold: the strings below and the numbers of `NumericRanges`.
    static let stringKeys: Set<String> = [
        "state.directory", "runtime.directory", "apps.directory", "world.seed", "endpoints.extension",
        "endpoints.control",
        "clock", "sessions.nilSummaryText", "log.level",
    ]
    /// Keys whose value is a list of strings.
    static let listKeys: Set<String> = ["curve.controlKeys", "curve.extensionKeys"]
    static let knownKeys = KnownKeys(
        Self.stringKeys.union(Self.listKeys).union(NumericRanges.daemon.keys), integers: NumericRanges.daemon.keys)

    /// Reads and checks every key. `origin` says where a key's value came from (a file, a
    /// variable), so that an error names what to fix.
    public init(
        config: ConfigReader, configDirectory: String, origin: @escaping (String) -> String = { _ in "configuration" }
    ) throws(ConfigurationError) {
        let values = Values(config: config, origin: origin)
        func path(_ key: String, default defaultValue: String) throws(ConfigurationError) -> String {
            let value = try values.string(key, default: defaultValue)
            return value.hasPrefix("/") ? value : FileManager.default.currentDirectoryPath + "/" + value
        }
        self.stateDirectory = try path("state.directory", default: "/var/lib/msghost")
        self.runtimeDirectory = try path("runtime.directory", default: "/run/msghost")
        self.appsDirectory = try path("apps.directory", default: configDirectory + "/apps")
        let seedDefault = configDirectory + "/world.yaml"
        let seed = try values.string(
            "world.seed", default: FileManager.default.fileExists(atPath: seedDefault) ? seedDefault : "")
        self.worldSeed =
            seed.isEmpty ? nil : (seed.hasPrefix("/") ? seed : FileManager.default.currentDirectoryPath + "/" + seed)
        self.extensionEndpoint = try values.string(
            "endpoints.extension", default: "ipc://\(self.runtimeDirectory)/extensions.sock")
        self.controlEndpoint = try values.string(
            "endpoints.control", default: "ipc://\(self.runtimeDirectory)/control.sock")
        for (key, endpoint) in [
            ("endpoints.extension", self.extensionEndpoint), ("endpoints.control", self.controlEndpoint),
        ] {
            guard endpoint.hasPrefix("ipc://") || endpoint.hasPrefix("tcp://") else {
                throw values.error(key, "must be an ipc:// or tcp:// endpoint, got \"\(endpoint)\"")
            }
        }
        guard self.extensionEndpoint != self.controlEndpoint else {
            throw ConfigurationError(
                "endpoints.extension and endpoints.control must differ (both are \(self.controlEndpoint))")
        }
        self.curve = CurveClients(
            controlKeys: try values.keys("curve.controlKeys"), extensionKeys: try values.keys("curve.extensionKeys"))
        try self.curve.check(
            endpoint: self.controlEndpoint, key: "endpoints.control", keysKey: "curve.controlKeys",
            keys: self.curve.controlKeys)
        try self.curve.check(
            endpoint: self.extensionEndpoint, key: "endpoints.extension", keysKey: "curve.extensionKeys",
            keys: self.curve.extensionKeys)
        var host = HostSettings()
        host.interactionWindowMs = try values.integer("interaction.windowMs", default: host.interactionWindowMs)
        host.launchTimeoutMs = try values.integer("extensions.launchTimeoutMs", default: host.launchTimeoutMs)
        host.responseTimeoutMs = try values.integer("extensions.responseTimeoutMs", default: host.responseTimeoutMs)
        host.idleGraceMs = try values.integer("extensions.idleGraceMs", default: host.idleGraceMs)
        host.terminateGraceMs = try values.integer("extensions.terminateGraceMs", default: host.terminateGraceMs)
        host.killGraceMs = try values.integer("extensions.killGraceMs", default: host.killGraceMs)
        host.eventLogCapacity = Int(try values.integer("events.capacity", default: Int64(host.eventLogCapacity)))
        host.expiryMs = try values.integer("messages.expiryMs", default: host.expiryMs)
        host.crashLimit = Int(try values.integer("extensions.crashLimit", default: Int64(host.crashLimit)))
        host.crashWindowMs = try values.integer("extensions.crashWindowMs", default: host.crashWindowMs)
        let clock = try values.string("clock", default: "system")
        guard clock == "system" || clock == "manual" else {
            throw values.error("clock", "must be system or manual, got \"\(clock)\"")
        }
        host.manualClock = clock == "manual"
        self.manualClockStartMs = try values.optionalInteger("manualClock.startMs")
        if self.manualClockStartMs != nil && !host.manualClock {
            throw values.error("manualClock.startMs", "is only for clock manual (clock is \(clock))")
        }
        self.idsSeed = try values.optionalInteger("ids.seed")
        let nilSummary = try values.string("sessions.nilSummaryText", default: "")
        host.nilSummaryText = nilSummary.isEmpty ? nil : nilSummary
        self.host = host
        self.maxFrameBytes = try values.integer("limits.maxFrameBytes", default: 16 << 20)
        self.messageCache = Int(try values.integer("history.messageCache", default: 1_024))
        self.logLevel = try values.string("log.level", default: "info")
        let levels = ["trace", "debug", "info", "notice", "warning", "error", "critical"]
        guard levels.contains(self.logLevel) else {
            throw values.error(
                "log.level", "must be one of \(levels.joined(separator: ", ")), got \"\(self.logLevel)\"")
        }
    }
}

/// Reads keys so that a value that is present but of the wrong type is an error naming the
/// key, not a silent fall back to the default (which `ConfigReader.int(forKey:default:)` does).
private struct Values {
    let config: ConfigReader
    let origin: (String) -> String

    /// An integer within its range in `NumericRanges.daemon` (the default is checked too, so a
    /// key missing from that table fails every test that loads a configuration).
    func integer(_ key: String, default defaultValue: Int64) throws(ConfigurationError) -> Int64 {
        let value: Int64
        do {
            value = Int64(try self.config.requiredInt(forKey: ConfigKey(key)))
        } catch {
            value = try self.defaultIfMissing(key, error, defaultValue, expected: "an integer")
        }
        return try NumericRanges.check(value, key, in: NumericRanges.daemon, origin: self.origin(key))
    }

    /// An integer within its range, or nil when the key is not given.
    func optionalInteger(_ key: String) throws(ConfigurationError) -> Int64? {
        let value: Int64
        do {
            value = Int64(try self.config.requiredInt(forKey: ConfigKey(key)))
        } catch {
            guard let given = try self.defaultIfMissing(key, error, Int64?.none, expected: "an integer") else {
                return nil
            }
            value = given
        }
        return try NumericRanges.check(value, key, in: NumericRanges.daemon, origin: self.origin(key))
    }

    func string(_ key: String, default defaultValue: String) throws(ConfigurationError) -> String {
        precondition(DaemonConfiguration.stringKeys.contains(key), "\(key) is not in DaemonConfiguration.stringKeys")
        do {
            return try self.config.requiredString(forKey: ConfigKey(key))
        } catch {
            return try self.defaultIfMissing(key, error, defaultValue, expected: "a string")
        }
    }

    /// A list of CURVE public keys, each checked to be 40 characters of Z85.
    func keys(_ key: String) throws(ConfigurationError) -> [String] {
        precondition(DaemonConfiguration.listKeys.contains(key), "\(key) is not in DaemonConfiguration.listKeys")
        let keys: [String]
        do {
            keys = try self.config.requiredStringArray(forKey: ConfigKey(key))
        } catch {
            keys = try self.defaultIfMissing(key, error, [], expected: "a list of CURVE public keys")
        }
        for (index, value) in keys.enumerated() where !CurveClients.isKey(value) {
            throw self.error(
                key,
                "[\(index)] must be a CURVE public key (40 characters of Z85, as `msghostctl keygen` prints), got \"\(value)\""
            )
        }
        return keys
    }

    /// An error about `key`'s value, prefixed with where the value came from.
    func error(_ key: String, _ problem: String) -> ConfigurationError {
        ConfigurationError("\(self.origin(key)): \(key) \(problem)")
    }

    /// swift-configuration's error type is package-internal; its documented description tells
    /// a missing value from one that failed to convert.
    private func defaultIfMissing<T>(_ key: String, _ error: any Error, _ defaultValue: T, expected: String)
        throws(ConfigurationError) -> T
    {
        guard "\(error)".hasPrefix("Missing required config value") else {
            throw self.error(key, "must be \(expected) (\(error))")
        }
        return defaultValue
    }
}

/// A configuration problem, said so that the user knows which key or file to fix.
public struct ConfigurationError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
