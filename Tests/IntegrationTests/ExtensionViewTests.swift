import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting
import Testing

/// What an extension shows (PROTOCOL.md §4.9), against a real daemon and a real extension
/// process (Tests/Fixtures/viewer.py, which sets a view as each instance becomes active): the
/// view is shown by control `view` with its image stored; `activate` is a user touch carrying
/// the button's payload, id and text fields, and allows exactly one direct send; a live
/// bubble's instance cannot set a view; bad views are refused naming the field; and the view
/// goes when the app closes.
@Suite(.serialized) struct ExtensionViewTests {
    static let app = "com.example.viewer"
    static let viewer = TestDaemon.App.fixture("viewer.py", bundleID: app)

    /// The replies the fixture got to its `setView` requests, with the device's process they came to.
    static func setViewReplies(_ daemon: TestDaemon) throws -> [[String: JSONValue]] {
        try daemon.fixtureLog(Self.app).compactMap { record in
            guard record["request"] == .string("setView"), case .object(let reply) = record["reply"] else { return nil }
            return reply
        }
    }

    static func error(_ reply: [String: JSONValue]) -> (code: Int, name: String, description: String)? {
        guard case .object(let error) = reply["error"], case .number(let code) = error["code"],
            case .string(let name) = error["name"],
            case .string(let description) = error["description"]
        else { return nil }
        return (Int(code), name, description)
    }

    @Test func theViewIsShownAndActivatingAButtonIsATouchThatAllowsOneSend() throws {
        try TestDaemon.with(apps: [Self.viewer]) { daemon in
            let opened = try daemon.open(Self.app, on: "kate-iphone")
            let shown = try daemon.view("kate-iphone")
            #expect(shown.app == Self.app && shown.instance == opened.instance && shown.presentationStyle == .compact)
            let elements = try #require(shown.view?.elements)
            #expect(elements.count == 5)
            #expect(elements.first == .text("Viewer", style: .title))
            guard case .image(let image, let label, let width, let height) = elements[1] else {
                throw TestDaemonError(description: "no image: \(elements[1])")
            }
            #expect(label == "a square" && width == 40 && height == 40 && image.frame == nil)
            // The image is the daemon's stored copy of the bytes the extension sent.
            let stored = try Data(contentsOf: try #require(image.url.flatMap(URL.init(string:))))
            #expect(stored.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) && stored.count == 74)
            #expect(try daemon.events(kind: "viewChanged").map(\.elements) == [9])

            // The send button: one touch with its payload, one send.
            try daemon.activate("kate-iphone", button: "send", fields: ["other": "typed"])
            #expect(try daemon.transcript("john-iphone").map(\.text) == ["from the view"])
            let touch = try #require(try daemon.fixtureLog(Self.app).last { $0["callback"] == .string("touch") })
            guard case .object(let body) = touch["body"] else {
                throw TestDaemonError(description: "touch without a body")
            }
            #expect(body["button"] == .string("send"))
            #expect(body["fields"] == .object(["note": .string("default"), "other": .string("typed")]))
            guard case .object(let payload) = body["payload"] else {
                throw TestDaemonError(description: "touch without the button's payload")
            }
            #expect(payload["ops"] != nil)

            // Send twice: the touch allows one; the second is refused with Apple's 9.
            try daemon.activate("kate-iphone", button: "twice")
            #expect(try daemon.transcript("john-iphone").map(\.text) == ["from the view", "first"])
            let refused = try daemon.events(kind: "sendRefused")
            #expect(refused.map(\.code) == [MessagesErrorCode.sendWithoutRecentInteraction.rawValue])
            #expect(refused.map(\.name) == ["sendWithoutRecentInteraction"])
            #expect(
                try daemon.requestReplies(Self.app).filter { $0.request == "sendText" }.map(\.code) == [nil, nil, 9])

            // What the view does not have is refused by name, and is no touch.
            for (button, fields, word) in [
                ("nope", nil, "nope"), ("off", nil, "disabled"), ("send", ["bogus": "x"], "fields.bogus"),
            ] as [(String, [String: String]?, String)] {
                let error = #expect(throws: WireError.self) {
                    try daemon.activate("kate-iphone", button: button, fields: fields)
                }
                #expect(error?.isControl(.invalidRequest) == true)
                #expect(error?.description.contains(word) == true, "\(error?.description ?? "")")
            }
            #expect(try daemon.transcript("john-iphone").count == 2)
        }
    }

    @Test func aLiveBubblesInstanceCannotSetAView() throws {
        try TestDaemon.with(apps: [Self.viewer]) { daemon in
            try daemon.open(Self.app, on: "kate-iphone")
            try daemon.activate("kate-iphone", button: "live")
            try daemon.control(.show, ShowRequest(device: "john-iphone", conversation: daemon.conversation))
            try daemon.settle()
            // Kate's main instance, then the live bubble's instance on each phone showing it.
            let replies = try Self.setViewReplies(daemon)
            #expect(replies.count == 3)
            #expect(replies.first?["status"] == .string("ok"))
            for reply in replies.dropFirst() {
                let refusal = try #require(Self.error(reply))
                #expect(
                    refusal.code == MessagesErrorCode.apiUnavailableInPresentationContext.rawValue
                        && refusal.name == "apiUnavailableInPresentationContext")
                #expect(refusal.description.contains("transcript"))
            }
            #expect(try daemon.view("kate-iphone").view?.elements.count == 5, "the main instance keeps its view")
            #expect(try daemon.view("john-iphone") == ViewResult())
            #expect(try daemon.events(kind: "requestRefused").last?.name == "apiUnavailableInPresentationContext")
        }
    }

    @Test func badViewsAreRefusedNamingTheField() throws {
        try TestDaemon.with(apps: [Self.viewer]) { daemon in
            try daemon.open(Self.app, on: "kate-iphone")
            let cases: [(view: JSONValue, buffersHex: [String], code: Int, field: String)] = [
                (.object(["elements": .array([.object(["type": .string("slider")])])]), [], 7, "view.elements[0].type"),
                (
                    .object([
                        "elements": .array([
                            .object(["type": .string("text"), "text": .string("a"), "colour": .string("red")])
                        ])
                    ]), [], 7, "colour"
                ),
                (
                    .object([
                        "elements": .array([
                            .object([
                                "type": .string("row"),
                                "elements": .array([
                                    .object(["type": .string("button"), "id": .string(""), "title": .string("x")])
                                ]),
                            ])
                        ])
                    ]), [], 7, "view.elements[0].elements[0].id"
                ),
                (
                    .object([
                        "elements": .array([
                            .object([
                                "type": .string("image"), "image": .object(["frame": .number(0)]),
                                "width": .number(5000),
                            ])
                        ])
                    ]),
                    ["89504e47"], 7, "view.elements[0].width"
                ),
                (
                    .object([
                        "elements": .array([
                            .object(["type": .string("image"), "image": .object(["frame": .number(0)])])
                        ])
                    ]),
                    ["255044462d312e340a"], 3, "view.elements[0].image"
                ),
            ]
            let ops: [JSONValue] = cases.map { item in
                .object([
                    "request": .string("setView"),
                    "body": .object(["instance": .string("$instance"), "view": item.view]),
                    "buffersHex": .array(item.buffersHex.map(JSONValue.string)),
                ])
            }
            try daemon.touch("kate-iphone", payload: .object(["ops": .array(ops)]))
            let replies = try Self.setViewReplies(daemon).dropFirst()
            try #require(replies.count == cases.count)
            for (reply, item) in zip(replies, cases) {
                let error = try #require(Self.error(reply), "\(item.field) was accepted")
                #expect(error.code == item.code, "\(item.field): \(error.description)")
                #expect(error.description.contains(item.field), "\(error.description)")
            }
            // Rows nested as deep as the extension's JSON encoder goes: refused, and the daemon
            // (which decodes them by recursion) goes on.
            for depth in [200, 450] {
                try daemon.touch("kate-iphone", payload: .object(["deepView": .number(Double(depth))]))
                let deepReply = try #require(try Self.setViewReplies(daemon).last)
                let error = try #require(Self.error(deepReply), "a view \(depth) rows deep was accepted")
                #expect([1, 7].contains(error.code), "\(deepReply)")
            }

            // The good view the app set first is still there.
            #expect(try daemon.view("kate-iphone").view?.elements.count == 5)
        }
    }

    @Test func theViewGoesWhenTheAppCloses() throws {
        try TestDaemon.with(apps: [Self.viewer]) { daemon in
            try daemon.open(Self.app, on: "kate-iphone")
            #expect(try daemon.view("kate-iphone").view != nil)
            try daemon.close("kate-iphone")
            #expect(try daemon.view("kate-iphone") == ViewResult())
            #expect(try daemon.events(kind: "viewChanged").map(\.elements) == [9, 0])
            let error = #expect(throws: WireError.self) { try daemon.activate("kate-iphone", button: "send") }
            #expect(error?.isControl(.invalidState) == true)
        }
    }
    @Test func msghostctlPrintsTheViewAndActivatesAButton() throws {
        try TestDaemon.with(apps: [Self.viewer]) { daemon in
            try daemon.open(Self.app, on: "kate-iphone")
            let endpoint = ["--endpoint", daemon.control.endpoint]
            let shown = try CommandRun(TestPaths.msghostctl, ["view", "kate-iphone"] + endpoint)
            #expect(shown.status == 0, "\(shown.stderr)")
            let lines = shown.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("\(Self.app) on kate-iphone (compact, instance ") == true, "\(shown.stdout)")
            #expect(lines.contains("  text (title): Viewer"))
            #expect(lines.contains { $0.hasPrefix("  image 40×40: file://") && $0.hasSuffix(" — a square") })
            #expect(lines.contains("    [Off] button off (disabled)"))
            #expect(lines.contains("  text field note: \"default\" (placeholder: A note)"))
            let json = try CommandRun(TestPaths.msghostctl, ["view", "kate-iphone", "--json"] + endpoint)
            #expect(try WireJSON.decode(ViewResult.self, from: Array(json.stdout.utf8)).view?.elements.count == 5)

            let activated = try CommandRun(
                TestPaths.msghostctl, ["activate", "kate-iphone", "send", "--field", "other=a=b"] + endpoint)
            #expect(
                activated.status == 0 && activated.stdout.contains("activated send on kate-iphone"),
                "\(activated.stderr)")
            #expect(try daemon.transcript("john-iphone").map(\.text) == ["from the view"])
            let touch = try #require(try daemon.fixtureLog(Self.app).last { $0["callback"] == .string("touch") })
            guard case .object(let body) = touch["body"] else {
                throw TestDaemonError(description: "touch without a body")
            }
            #expect(body["fields"] == .object(["note": .string("default"), "other": .string("a=b")]))

            let refused = try CommandRun(TestPaths.msghostctl, ["activate", "kate-iphone", "nope"] + endpoint)
            #expect(refused.status != 0 && refused.stderr.contains("nope"), "\(refused.stdout) \(refused.stderr)")
            let bad = try CommandRun(
                TestPaths.msghostctl, ["activate", "kate-iphone", "send", "--field", "noequals"] + endpoint)
            #expect(bad.status != 0 && bad.stderr.contains("id=value"), "\(bad.stderr)")
            try daemon.close("kate-iphone")
            #expect(
                try CommandRun(TestPaths.msghostctl, ["view", "kate-iphone"] + endpoint).stdout.contains(
                    "no app is open on kate-iphone"))
        }
    }
}
