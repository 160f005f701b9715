import Foundation
import MsgHostProtocol
import MsgHostTesting
import Testing

/// Delivery control (SPEC §5): the WWDC 2016 group race, reproducible in both orders.
@Suite(.serialized) struct DeliveryTests {
    static let app = "com.example.recorder"

    /// A sendMessage op in the selected message's session.
    static func reply(_ caption: String) -> JSONValue {
        .object([
            "ops": .array([
                .object([
                    "request": .string("sendMessage"),
                    "body": .object([
                        "instance": .string("$instance"),
                        "message": .object([
                            "session": .string("$selectedSession"),
                            "summaryText": .string("$caption".replacingOccurrences(of: "$caption", with: caption)),
                            "url": .string("https://icecream.example/?topping=\(caption)"),
                            "layout": .object(["type": .string("template"), "caption": .string(caption)]),
                        ]),
                    ]),
                ])
            ])
        ])
    }

    /// Ben asks; Amber and Chris tap his question and reply at the same moment while Ben's
    /// deliveries are held; then they arrive in `order`. Returns Ben's transcript and what his
    /// extension gets when he taps the last bubble.
    static func race(order: String) throws -> (kinds: [String], texts: [String?], last: String?, selectedURL: String?) {
        var result: ([String], [String?], String?, String?) = ([], [], nil, nil)
        try TestDaemon.with(apps: [.fixture("recorder.py", bundleID: Self.app)], world: .amberBenChris) { daemon in
            let conversation = daemon.conversation
            try daemon.open(Self.app, on: "ben-iphone")
            try daemon.touch(
                "ben-iphone",
                payload: .object([
                    "ops": .array([
                        .object([
                            "request": .string("sendMessage"),
                            "body": .object([
                                "instance": .string("$instance"),
                                "message": .object([
                                    "session": .string("TOPPING"),
                                    "summaryText": .string("Chocolate sauce or sprinkles?"),
                                    "layout": .object([
                                        "type": .string("template"), "caption": .string("Which topping?"),
                                    ]),
                                ]),
                            ]),
                        ])
                    ])
                ]))
            try daemon.control(.delivery, DeliveryRequest(device: "ben-iphone", hold: true))
            for (device, topping) in [("amber-iphone", "chocolate"), ("chris-iphone", "sprinkles")] {
                let question = try #require(try daemon.transcript(device).last)
                try daemon.control(
                    .tap, TapRequest(device: device, conversation: conversation, entry: question.entry),
                    as: TapResult.self)
                try daemon.touch(device, payload: Self.reply(topping))
            }
            #expect(try daemon.transcript("ben-iphone").map(\.kind) == ["message"], "both replies are held")
            let released = try daemon.control(
                .release, ReleaseRequest(device: "ben-iphone", order: order), as: ReleaseResult.self)
            #expect(released.released.count == 2)
            let entries = try daemon.transcript("ben-iphone")
            let last = try #require(entries.last)
            let tap = try daemon.control(
                .tap, TapRequest(device: "ben-iphone", conversation: conversation, entry: last.entry),
                as: TapResult.self)
            let url = try FlowTests.selectedURL(daemon, app: Self.app, instance: try #require(tap.instance))
            result = (entries.map(\.kind), entries.map(\.text), last.senderName, url)
        }
        return result
    }

    @Test func theGroupRaceInSentOrder() throws {
        let race = try Self.race(order: "sent")
        #expect(race.kinds == ["summary", "summary", "message"])
        #expect(race.texts == ["Chocolate sauce or sprinkles?", "chocolate", nil])
        #expect(race.last == "Chris")
        #expect(
            race.selectedURL == "https://icecream.example/?topping=sprinkles", "only the tapped message is available")
    }

    @Test func theGroupRaceTheOtherWayAround() throws {
        let race = try Self.race(order: "reverse")
        #expect(race.kinds == ["summary", "summary", "message"])
        #expect(race.texts == ["Chocolate sauce or sprinkles?", "sprinkles", nil])
        #expect(race.last == "Amber")
        #expect(race.selectedURL == "https://icecream.example/?topping=chocolate")
    }

    @Test func latencyDelaysArrival() throws {
        try TestDaemon.with { daemon in
            try daemon.control(.delivery, DeliveryRequest(device: "john-iphone", latencyMs: 300))
            try daemon.open(on: "kate-iphone")
            try daemon.touch("kate-iphone")
            #expect(try daemon.transcript("john-iphone").isEmpty)
            #expect(try daemon.transcript("kate-iphone").count == 1, "the sender's own device has it at once")
            try daemon.eventually("the message arrives after its latency") {
                try daemon.transcript("john-iphone").count == 1
            }
        }
    }
}
