import Foundation
import MsgHostProtocol
import MsgHostTesting
import Testing

/// Direct send against a real daemon and the raw-pyzmq example as a real extension process:
/// Messages' rules 9 and 10, delivery, and the receiving install's participant identifiers.
@Suite(.serialized) struct DirectSendTests {
    @Test func sendBeforeAnyTouchIsRefusedWith9() throws {
        try TestDaemon.with(apps: [.pythonRaw(["--send-on", "viewDidAppear"])]) { daemon in
            try daemon.open(on: "kate-iphone")
            let refused = try daemon.events(kind: "sendRefused")
            #expect(refused.count == 1)
            #expect(refused.first?.code == MessagesErrorCode.sendWithoutRecentInteraction.rawValue)
            #expect(refused.first?.name == "sendWithoutRecentInteraction")
            #expect(try daemon.transcript("john-iphone").isEmpty)
            // The extension's own output reaches the daemon's log through a pipe, after the reply.
            try daemon.eventually("the extension reports that it got code 9") { daemon.log.contains(#""code": 9"#) }
            // Its stdout is in the daemon's log, labelled with the app and the device.
            let line = daemon.log.split(separator: "\n").first { $0.contains(#""code": 9"#) } ?? ""
            #expect(
                line.contains("app=com.example.python-raw") && line.contains("device=kate-iphone")
                    && line.contains("stream=stdout"), "\(line)")
        }
    }

    @Test func touchThenSendDeliversWithTheReceivingInstallsSenderIdentifier() throws {
        try TestDaemon.with { daemon in
            try daemon.open(on: "kate-iphone")
            try daemon.touch(
                "kate-iphone",
                payload: .object(["caption": .string("Vanilla?"), "url": .string("https://example.com/cone?s=1")]))

            let received = try daemon.transcript("john-iphone")
            try #require(received.count == 1)
            let entry = received[0]
            #expect(
                entry.sender == TestDaemon.kate && entry.senderName == "Kate Bell"
                    && entry.senderDevice == "kate-iphone")
            #expect(entry.message?.layout?.template.caption == "Vanilla?")
            #expect(entry.message?.url == "https://example.com/cone?s=1")

            let johnsView = try daemon.participants("john-iphone")
            let katesView = try daemon.participants("kate-iphone")
            let kateAsJohnSeesHer = try #require(johnsView.identifier(of: TestDaemon.kate))
            #expect(entry.senderParticipantIdentifier == kateAsJohnSeesHer)
            #expect(entry.message?.senderParticipantIdentifier == kateAsJohnSeesHer)
            // Two devices never share a UUID for the same person.
            #expect(katesView.identifier(of: TestDaemon.kate) != kateAsJohnSeesHer)
            #expect(
                Set(johnsView.participants.map(\.identifier)).isDisjoint(with: katesView.participants.map(\.identifier))
            )

            // The sender's own transcript shows it with her own install's identifier for herself.
            let sent = try daemon.transcript("kate-iphone")
            #expect(sent.map(\.senderParticipantIdentifier) == [katesView.identifier(of: TestDaemon.kate)])
            #expect(try daemon.events(kind: "sent").count == 1)
        }
    }

    @Test func twoSendsAfterOneTouchRefuseTheSecondWith9() throws {
        try TestDaemon.with { daemon in
            try daemon.open(on: "kate-iphone")
            try daemon.touch("kate-iphone", payload: .object(["sends": .number(2)]))
            #expect(try daemon.transcript("john-iphone").count == 1)
            let refused = try daemon.events(kind: "sendRefused")
            #expect(refused.map(\.code) == [MessagesErrorCode.sendWithoutRecentInteraction.rawValue])
            // A new touch allows a new send.
            try daemon.touch("kate-iphone")
            #expect(try daemon.transcript("john-iphone").count == 2)
        }
    }

    @Test func sendAfterTheAppIsClosedIsRefusedWith10() throws {
        try TestDaemon.with(apps: [.pythonRaw(["--send-on", "didResignActive"])]) { daemon in
            try daemon.open(on: "kate-iphone")
            try daemon.touch("kate-iphone", payload: .object(["sends": .number(0)]))  // a touch, unused
            try daemon.close("kate-iphone")
            let refused = try daemon.events(kind: "sendRefused")
            #expect(refused.map(\.code) == [MessagesErrorCode.sendWhileNotVisible.rawValue])
            #expect(refused.first?.name == "sendWhileNotVisible")
            #expect(try daemon.transcript("john-iphone").isEmpty)
        }
    }

    @Test func mediaContextAppIsRefusedWith11() throws {
        var app = TestDaemon.App.pythonRaw(bundleID: "com.example.media")
        app.contexts = ["media"]
        try TestDaemon.with(apps: [app]) { daemon in
            try daemon.open("com.example.media", on: "kate-iphone")
            try daemon.touch("kate-iphone")
            #expect(
                try daemon.events(kind: "sendRefused").map(\.code) == [
                    MessagesErrorCode.apiUnavailableInPresentationContext.rawValue
                ])
        }
    }

    @Test func overlongURLIsRefusedWith8AndConsumesNothing() throws {
        try TestDaemon.with { daemon in
            try daemon.open(on: "kate-iphone")
            let long = "https://example.com/?" + String(repeating: "a", count: 5000)
            try daemon.touch("kate-iphone", payload: .object(["url": .string(long), "sends": .number(1)]))
            #expect(
                try daemon.events(kind: "sendRefused").map(\.code) == [MessagesErrorCode.urlExceedsMaxSize.rawValue])
            #expect(try daemon.transcript("john-iphone").isEmpty)
        }
    }
}
