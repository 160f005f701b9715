import Foundation
import MsgHostProtocol
import MsgHostTesting
import Testing

/// Real iMessage-app flows, each run by real extension processes against a real daemon.
@Suite(.serialized) struct FlowTests {
    /// WWDC 2016 session 224: Amber, Ben and Chris build one ice cream together.
    @Test func iceCreamAcrossThreePeople() throws {
        let app = "com.example.icecream"
        try TestDaemon.with(apps: [.fixture("icecream.py", bundleID: app)], world: .amberBenChris) { daemon in
            let conversation = daemon.conversation
            func send(_ device: String) throws {
                try daemon.control(.send, InputFieldRequest(device: device, conversation: conversation))
            }
            // Amber starts it from the drawer: a cone.
            try daemon.open(app, on: "amber-iphone")
            try daemon.touch("amber-iphone", payload: .object(["pick": .string("cone")]))
            try send("amber-iphone")
            // Ben taps Amber's bubble and adds scoops; Chris taps Ben's and adds the topping.
            for (device, pick) in [("ben-iphone", "vanilla"), ("chris-iphone", "chocolate")] {
                let last = try #require(try daemon.transcript(device).last)
                let tap = try daemon.control(
                    .tap, TapRequest(device: device, conversation: conversation, entry: last.entry), as: TapResult.self)
                #expect(tap.action == "selected")
                try daemon.touch(device, payload: .object(["pick": .string(pick)]))
                try send(device)
            }
            // Every device: the earlier steps collapsed into their summaries, the finished
            // ice cream last, named with that device's contact names.
            for device in ["amber-iphone", "ben-iphone", "chris-iphone"] {
                let entries = try daemon.transcript(device)
                #expect(entries.map(\.kind) == ["summary", "summary", "message"], "\(device)")
                #expect(entries.map(\.text) == ["Amber chose cone", "Ben chose vanilla", nil], "\(device)")
                #expect(entries.last?.rendered?.caption == "Your ice cream is ready!")
                #expect(entries.last?.rendered?.summaryText == "Chris finished the ice cream")
            }
            // The finished message is selectable, with the whole ice cream in it.
            let finished = try #require(try daemon.transcript("amber-iphone").last)
            let tap = try daemon.control(
                .tap, TapRequest(device: "amber-iphone", conversation: conversation, entry: finished.entry),
                as: TapResult.self)
            let selected = try Self.selectedURL(daemon, app: app, instance: try #require(tap.instance))
            #expect(selected == "https://icecream.example/?base=cone&scoops=vanilla&topping=chocolate")
        }
    }

    /// The blog post's corrections/translation app: Chris asks, Miu answers in the same session.
    @Test func correctionsAndTranslation() throws {
        let app = "com.example.corrections"
        let world = TestDaemon.World(
            members: [
                .init(handle: "chris@example.com", name: "Chris", devices: [("chris-iphone", "ios17")]),
                .init(handle: "miu@example.com", name: "Miu", devices: [("miu-iphone", "ios17")]),
            ], conversation: "chris-miu")
        try TestDaemon.with(apps: [.fixture("corrections.py", bundleID: app)], world: world) { daemon in
            let conversation = daemon.conversation
            func send(_ device: String) throws {
                try daemon.control(.send, InputFieldRequest(device: device, conversation: conversation))
            }
            func answer(_ device: String, _ payload: JSONValue) throws {
                let last = try #require(try daemon.transcript(device).last { $0.kind == "message" })
                try daemon.control(
                    .tap, TapRequest(device: device, conversation: conversation, entry: last.entry), as: TapResult.self)
                try daemon.touch(device, payload: payload)
                try send(device)
            }
            try daemon.open(app, on: "chris-iphone")
            try daemon.touch(
                "chris-iphone", payload: .object(["ask": .string("correction"), "question": .string("週末、東京で行きましたか。")]))
            try send("chris-iphone")
            try answer("miu-iphone", .object(["answer": .string("incorrect"), "text": .string("週末、東京に行きましたか。")]))
            try daemon.control(
                .typeText, TypeTextRequest(device: "miu-iphone", conversation: conversation, text: "はい、東京に行きました！"))
            try send("miu-iphone")

            let chris = try daemon.transcript("chris-iphone")
            #expect(chris.map(\.kind) == ["summary", "message", "text"])
            #expect(chris[0].text == "Chris asked for a correction")
            #expect(chris[1].senderName == "Miu")
            #expect(chris[1].rendered?.subcaption == "週末、東京で行きましたか。")
            #expect(chris[1].rendered?.trailingCaption == "週末、東京に行きましたか。")
            #expect(chris[2].text == "はい、東京に行きました！")

            // Translation: a new session, next to the first one.
            try daemon.touch(
                "chris-iphone",
                payload: .object([
                    "ask": .string("translation"), "question": .string("Did you go to Tokyo last weekend?"),
                ]))
            try send("chris-iphone")
            try answer("miu-iphone", .object(["answer": .string("known"), "text": .string("週末、東京に行きましたか。")]))
            let after = try daemon.transcript("chris-iphone")
            #expect(after.map(\.kind) == ["summary", "message", "text", "summary", "message"])
            #expect(after.last?.rendered?.trailingCaption == "週末、東京に行きましたか。")
            #expect(after[1].message?.session != after[4].message?.session)
        }
    }

    /// The URL of the message `instance` was last given as selected.
    static func selectedURL(_ daemon: TestDaemon, app: String, instance: String) throws -> String? {
        try daemon.fixtureLog(app).reversed().lazy.compactMap { record -> String? in
            guard case .object(let body) = record["body"], body["instance"] == .string(instance),
                case .object(let conversation) = body["conversation"],
                case .object(let selected) = conversation["selectedMessage"],
                case .string(let url) = selected["url"]
            else { return nil }
            return url
        }.first
    }
}
