import Foundation
import MsgHostProtocol
import Testing

@testable import MessagesSDK

/// A parent app on the SDK (PROTOCOL.md §4.10), against an in-process host: its callbacks reach
/// `MSParentAppViewController`, `present` sends `presentMessageCompose` with the sheet's
/// recipients, text and message, and `messageComposeDidFinish` reaches the sheet's delegate
/// with Apple's `MessageComposeResult`.
@Suite(.serialized) struct ParentAppTests {
    final class Shop: MSParentAppViewController, MFMessageComposeViewControllerDelegate {
        let recorder: Recorder
        init(_ recorder: Recorder) {
            self.recorder = recorder
            super.init()
        }

        override func applicationDidBecomeActive() { self.recorder.record("applicationDidBecomeActive") }
        override func applicationWillResignActive() { self.recorder.record("applicationWillResignActive") }
        override func application(open url: URL?, message: MSMessage) {
            self.recorder.record("open \(url?.absoluteString ?? "nil") \(message.summaryText ?? "")")
        }
        override func didReceiveTouch(_ touch: MSTouch) {
            let compose = MFMessageComposeViewController()
            compose.recipients = ["ben@example.com"]
            compose.body = "Join me"
            let message = MSMessage()
            let layout = MSMessageTemplateLayout()
            layout.caption = "Vanilla"
            message.layout = layout
            message.summaryText = "Ordered"
            compose.message = message
            compose.messageComposeDelegate = self
            self.present(compose, animated: true) { error in
                self.recorder.record("presented \(error.map { "\($0)" } ?? "ok")")
            }
        }

        func messageComposeViewController(
            _ controller: MFMessageComposeViewController, didFinishWith result: MessagesSDK.MessageComposeResult
        ) {
            self.recorder.record("didFinishWith \(result.rawValue)")
        }
    }

    @Test func presentAndFinish() throws {
        #expect(MFMessageComposeViewController.canSendText() && MFMessageComposeViewController.canSendAttachments())
        #expect([MessagesSDK.MessageComposeResult.cancelled, .sent, .failed].map(\.rawValue) == [0, 1, 2])
        let host = try FakeHost()
        let recorder = Recorder()
        let environment = try host.environment
        let context = host.context
        let started = Background {
            try MSParentAppMain.start(
                environment: environment, context: context, makeController: { Shop(recorder) },
                willTerminate: { _ in }, exit: {})
        }
        _ = try host.answerHello()
        let connection = try started.value()
        defer { connection.shutdown(lingerMs: 0) }
        try host.expectAck(
            of: host.send(CallbackType.applicationDidBecomeActive.rawValue, InstanceBody(instance: "i7")))

        let touch = host.send(CallbackType.touch.rawValue, TouchBody(instance: "i7", payload: .null))
        let request = try #require(try host.receive())
        #expect(request.header.type == "presentMessageCompose")
        let body = try request.decodeBody(PresentMessageComposeBody.self)
        #expect(body.instance == "i7" && body.recipients == ["ben@example.com"] && body.body == "Join me")
        #expect(body.message?.layout?.template.caption == "Vanilla")
        host.send(ReplyType.name, OKReply(Empty()), replyTo: request.header.id)
        try host.expectAck(of: touch)
        try host.expectAck(
            of: host.send(
                CallbackType.messageComposeDidFinish.rawValue,
                MessageComposeDidFinishBody(instance: "i7", result: .sent)))
        let received = MessageValue(url: "https://example.com/?order=7", summaryText: "for you")
        try host.expectAck(
            of: host.send(
                CallbackType.openURL.rawValue, OpenURLBody(instance: "i7", url: received.url, message: received)))
        try host.expectAck(
            of: host.send(CallbackType.applicationWillResignActive.rawValue, InstanceBody(instance: "i7")))
        try host.expectSilence(ms: 100)
        // The completion handler runs on its own queue, so its place among the callbacks is not fixed.
        #expect(
            recorder.calls.filter { !$0.hasPrefix("presented") } == [
                "applicationDidBecomeActive", "didFinishWith 1", "open https://example.com/?order=7 for you",
                "applicationWillResignActive",
            ])
        #expect(recorder.calls.contains("presented ok"))
    }
}
