import ArgumentParser
import MsgHostControl
import MsgHostProtocol

struct Clock: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Move a daemon started with --clock manual forward.", subcommands: [Advance.self])

    struct Advance: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Advance the manual clock, e.g. `clock advance 500ms` or `2s`; what falls due fires.")
        @Argument(help: "A duration: 250ms, 2s, 1.5s, 1m.") var duration: String
        @OptionGroup var connection: Connection

        func run() throws {
            guard let milliseconds = Self.milliseconds(self.duration) else {
                throw ValidationError("\"\(self.duration)\" is not a duration: use 250ms, 2s, 1.5s or 1m")
            }
            try self.connection.call(
                .advanceClock, AdvanceClockRequest(milliseconds: milliseconds), as: ClockResult.self, causes: true
            ) { "now \(LocalTime.iso8601(milliseconds: $0.now))" }
        }

        static func milliseconds(_ text: String) -> Int64? {
            for (suffix, factor) in [("ms", 1.0), ("s", 1000.0), ("m", 60_000.0)] where text.hasSuffix(suffix) {
                guard let value = Double(text.dropLast(suffix.count)), value >= 0 else { return nil }
                return Int64((value * factor).rounded())
            }
            return Int64(text).flatMap { $0 >= 0 ? $0 : nil }
        }
    }
}

struct Settle: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Wait until no callback, launch, delivery or exit is in flight.")
    @OptionGroup var connection: Connection

    func run() throws {
        try self.connection.call(.settle, Empty(), as: ClockResult.self) { _ in "settled" }
    }
}

struct Reset: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lift the quarantine of an app on a device (after repeated crashes).")
    @Argument(help: "The app's bundle id.") var app: String
    @Option(help: "The device.") var device: String
    @OptionGroup var connection: Connection

    func run() throws {
        try self.connection.call(.reset, DeviceAppRequest(device: self.device, app: self.app), as: Empty.self) { _ in
            "\(self.app) may run on \(self.device) again"
        }
    }
}

struct MemoryPressure: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "memory-pressure",
        abstract: "Run a device short of memory for an app's running extension, as iOS does.",
        discussion:
            "warning sends it didReceiveMemoryWarning; critical ends it at once (reason memoryPressure), to be launched cold when next needed."
    )
    @Argument(help: "The app's bundle id.") var app: String
    @Option(help: "The device.") var device: String
    @Option(help: "warning or critical.") var level: String = "warning"
    @OptionGroup var connection: Connection

    func run() throws {
        try self.connection.call(
            .memoryPressure, MemoryPressureRequest(device: self.device, app: self.app, level: self.level),
            as: Empty.self
        ) { _ in
            self.level == "critical"
                ? "\(self.app) on \(self.device) was ended for memory"
                : "\(self.app) on \(self.device) was warned of memory"
        }
    }
}
