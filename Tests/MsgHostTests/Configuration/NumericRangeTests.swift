import Foundation
import MsgHostCore
import Testing

@testable import MsgHost

/// Pins down that every number msghostd reads from msghostd.yaml, a `MSGHOSTD_` variable or an
/// app manifest is held to its range in `NumericRanges` where it enters: the bounds load, and
/// values past them (one past, negative, 2^63−1) are errors naming the key, where it came from
/// and the range. Unchecked, 2^63−1 ms added to the clock traps the daemon.
@Suite struct NumericRangeTests {
    let directory: TemporaryDirectory
    init() throws { self.directory = try TemporaryDirectory() }

    /// Where each daemon key lands, so a test sees the value arrive and not just pass.
    static let daemonSetting: [String: @Sendable (DaemonConfiguration) -> Int64] = [
        "interaction.windowMs": { $0.host.interactionWindowMs },
        "extensions.launchTimeoutMs": { $0.host.launchTimeoutMs },
        "extensions.responseTimeoutMs": { $0.host.responseTimeoutMs },
        "extensions.idleGraceMs": { $0.host.idleGraceMs },
        "extensions.terminateGraceMs": { $0.host.terminateGraceMs },
        "extensions.killGraceMs": { $0.host.killGraceMs },
        "extensions.crashWindowMs": { $0.host.crashWindowMs },
        "extensions.crashLimit": { Int64($0.host.crashLimit) },
        "messages.expiryMs": { $0.host.expiryMs },
        "limits.maxFrameBytes": { $0.maxFrameBytes },
        "events.capacity": { Int64($0.host.eventLogCapacity) },
        "history.messageCache": { Int64($0.messageCache) },
        "manualClock.startMs": { $0.manualClockStartMs ?? -1 },
        "ids.seed": { $0.idsSeed ?? -1 },
    ]

    static let manifestSetting: [String: @Sendable (AppManifest) -> Int64?] = [
        "launchTimeoutMs": { $0.launchTimeoutMs },
        "responseTimeoutMs": { $0.responseTimeoutMs },
        "memoryLimitMB": { $0.memoryLimitMB.map(Int64.init) },
        "memoryWarningMB": { $0.memoryWarningMB.map(Int64.init) },
    ]

    /// The values just outside `bounds`, and the extremes a careless or hostile file may hold.
    static func outside(_ bounds: ClosedRange<Int64>) -> [Int64] {
        let below = bounds.lowerBound.subtractingReportingOverflow(1)
        let above = bounds.upperBound.addingReportingOverflow(1)
        let near = [below.overflow ? nil : below.partialValue, above.overflow ? nil : above.partialValue].compactMap {
            $0
        }
        return Array(Set(near + [-1, Int64.max, Int64.min]).filter { !bounds.contains($0) }).sorted()
    }

    func expectRejected(
        _ key: String, _ value: Int64, range: ClosedRange<Int64>, origin: String,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () async throws -> Void
    ) async {
        let error = await #expect(throws: ConfigurationError.self, "\(key): \(value)", sourceLocation: sourceLocation) {
            try await body()
        }
        let message = error?.description ?? ""
        #expect(message.hasPrefix(origin + ": "), "\(message)", sourceLocation: sourceLocation)
        #expect(
            message.contains("\(key) must be from \(range.lowerBound) to \(range.upperBound)"), "\(message)",
            sourceLocation: sourceLocation)
        #expect(message.contains("got \(value)"), "\(message)", sourceLocation: sourceLocation)
    }

    /// msghostd.yaml with `key` (dotted) set to `value`, as sections like the shipped file.
    func daemonFile(_ key: String, _ value: Int64) throws -> String {
        let parts = key.split(separator: ".")
        // The manual clock's start is read only with the manual clock.
        let clock = key == "manualClock.startMs" ? "clock: manual\n" : ""
        return try self.directory.write("msghostd.yaml", "\(clock)\(parts[0]):\n  \(parts[1]): \(value)\n")
    }

    func loadDaemon(path: String, environment: [String: String] = [:]) async throws -> DaemonConfiguration {
        try await DaemonConfiguration.load(path: path, allowMissing: false, environment: environment, flags: [:])
    }

    @Test func everyNumericDaemonKeyIsInTheTableAndEveryTableKeyIsRead() {
        #expect(Set(Self.daemonSetting.keys) == Set(NumericRanges.daemon.keys))
        #expect(Set(Self.manifestSetting.keys) == Set(NumericRanges.manifest.keys))
    }

    @Test(arguments: NumericRanges.daemon.keys.sorted())
    func aDaemonKeyAcceptsItsBounds(key: String) async throws {
        let bounds = try #require(NumericRanges.daemon[key]).bounds
        for value in [bounds.lowerBound, bounds.upperBound] {
            let config = try await self.loadDaemon(path: try self.daemonFile(key, value))
            #expect(Self.daemonSetting[key]?(config) == value, "\(key): \(value)")
        }
    }

    @Test(arguments: NumericRanges.daemon.keys.sorted())
    func aDaemonKeyPastItsBoundsIsAnErrorNamingTheFileKeyAndRange(key: String) async throws {
        let bounds = try #require(NumericRanges.daemon[key]).bounds
        for value in Self.outside(bounds) {
            let path = try self.daemonFile(key, value)
            await self.expectRejected(key, value, range: bounds, origin: path) {
                _ = try await self.loadDaemon(path: path)
            }
        }
    }

    @Test(arguments: [
        ("extensions.idleGraceMs", "MSGHOSTD_EXTENSIONS_IDLE_GRACE_MS"),
        ("limits.maxFrameBytes", "MSGHOSTD_LIMITS_MAX_FRAME_BYTES"),
        ("events.capacity", "MSGHOSTD_EVENTS_CAPACITY"),
    ])
    func aVariablePastItsRangeIsAnErrorNamingTheVariable(key: String, variable: String) async throws {
        let bounds = try #require(NumericRanges.daemon[key]).bounds
        let path = try self.daemonFile(key, bounds.lowerBound)  // a good value in the file, overridden
        for value in Self.outside(bounds) {
            await self.expectRejected(key, value, range: bounds, origin: variable) {
                _ = try await self.loadDaemon(
                    path: path, environment: [variable: String(value), "MSGHOSTD_OTHER": "1"])
            }
        }
        let config = try await self.loadDaemon(path: path, environment: [variable: String(bounds.upperBound)])
        #expect(Self.daemonSetting[key]?(config) == bounds.upperBound)
    }

    @Test(arguments: NumericRanges.manifest.keys.sorted())
    func aManifestKeyAcceptsItsBounds(key: String) throws {
        let bounds = try #require(NumericRanges.manifest[key]).bounds
        for value in [bounds.lowerBound, bounds.upperBound] {
            try self.directory.write("apps/app.yaml", UnknownKeyTests.minimalManifest + "\(key): \(value)\n")
            let manifest = try #require(try AppManifest.loadAll(from: self.directory.path + "/apps").first)
            #expect(Self.manifestSetting[key]?(manifest) == value, "\(key): \(value)")
        }
    }

    @Test(arguments: NumericRanges.manifest.keys.sorted())
    func aManifestKeyPastItsBoundsIsAnErrorNamingTheFileKeyAndRange(key: String) async throws {
        let bounds = try #require(NumericRanges.manifest[key]).bounds
        for value in Self.outside(bounds) {
            let path = try self.directory.write("apps/app.yaml", UnknownKeyTests.minimalManifest + "\(key): \(value)\n")
            await self.expectRejected(key, value, range: bounds, origin: path) {
                _ = try AppManifest.loadAll(from: self.directory.path + "/apps")
            }
        }
    }
}
