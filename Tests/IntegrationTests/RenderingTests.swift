import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting
import Testing

/// What each device shows (SPEC §5): fallbacks by platform and install, contact names, token
/// translation per install, and expiring messages.
@Suite(.serialized) struct RenderingTests {
    static let app = "com.example.recorder"

    /// Kate sends a live-layout message with an image (a binary frame) and `url`.
    static func kateSendsLive(_ daemon: TestDaemon, url: String, summary: String = "asked") throws {
        let files = try SampleFiles()
        let png = try Data(contentsOf: URL(fileURLWithPath: files.png(width: 400, height: 400)))
        try daemon.open(Self.app, on: "kate-iphone")
        try daemon.touch(
            "kate-iphone",
            payload: .object([
                "ops": .array([
                    .object([
                        "request": .string("sendMessage"),
                        "buffersHex": .array([.string(png.map { String(format: "%02x", $0) }.joined())]),
                        "body": .object([
                            "instance": .string("$instance"),
                            "message": .object([
                                "url": .string(url), "summaryText": .string(summary),
                                "layout": .object([
                                    "type": .string("live"),
                                    "alternateLayout": .object([
                                        "caption": .string("Pick a topping"), "image": .object(["frame": .number(0)]),
                                    ]),
                                ]),
                            ]),
                        ]),
                    ])
                ])
            ]))
    }

    static let platforms = TestDaemon.World(
        members: [
            .init(handle: TestDaemon.kate, name: "Kate Bell", devices: [("kate-iphone", "ios17")]),
            .init(
                handle: TestDaemon.john, name: "John Appleseed",
                devices: [
                    ("john-noapp", "ios17"), ("john-ios10", "ios10"), ("john-mac", "macos"), ("john-watch", "watchos"),
                    ("john-old", "legacy"),
                ]),
        ], conversation: TestDaemon.conversation, withoutApps: ["john-noapp", "john-mac", "john-watch", "john-old"])

    @Test func fallbacksForEveryPlatformAndADeviceWithoutTheApp() throws {
        try TestDaemon.with(apps: [.fixture("recorder.py", bundleID: Self.app)], world: Self.platforms) { daemon in
            try Self.kateSendsLive(daemon, url: "https://example.com/topping")
            func tap(_ device: String) throws -> TapResult {
                let entry = try #require(try daemon.transcript(device).first)
                return try daemon.control(
                    .tap, TapRequest(device: device, conversation: daemon.conversation, entry: entry.entry),
                    as: TapResult.self)
            }
            let noApp = try #require(try daemon.transcript("john-noapp").first)
            #expect(noApp.rendering == "alternate" && noApp.senderParticipantIdentifier == nil)
            #expect(
                noApp.message == nil, "no install of the app sees it there, so there is no message (PROTOCOL.md §7)")
            #expect(noApp.rendered?.caption == "Pick a topping")
            #expect(try tap("john-noapp").action == "none")

            let ios10 = try #require(try daemon.transcript("john-ios10").first)
            #expect(ios10.rendering == "alternate", "iOS 10 has no live layouts but runs the app")
            #expect(try tap("john-ios10").action == "selected")

            #expect(try daemon.transcript("john-mac").first?.rendering == "alternate")
            let mac = try tap("john-mac")
            #expect(mac.action == "openedURL" && mac.url == "https://example.com/topping")

            #expect(try daemon.transcript("john-watch").first?.rendering == "alternate")
            #expect(try tap("john-watch").action == "none")

            let old = try daemon.transcript("john-old")
            #expect(old.map(\.kind) == ["legacyImage", "legacyURL"])
            #expect(old[0].file?.mediaType == "image/png")
            #expect(old[1].text == "https://example.com/topping")
        }
    }

    @Test func legacyDevicesNeverGetDataURLs() throws {
        try TestDaemon.with(apps: [.fixture("recorder.py", bundleID: Self.app)], world: Self.platforms) { daemon in
            try Self.kateSendsLive(daemon, url: "data:text/plain;base64,aGk=")
            #expect(try daemon.transcript("john-old").map(\.kind) == ["legacyImage"])
            #expect(
                try daemon.control(
                    .tap,
                    TapRequest(
                        device: "john-mac", conversation: daemon.conversation,
                        entry: try daemon.transcript("john-mac")[0].entry), as: TapResult.self
                ).action == "none")
        }
    }

    @Test func namesComeFromEachDevicesContactsAndTokensFromEachInstall() throws {
        try TestDaemon.with(apps: [.fixture("recorder.py", bundleID: Self.app)]) { daemon in
            let kate = try daemon.participants("kate-iphone", app: Self.app)
            let john = try daemon.participants("john-iphone", app: Self.app)
            try daemon.control(.contact, ContactRequest(device: "john-iphone", person: TestDaemon.kate, name: "Katie"))
            let mine = try #require(kate.identifier(of: TestDaemon.kate))
            let his = try #require(kate.identifier(of: TestDaemon.john))
            try daemon.open(Self.app, on: "kate-iphone")
            try daemon.touch(
                "kate-iphone",
                payload: .object([
                    "ops": .array([
                        .object([
                            "request": .string("sendMessage"),
                            "body": .object([
                                "instance": .string("$instance"),
                                "message": .object([
                                    "summaryText": .string("$\(mine) invited $\(his)"),
                                    "layout": .object([
                                        "type": .string("template"), "caption": .string("From $\(mine)"),
                                    ]),
                                ]),
                            ]),
                        ])
                    ])
                ]))
            let onJohns = try #require(try daemon.transcript("john-iphone").first)
            #expect(onJohns.senderName == "Katie")
            #expect(onJohns.rendered?.caption == "From Katie")
            #expect(onJohns.rendered?.summaryText == "Katie invited John Appleseed")
            #expect(
                try daemon.transcript("kate-iphone").first?.rendered?.summaryText == "Kate Bell invited John Appleseed")
            // John's extension sees the tokens as John's install's identifiers.
            #expect(
                onJohns.message?.summaryText
                    == "$\(john.identifier(of: TestDaemon.kate)!) invited $\(john.identifier(of: TestDaemon.john)!)")
        }
    }

    @Test func expiringMessagesGoAfterBeingSeenUnlessKept() throws {
        try TestDaemon.with(apps: [.fixture("recorder.py", bundleID: Self.app)], settings: ["messages.expiryMs": "300"])
        { daemon in
            try daemon.open(Self.app, on: "kate-iphone")
            let op = { (caption: String) in
                JSONValue.object([
                    "request": .string("sendMessage"),
                    "body": .object([
                        "instance": .string("$instance"),
                        "message": .object([
                            "shouldExpire": .bool(true),
                            "layout": .object(["type": .string("template"), "caption": .string(caption)]),
                        ]),
                    ]),
                ])
            }
            try daemon.touch("kate-iphone", payload: .object(["ops": .array([op("one")])]))
            try daemon.touch("kate-iphone", payload: .object(["ops": .array([op("two")])]))
            #expect(try daemon.transcript("john-iphone").count == 2, "not seen yet: nothing expires")
            try daemon.control(.show, ShowRequest(device: "john-iphone", conversation: daemon.conversation))
            let kept = try daemon.transcript("john-iphone")[1]
            try daemon.control(
                .keep, KeepRequest(device: "john-iphone", conversation: daemon.conversation, entry: kept.entry))
            try daemon.eventually("the unkept message expires") {
                try daemon.transcript("john-iphone").map(\.entry) == [kept.entry]
            }
            #expect(try daemon.transcript("kate-iphone").count == 2, "the sender keeps what she sent")
        }
    }

    /// A live layout's `alternateLayout` is a template layout with its `"type": "template"`
    /// wherever the host sends it: the reply to the send, `didStartSending`, the transcript.
    @Test func aLiveLayoutsAlternateIsATypedTemplateOnTheWire() throws {
        try TestDaemon.with(apps: [.fixture("recorder.py", bundleID: Self.app)]) { daemon in
            try Self.kateSendsLive(daemon, url: "https://example.com/topping")
            func alternateType(_ message: JSONValue?) -> JSONValue? {
                guard case .object(let message) = message, case .object(let layout) = message["layout"],
                    case .object(let alternate) = layout["alternateLayout"]
                else { return nil }
                return alternate["type"]
            }
            func field(_ value: JSONValue?, _ key: String) -> JSONValue? {
                guard case .object(let object) = value else { return nil }
                return object[key]
            }
            let log = try daemon.fixtureLog(Self.app)
            let sent = try #require(log.first { $0["request"] == .string("sendMessage") })
            #expect(alternateType(field(sent["reply"], "message")) == .string("template"), "the reply to sendMessage")
            let started = try #require(log.first { $0["callback"] == .string("didStartSending") })
            #expect(alternateType(field(started["body"], "message")) == .string("template"), "didStartSending")
            let raw = try daemon.control.requestRaw(
                .transcript,
                body: WireJSON.encode(TranscriptRequest(device: "john-iphone", conversation: daemon.conversation)))
            let reply = try JSONDecoder().decode(JSONValue.self, from: Data(raw.body))
            guard case .array(let entries) = field(reply, "entries") else { return #expect(Bool(false), "no entries") }
            #expect(alternateType(field(entries.first, "message")) == .string("template"), "the transcript")
        }
    }
}
