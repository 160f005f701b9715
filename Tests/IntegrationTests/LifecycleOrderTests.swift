import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting
import Testing

/// Every lifecycle order of SPEC §3, compared as whole sequences of what a real extension
/// process received (the recorder fixture logs each callback before acknowledging it).
@Suite(.serialized) struct LifecycleOrderTests {
    static let app = "com.example.recorder"
    static let recorder = TestDaemon.App.fixture("recorder.py", bundleID: app)
    static let coldStart = ["willBecomeActive", "didBecomeActive", "viewWillAppear", "viewDidAppear"]
    static let resign = ["viewWillDisappear", "viewDidDisappear", "willResignActive", "didResignActive"]

    /// Kate opens the recorder and sends a template message with `ops`; returns its entry on John's phone.
    static func kateSends(
        _ daemon: TestDaemon, layout: JSONValue = .object(["type": .string("template"), "caption": .string("Hi")])
    ) throws -> Int {
        try daemon.open(app, on: "kate-iphone")
        let op: JSONValue = .object([
            "request": .string("sendMessage"),
            "body": .object([
                "instance": .string("$instance"),
                "message": .object([
                    "url": .string("https://example.com/?q=1"), "session": .string("S1"),
                    "summaryText": .string("asked"), "layout": layout,
                ]),
            ]),
        ])
        try daemon.touch("kate-iphone", payload: .object(["ops": .array([op])]))
        return try #require(try daemon.transcript("john-iphone").last?.entry)
    }

    static func ops(_ ops: JSONValue...) -> JSONValue { .object(["ops": .array(ops)]) }

    @Test func openingFromTheDrawerIsACompactColdStart() throws {
        try TestDaemon.with(apps: [Self.recorder]) { daemon in
            let opened = try daemon.open(Self.app, on: "kate-iphone")
            #expect(opened.presentationStyle == .compact)
            #expect(try daemon.callbacks(Self.app, instance: opened.instance) == Self.coldStart)
        }
    }

    @Test func tappingABubbleColdStartsExpandedWithTheMessageSelected() throws {
        try TestDaemon.with(apps: [Self.recorder]) { daemon in
            let entry = try Self.kateSends(daemon)
            let tapped = try daemon.control(
                .tap, TapRequest(device: "john-iphone", conversation: daemon.conversation, entry: entry),
                as: TapResult.self)
            #expect(tapped.action == "selected")
            let instance = try #require(tapped.instance)
            #expect(try daemon.callbacks(Self.app, instance: instance) == Self.coldStart)
            let first = try #require(
                try daemon.fixtureLog(Self.app).first {
                    $0["callback"] == .string("willBecomeActive") && Self.instance(of: $0) == instance
                })
            guard case .object(let body) = first["body"], case .object(let conversation) = body["conversation"],
                case .object(let selected) = conversation["selectedMessage"]
            else {
                Issue.record("willBecomeActive has no selectedMessage: \(first)")
                return
            }
            #expect(body["presentationStyle"] == .string("expanded"))
            #expect(selected["url"] == .string("https://example.com/?q=1"))
            #expect(selected["session"] == .string("S1"))
            let johns = try daemon.participants("john-iphone", app: Self.app)
            #expect(selected["senderParticipantIdentifier"] == .string(johns.identifier(of: TestDaemon.kate)!))
        }
    }

    @Test func tappingWhileCompactTransitionsAndSelects() throws {
        try TestDaemon.with(apps: [Self.recorder]) { daemon in
            let entry = try Self.kateSends(daemon)
            let opened = try daemon.open(Self.app, on: "john-iphone")
            try daemon.control(
                .tap, TapRequest(device: "john-iphone", conversation: daemon.conversation, entry: entry),
                as: TapResult.self)
            #expect(
                try daemon.callbacks(Self.app, instance: opened.instance)
                    == Self.coldStart + ["willTransition", "willSelect", "didSelect", "didTransition"])
            // Tapping it again changes nothing; the chevron goes back to compact.
            try daemon.control(
                .tap, TapRequest(device: "john-iphone", conversation: daemon.conversation, entry: entry),
                as: TapResult.self)
            let chevron = try daemon.control(.chevron, DeviceRequest(device: "john-iphone"), as: OpenResult.self)
            #expect(chevron.presentationStyle == .compact)
            #expect(
                try daemon.callbacks(Self.app, instance: opened.instance)
                    == Self.coldStart + [
                        "willTransition", "willSelect", "didSelect", "didTransition", "willTransition", "didTransition",
                    ])
        }
    }

    @Test func requestPresentationStyleAndDismissFromTheExtension() throws {
        try TestDaemon.with(apps: [Self.recorder]) { daemon in
            let opened = try daemon.open(Self.app, on: "kate-iphone")
            try daemon.touch(
                "kate-iphone",
                payload: Self.ops(
                    .object([
                        "request": .string("requestPresentationStyle"),
                        "body": .object(["instance": .string("$instance"), "presentationStyle": .string("expanded")]),
                    ]),
                    .object([
                        "request": .string("requestPresentationStyle"),
                        "body": .object(["instance": .string("$instance"), "presentationStyle": .string("transcript")]),
                    ]),
                    .object(["request": .string("dismiss"), "body": .object(["instance": .string("$instance")])])))
            #expect(
                try daemon.callbacks(Self.app, instance: opened.instance)
                    == Self.coldStart + ["touch", "willTransition", "didTransition"] + Self.resign)
            let replies = try daemon.requestReplies(Self.app)
            #expect(
                replies.map(\.request) == ["hello", "requestPresentationStyle", "requestPresentationStyle", "dismiss"])
            #expect(replies[2].code == ProtocolErrorCode.invalidBody.rawValue, "transcript cannot be requested")
        }
    }

    @Test func switchingAppsAndLeavingTheConversationResign() throws {
        let other = TestDaemon.App.fixture("recorder.py", bundleID: "com.example.other")
        try TestDaemon.with(apps: [Self.recorder, other]) { daemon in
            let first = try daemon.open(Self.app, on: "kate-iphone")
            let second = try daemon.open("com.example.other", on: "kate-iphone")
            #expect(try daemon.callbacks(Self.app, instance: first.instance) == Self.coldStart + Self.resign)
            #expect(try daemon.callbacks("com.example.other", instance: second.instance) == Self.coldStart)
            try daemon.control(.show, ShowRequest(device: "kate-iphone", conversation: nil))
            #expect(
                try daemon.callbacks("com.example.other", instance: second.instance) == Self.coldStart + Self.resign)
        }
    }

    @Test func receivingAndSendingCallbacksGoOnlyToTheActiveMainInstance() throws {
        try TestDaemon.with(apps: [Self.recorder]) { daemon in
            let johns = try daemon.open(Self.app, on: "john-iphone")
            _ = try Self.kateSends(daemon)
            let kates = try #require(
                try daemon.status().extensions.first { $0.device == "kate-iphone" }?.instances.first)
            #expect(try daemon.callbacks(Self.app, instance: kates) == Self.coldStart + ["touch", "didStartSending"])
            try daemon.eventually("John's instance got didReceive") {
                try daemon.callbacks(Self.app, instance: johns.instance) == Self.coldStart + ["didReceive"]
            }
        }
    }

    @Test func stagedMessagesGetDidStartSendingOnSendAndDidCancelSendingOnDelete() throws {
        try TestDaemon.with(apps: [Self.recorder]) { daemon in
            let opened = try daemon.open(Self.app, on: "kate-iphone")
            let insert = JSONValue.object([
                "request": .string("insertMessage"),
                "body": .object([
                    "instance": .string("$instance"),
                    "message": .object(["layout": .object(["type": .string("template"), "caption": .string("staged")])]
                    ),
                ]),
            ])
            try daemon.touch("kate-iphone", payload: Self.ops(insert))
            let field = try daemon.control(
                .inputField, InputFieldRequest(device: "kate-iphone", conversation: daemon.conversation),
                as: InputFieldResult.self)
            #expect(field.staged?.message?.isPending == true)
            #expect(try daemon.transcript("john-iphone").isEmpty, "nothing leaves before Send")
            try daemon.control(.cancel, InputFieldRequest(device: "kate-iphone", conversation: daemon.conversation))
            try daemon.touch("kate-iphone", payload: Self.ops(insert))
            try daemon.control(
                .typeText, TypeTextRequest(device: "kate-iphone", conversation: daemon.conversation, text: "look"))
            try daemon.control(.send, InputFieldRequest(device: "kate-iphone", conversation: daemon.conversation))
            #expect(
                try daemon.callbacks(Self.app, instance: opened.instance)
                    == Self.coldStart + ["touch", "didCancelSending", "touch", "didStartSending"])
            #expect(try daemon.transcript("john-iphone").map(\.kind) == ["message", "text"])
        }
    }

    @Test func liveLayoutBubblesGetTranscriptInstancesWithClampedSizes() throws {
        try TestDaemon.with(apps: [Self.recorder]) { daemon in
            let live: JSONValue = .object([
                "type": .string("live"), "alternateLayout": .object(["caption": .string("alt")]),
            ])
            let entry = try Self.kateSends(daemon, layout: live)
            try daemon.control(.show, ShowRequest(device: "john-iphone", conversation: daemon.conversation))
            // John's phone now runs one instance: the live bubble's.
            let instance = try #require(
                try daemon.status().extensions.first { $0.device == "john-iphone" }?.instances.first)
            #expect(try daemon.callbacks(Self.app, instance: instance) == Self.coldStart + ["contentSizeThatFits"])
            let shown = try #require(try daemon.transcript("john-iphone").first { $0.entry == entry })
            #expect(shown.rendering == "live")
            #expect(shown.liveSize == SizeValue(width: 320, height: 100))
            // Leaving the conversation tears it down; it never got select, receive or send callbacks.
            try daemon.control(.show, ShowRequest(device: "john-iphone", conversation: nil))
            #expect(
                try daemon.callbacks(Self.app, instance: instance) == Self.coldStart + ["contentSizeThatFits"]
                    + Self.resign)
        }
    }

    static func instance(of record: [String: JSONValue]) -> String? {
        guard case .object(let body) = record["body"], case .string(let instance) = body["instance"] else { return nil }
        return instance
    }
}
