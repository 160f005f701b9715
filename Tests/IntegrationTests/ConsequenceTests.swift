import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting
import Testing

/// What a control reply and `settle` wait for (PROTOCOL.md §7, "Settled"), and how touches
/// arm sends (§4.5), each against a real daemon and real extensions.
@Suite(.serialized) struct ConsequenceTests {
    static let app = "com.example.recorder"

    /// A touch payload that makes the recorder fixture send one template message.
    static let sendOne: JSONValue = .object([
        "ops": .array([
            .object([
                "request": .string("sendMessage"),
                "body": .object([
                    "instance": .string("$instance"),
                    "message": .object(["layout": .object(["type": .string("template"), "caption": .string("hello")])]),
                ]),
            ])
        ])
    ])

    static func recorder(slow: String = "") -> TestDaemon.App {
        var app = TestDaemon.App.fixture("recorder.py", bundleID: Self.app)
        if !slow.isEmpty { app.env["FIXTURE_SLOW"] = slow }
        return app
    }

    /// Kate's touch makes her extension send; John's extension takes 400 ms over `didReceive`.
    /// The touch is answered only after John's extension acknowledged it.
    @Test func aTouchIsAnsweredOnlyOnceTheReceiversCallbacksWereAcknowledged() throws {
        try TestDaemon.with(apps: [Self.recorder(slow: "didReceive:400")]) { daemon in
            try daemon.open(Self.app, on: "kate-iphone")
            let john = try daemon.open(Self.app, on: "john-iphone")
            let started = Date()
            try daemon.touch("kate-iphone", payload: Self.sendOne)
            let elapsed = Date().timeIntervalSince(started)
            #expect(try daemon.callbacks(Self.app, instance: john.instance).last == "didReceive")
            #expect(
                elapsed >= 0.4,
                "the touch was answered after \(elapsed) s, before John's didReceive (400 ms) was acknowledged")
        }
    }

    /// On the system clock, `settle` waits for a delivery delayed by latency to arrive.
    @Test func settleWaitsForADelayedDeliveryOnTheSystemClock() throws {
        try TestDaemon.with(apps: [Self.recorder()]) { daemon in
            try daemon.control(.delivery, DeliveryRequest(device: "john-iphone", latencyMs: 300))
            try daemon.open(Self.app, on: "kate-iphone")
            try daemon.touch("kate-iphone", payload: Self.sendOne)
            #expect(try daemon.transcript("john-iphone").isEmpty, "still on its way right after the touch")
            try daemon.settle()
            #expect(
                try daemon.transcript("john-iphone").map(\.kind) == ["message"],
                "settle returned before the delayed delivery arrived")
        }
    }

    /// On the manual clock a delayed delivery waits for `advanceClock`, so `settle` does not
    /// wait for it (it would wait forever); it arrives once the clock passes its time.
    @Test func settleOnTheManualClockWaitsOnlyForWhatIsDue() throws {
        try TestDaemon.with(apps: [Self.recorder()], settings: ["clock": "manual"]) { daemon in
            try daemon.control(.delivery, DeliveryRequest(device: "john-iphone", latencyMs: 300))
            try daemon.open(Self.app, on: "kate-iphone")
            try daemon.touch("kate-iphone", payload: Self.sendOne)
            try daemon.settle()
            #expect(try daemon.transcript("john-iphone").isEmpty)
            try daemon.advance(300)
            try daemon.settle()
            #expect(try daemon.transcript("john-iphone").map(\.kind) == ["message"])
        }
    }

    /// Three touches sent while the first one's handler is still busy: each arms one send
    /// when its callback reaches the view, so all three sends go.
    @Test func touchesInQuickSuccessionEachArmOneSend() throws {
        try TestDaemon.with(apps: [Self.recorder(slow: "touch:300")]) { daemon in
            try daemon.open(Self.app, on: "kate-iphone")
            let touches = (0..<3).map { _ in
                daemon.detached { client in
                    try client.request(
                        .touch, TouchRequest(device: "kate-iphone", payload: Self.sendOne), as: Empty.self)
                }
            }
            for touch in touches { _ = try touch.value() }
            let sends = try daemon.requestReplies(Self.app).filter { $0.request == "sendMessage" }
            #expect(sends.count == 3)
            #expect(sends.allSatisfy { $0.code == nil }, "codes: \(sends.map(\.code))")
            #expect(try daemon.transcript("john-iphone").count == 3)
        }
    }
}
