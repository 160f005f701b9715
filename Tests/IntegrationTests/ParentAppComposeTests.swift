import Foundation
import MsgHostProtocol
import MsgHostTesting
import Testing

/// The parent app composes too (SPEC §8) (WWDC 2017 "Best Practices"), against a real
/// daemon and a real parent-app process (the recorder fixture, run by the manifest's
/// `parentApp`). Kate opens the app's parent app; it presents an `MFMessageComposeViewController`
/// with John, a text and a live-layout `MSMessage`; nothing leaves until Kate taps Send (control
/// `compose`); then John's iPhone has the app's bubble under his install's identifier for Kate,
/// his iPad without the app the alternate layout, and the parent app gets
/// `messageComposeDidFinish` with `sent`. A cancelled sheet stores nothing; a second sheet is
/// refused with `composeAlreadyPresented`, and closing the app cancels its sheet. With the
/// manifest's `parentApp.opensMessages`, John's tap on the bubble opens his parent app
/// (`openURL`) instead of the extension.
@Suite(.serialized) struct ParentAppComposeTests {
    static let app = "com.example.recorder"
    static let world = TestDaemon.World(
        members: [
            .init(handle: TestDaemon.kate, name: "Kate Bell", devices: [("kate-iphone", "ios17")]),
            .init(
                handle: TestDaemon.john, name: "John Appleseed",
                devices: [("john-iphone", "ios17"), ("john-ipad", "ios17")]),
        ], conversation: TestDaemon.conversation, withoutApps: ["john-ipad"])

    static var recorder: TestDaemon.App {
        var app = TestDaemon.App.fixture("recorder.py", bundleID: Self.app)
        app.manifest["parentApp"] = "{command: python3, args: [recorder.py]}"
        return app
    }

    /// Touch payload for the parent app: present a sheet (`times` of them, one after another).
    static func present(caption: String, summary: String, times: Int = 1) -> JSONValue {
        let op: JSONValue = .object([
            "request": .string("presentMessageCompose"),
            "body": .object([
                "instance": .string("$instance"), "recipients": .array([.string(TestDaemon.john)]),
                "body": .string("Come along"),
                "message": .object([
                    "url": .string("https://example.com/?order=7"),
                    "summaryText": .string(summary),
                    "layout": .object([
                        "type": .string("live"),
                        "alternateLayout": .object(["type": .string("template"), "caption": .string(caption)]),
                    ]),
                ]),
            ]),
        ])
        return .object(["ops": .array(Array(repeating: op, count: times))])
    }

    /// The results the parent app's `messageComposeDidFinish` callbacks carried, in order.
    static func results(_ daemon: TestDaemon) throws -> [String] {
        try daemon.fixtureLog(Self.app).compactMap { record in
            guard record["callback"] == .string("messageComposeDidFinish"), case .object(let body) = record["body"],
                case .string(let result) = body["result"]
            else { return nil }
            return result
        }
    }

    @Test func presentSendCancelAndRefusals() throws {
        try TestDaemon.with(apps: [Self.recorder], world: Self.world) { daemon in
            let opened = try daemon.control(
                .openParentApp, ParentAppRequest(device: "kate-iphone", app: Self.app), as: ParentAppResult.self)
            #expect(try daemon.callbacks(Self.app, instance: opened.instance) == ["applicationDidBecomeActive"])
            #expect(
                try daemon.status().extensions.filter { $0.app == Self.app && $0.device == "kate-iphone" }.map(\.role)
                    == ["parentApp"], "its own process")

            // The app writes Kate's identifier, as its install sees her, into the summary.
            let kate = try #require(
                try daemon.participants("kate-iphone", app: Self.app).participants.first {
                    $0.person == TestDaemon.kate
                }?.identifier)
            try daemon.touch("kate-iphone", payload: Self.present(caption: "Vanilla", summary: "$\(kate) ordered"))
            #expect(try daemon.requestReplies(Self.app).last?.request == "presentMessageCompose")
            #expect(try daemon.requestReplies(Self.app).last?.code == nil, "the sheet is up")
            let sheet = try daemon.control(
                .composeSheet, DeviceRequest(device: "kate-iphone"), as: ComposeSheetResult.self)
            #expect(sheet.parentApp == Self.app)
            #expect(sheet.sheet?.recipients == [TestDaemon.john])
            #expect(sheet.sheet?.message?.message?.isPending == true)
            #expect(try daemon.transcript("john-iphone").isEmpty, "nothing leaves before the user sends")

            // Kate taps Send.
            let sent = try daemon.control(
                .compose, ComposeRequest(device: "kate-iphone", action: .send), as: ComposeResult.self)
            #expect(sent.result == .sent)
            #expect(sent.conversation == TestDaemon.conversation)
            #expect(try Self.results(daemon) == ["sent"])
            let john = try daemon.transcript("john-iphone")
            #expect(john.map(\.kind) == ["message", "text"])
            let bubble = try #require(john.first)
            #expect(bubble.app == Self.app)
            #expect(bubble.rendering == "live")
            let kateForJohn = try #require(
                try daemon.participants("john-iphone", app: Self.app).participants.first {
                    $0.person == TestDaemon.kate
                }?.identifier)
            #expect(
                bubble.senderParticipantIdentifier == kateForJohn, "John's install sees Kate under its own identifier")
            #expect(
                bubble.message?.summaryText == "$\(kateForJohn) ordered",
                "tokens are translated into the receiving install's identifiers")
            #expect(bubble.rendered?.summaryText == "Kate Bell ordered")
            #expect(john.last?.text == "Come along")
            let ipad = try daemon.transcript("john-ipad")
            #expect(ipad.first?.rendering == "alternate", "no app on the iPad: the alternate layout")
            #expect(ipad.first?.message == nil)
            #expect(try daemon.events(kind: "composeFinished").map(\.name) == ["sent"])

            // Another sheet, cancelled: nothing is stored.
            try daemon.touch("kate-iphone", payload: Self.present(caption: "Chocolate", summary: "again"))
            let cancelled = try daemon.control(
                .compose, ComposeRequest(device: "kate-iphone", action: .cancel), as: ComposeResult.self)
            #expect(cancelled.result == .cancelled)
            #expect(try Self.results(daemon) == ["sent", "cancelled"])
            #expect(try daemon.transcript("john-iphone").count == 2)
            #expect(try daemon.transcript("kate-iphone").count == 2)

            // Two sheets at once: the second is refused; the sheet covers the app.
            try daemon.touch("kate-iphone", payload: Self.present(caption: "Mint", summary: "twice", times: 2))
            let refusal = try #require(try daemon.requestReplies(Self.app).last)
            #expect(
                refusal.request == "presentMessageCompose" && refusal.domain == ComposeErrorCode.domain
                    && refusal.code == ComposeErrorCode.composeAlreadyPresented.rawValue)
            let covered = #expect(throws: WireError.self) { try daemon.touch("kate-iphone") }
            #expect(covered?.isControl(.invalidState) == true)

            // Closing the app cancels its sheet, then the app resigns and its process ends.
            try daemon.control(.closeParentApp, DeviceRequest(device: "kate-iphone"))
            #expect(
                try daemon.callbacks(Self.app, instance: opened.instance).suffix(2) == [
                    "messageComposeDidFinish", "applicationWillResignActive",
                ])
            #expect(try Self.results(daemon) == ["sent", "cancelled", "cancelled"])
            try daemon.eventually("the parent app's process ends") { try daemon.status().extensions.isEmpty }
            let none = #expect(throws: WireError.self) {
                try daemon.control(.compose, ComposeRequest(device: "kate-iphone", action: .send))
            }
            #expect(none?.isControl(.invalidState) == true, "no sheet is up")
        }
    }

    @Test func receivedMessagesOpenInTheParentAppWhenTheManifestSaysSo() throws {
        var app = Self.recorder
        app.manifest["parentApp"] = "{command: python3, args: [recorder.py], opensMessages: true}"
        try TestDaemon.with(apps: [app], world: Self.world) { daemon in
            try daemon.control(
                .openParentApp, ParentAppRequest(device: "kate-iphone", app: Self.app), as: ParentAppResult.self)
            try daemon.touch("kate-iphone", payload: Self.present(caption: "Vanilla", summary: "for you"))
            try daemon.control(.compose, ComposeRequest(device: "kate-iphone", action: .send), as: ComposeResult.self)
            let entry = try #require(try daemon.transcript("john-iphone").first)
            let tapped = try daemon.control(
                .tap, TapRequest(device: "john-iphone", conversation: daemon.conversation, entry: entry.entry),
                as: TapResult.self)
            #expect(tapped.action == "openedParentApp")
            let instance = try #require(tapped.instance)
            #expect(try daemon.callbacks(Self.app, instance: instance) == ["applicationDidBecomeActive", "openURL"])
            let opened = try #require(
                try daemon.fixtureLog(Self.app).last { $0["callback"] == .string("openURL") }?["body"])
            let body = try JSONDecoder().decode(OpenURLBody.self, from: JSONEncoder().encode(opened))
            #expect(body.url == "https://example.com/?order=7")
            let kateForJohn = try #require(
                try daemon.participants("john-iphone", app: Self.app).participants.first {
                    $0.person == TestDaemon.kate
                }?.identifier)
            #expect(body.message.senderParticipantIdentifier == kateForJohn)
            #expect(try daemon.events(kind: "opened").isEmpty, "the extension did not open")
            let sheet = try daemon.control(
                .composeSheet, DeviceRequest(device: "john-iphone"), as: ComposeSheetResult.self)
            #expect(sheet.parentApp == Self.app && sheet.sheet == nil)
        }
    }
}
