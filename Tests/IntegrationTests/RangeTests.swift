import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting
import Testing

/// Numbers in control requests are range-checked where they enter (PROTOCOL.md §7): the
/// extremes are `invalidRequest` naming the field and its range, and the daemon goes on —
/// no value can overflow a timer and trap it.
@Suite(.serialized) struct RangeTests {
    static let app = "com.example.recorder"
    static let sendText: JSONValue = .object([
        "ops": .array([
            .object([
                "request": .string("sendText"),
                "body": .object([
                    "instance": .string("$instance"), "text": .string("still here"),
                ]),
            ])
        ])
    ])

    static func expectInvalid(_ field: String, _ request: () throws -> Void) {
        do {
            try request()
            Issue.record("\(field): an out-of-range value was accepted")
        } catch let error as WireError {
            #expect(error.isControl(.invalidRequest), "\(field): \(error)")
            #expect(
                error.description.contains(field) && error.description.contains(" to "),
                "names the field and the range: \(error.description)")
        } catch {
            Issue.record("\(field): \(error)")
        }
    }

    /// Then the daemon still launches, sends, delivers and runs timers.
    static func expectServing(_ daemon: TestDaemon) throws {
        try daemon.open(Self.app, on: "kate-iphone")
        try daemon.touch("kate-iphone", payload: Self.sendText)
        try daemon.settle()
        #expect(daemon.isRunning)
        #expect(try daemon.transcript("john-iphone").last?.text == "still here")
    }

    @Test func advanceClockPastTheLimitIsRefused() throws {
        try TestDaemon.with(apps: [.fixture("recorder.py", bundleID: Self.app)], settings: ["clock": "manual"]) {
            daemon in
            for value in [Int64.max, Int64.max - 1_000, 3_155_760_000_001, -1, Int64.min] {
                Self.expectInvalid("milliseconds") { try daemon.advance(value) }
            }
            // The largest step allowed, twice: the clock moves, timers still fire.
            try daemon.advance(3_155_760_000_000)
            try daemon.advance(3_155_760_000_000)
            try Self.expectServing(daemon)
            try daemon.close("kate-iphone")
            try daemon.advance(1_000)  // idle grace, terminate, kill: timers past 200 years
            try daemon.settle()
            #expect(try daemon.status().extensions.isEmpty)
        }
    }

    @Test func aHugeDeliveryLatencyIsRefused() throws {
        try TestDaemon.with(apps: [.fixture("recorder.py", bundleID: Self.app)]) { daemon in
            for value in [Int64.max, 86_400_001, -1, Int64.min] {
                Self.expectInvalid("latencyMs") {
                    try daemon.control(.delivery, DeliveryRequest(device: "john-iphone", latencyMs: value))
                }
            }
            try Self.expectServing(daemon)
        }
    }

    @Test func anEntryIDBelowOneIsRefused() throws {
        try TestDaemon.with(apps: [.fixture("recorder.py", bundleID: Self.app)]) { daemon in
            for entry in [0, -1, Int.min] {
                Self.expectInvalid("entry") {
                    try daemon.control(
                        .tap, TapRequest(device: "john-iphone", conversation: daemon.conversation, entry: entry),
                        as: TapResult.self)
                }
                Self.expectInvalid("entry") {
                    try daemon.control(
                        .keep, KeepRequest(device: "john-iphone", conversation: daemon.conversation, entry: entry))
                }
            }
            try Self.expectServing(daemon)
        }
    }

    @Test func aNegativeEventSequenceIsRefused() throws {
        try TestDaemon.with(apps: [.fixture("recorder.py", bundleID: Self.app)]) { daemon in
            Self.expectInvalid("after") { try daemon.control(.events, EventsRequest(after: -1), as: EventsResult.self) }
            Self.expectInvalid("after") { try daemon.control(.subscribe, SubscribeRequest(after: Int.min)) }
            #expect(try daemon.control(.events, EventsRequest(after: Int.max), as: EventsResult.self).events.isEmpty)
            try Self.expectServing(daemon)
        }
    }
}
