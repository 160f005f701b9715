import Foundation
import MsgHostProtocol
import MsgHostTesting
import Testing

/// SPEC §7: whatever the daemon acknowledged survives `kill -9` and a restart — the world,
/// identifiers, transcripts, input fields, files, contact names and deliveries under way.
@Suite(.serialized) struct PersistenceTests {
    static let app = "com.example.recorder"

    @Test func everythingAcknowledgedSurvivesKillNine() throws {
        let files = try SampleFiles()
        let sticker = files.png(width: 400, height: 400)
        try TestDaemon.with(apps: [.fixture("recorder.py", bundleID: Self.app)], world: .amberBenChris) { daemon in
            let conversation = daemon.conversation
            try daemon.control(.contact, ContactRequest(device: "ben-iphone", person: "amber@example.com", name: "Amb"))
            try daemon.control(.delivery, DeliveryRequest(device: "chris-iphone", hold: true))
            try daemon.open(Self.app, on: "amber-iphone")
            try daemon.touch(
                "amber-iphone",
                payload: .object([
                    "ops": .array([
                        .object([
                            "request": .string("sendAttachment"),
                            "body": .object([
                                "instance": .string("$instance"), "url": .string("file://" + sticker),
                                "alternateFilename": .string("cone.png"),
                            ]),
                        ]),
                        .object([
                            "request": .string("insertSticker"),
                            "body": .object([
                                "instance": .string("$instance"),
                                "sticker": .object([
                                    "url": .string("file://" + sticker), "localizedDescription": .string("A cone"),
                                ]),
                            ]),
                        ]),
                    ])
                ]))
            try daemon.control(
                .typeText, TypeTextRequest(device: "amber-iphone", conversation: conversation, text: "for you"))
            try FileManager.default.removeItem(atPath: sticker)  // the store has its own copies

            let before = (
                ben: try daemon.transcript("ben-iphone"), amber: try daemon.transcript("amber-iphone"),
                field: try daemon.control(
                    .inputField, InputFieldRequest(device: "amber-iphone", conversation: conversation),
                    as: InputFieldResult.self),
                ids: try daemon.participants("ben-iphone", app: Self.app)
            )
            #expect(before.ben.first?.senderName == "Amb")
            #expect(try daemon.transcript("chris-iphone").isEmpty, "held for Chris")

            kill(daemon.pid, SIGKILL)
            #expect(daemon.waitForExit() != nil)
            try daemon.restart()

            #expect(try daemon.transcript("ben-iphone") == before.ben)
            #expect(try daemon.transcript("amber-iphone") == before.amber)
            let field = try daemon.control(
                .inputField, InputFieldRequest(device: "amber-iphone", conversation: conversation),
                as: InputFieldResult.self)
            #expect(field == before.field)
            #expect(field.staged?.kind == "sticker" && field.text == "for you")
            #expect(try daemon.participants("ben-iphone", app: Self.app) == before.ids)
            for entry in before.ben {
                let path = try #require(entry.file?.url).replacingOccurrences(of: "file://", with: "")
                #expect(FileManager.default.fileExists(atPath: path))
            }
            // The delivery held for Chris is still held, and arrives when released.
            #expect(try daemon.transcript("chris-iphone").isEmpty)
            try daemon.control(.release, ReleaseRequest(device: "chris-iphone"), as: ReleaseResult.self)
            #expect(try daemon.transcript("chris-iphone").map(\.kind) == ["attachment"])
            // And the staged sticker still sends.
            try daemon.control(.send, InputFieldRequest(device: "amber-iphone", conversation: conversation))
            #expect(try daemon.transcript("ben-iphone").map(\.kind) == ["attachment", "sticker", "text"])
        }
    }

    @Test func aDeliveryUnderWayArrivesAfterARestart() throws {
        try TestDaemon.with(apps: [.fixture("recorder.py", bundleID: Self.app)]) { daemon in
            try daemon.control(.delivery, DeliveryRequest(device: "john-iphone", latencyMs: 400))
            try daemon.open(Self.app, on: "kate-iphone")
            try daemon.touch(
                "kate-iphone",
                payload: .object([
                    "ops": .array([
                        .object([
                            "request": .string("sendText"),
                            "body": .object(["instance": .string("$instance"), "text": .string("on its way")]),
                        ])
                    ])
                ]))
            kill(daemon.pid, SIGKILL)
            #expect(daemon.waitForExit() != nil)
            try daemon.restart()
            try daemon.eventually("the text arrives") {
                try daemon.transcript("john-iphone").map(\.text) == ["on its way"]
            }
        }
    }

    /// A device's delivery setting was acknowledged, so it survives kill -9: a message sent
    /// after the restart is held too, and does not overtake the ones held before it.
    @Test func aDevicesDeliverySettingSurvivesARestart() throws {
        func say(_ text: String) -> JSONValue {
            .object([
                "ops": .array([
                    .object([
                        "request": .string("sendText"),
                        "body": .object(["instance": .string("$instance"), "text": .string(text)]),
                    ])
                ])
            ])
        }
        try TestDaemon.with(apps: [.fixture("recorder.py", bundleID: Self.app)]) { daemon in
            try daemon.control(.delivery, DeliveryRequest(device: "john-iphone", hold: true))
            try daemon.open(Self.app, on: "kate-iphone")
            try daemon.touch("kate-iphone", payload: say("before"))
            kill(daemon.pid, SIGKILL)
            #expect(daemon.waitForExit() != nil)
            try daemon.restart()
            try daemon.open(Self.app, on: "kate-iphone")
            try daemon.touch("kate-iphone", payload: say("after"))
            #expect(try daemon.transcript("john-iphone").isEmpty, "the hold outlived the restart")
            let released = try daemon.control(.release, ReleaseRequest(device: "john-iphone"), as: ReleaseResult.self)
            #expect(released.released.count == 2)
            #expect(try daemon.transcript("john-iphone").map(\.text) == ["before", "after"])
        }
    }
}
