import Foundation
import MsgHostProtocol
import Testing

@testable import MessagesSDK

/// Requests made from overrides and from async code: queued in call order (before the
/// callback's ack), answered through completion handlers on a background queue.
@Suite(.serialized) struct RequestTests {
    final class Outcomes: Sendable {
        let errors = Locked<[NSError?]>([])
        let onMain = Locked<[Bool]>([])
        let done = DispatchSemaphore(value: 0)
        func record(_ error: (any Error)?) {
            self.errors.withLock { $0.append(error.map { $0 as NSError }) }
            self.onMain.withLock { $0.append(Thread.isMainThread) }
            self.done.signal()
        }
    }

    @Test func anInsertFromAnOverrideGoesOutBeforeItsAckAndItsErrorComesBackAsNSError() throws {
        let outcomes = Outcomes()
        let running = try DispatchTests.start { controller, _ in
            let layout = MSMessageTemplateLayout()
            layout.caption = "Vanilla"
            layout.image = Data([0x89, 0x50, 0x4E, 0x47])
            let message = MSMessage(session: MSSession())
            message.layout = layout
            message.url = URL(string: "https://example.com/?a=1")
            controller.activeConversation?.insert(message) { outcomes.record($0) }
            controller.activeConversation?.sendText("hi") { outcomes.record($0) }
        }
        defer { running.stop() }
        let host = running.host
        let touch = host.send(CallbackType.touch.rawValue, TouchBody(instance: "i7", payload: .null))
        let insert = try #require(try host.receive())
        #expect(insert.header.type == "insertMessage")
        let body = try insert.decodeBody(MessageRequestBody.self)
        #expect(body.instance == "i7")
        #expect(
            body.message.layout == .template(TemplateLayoutValue(caption: "Vanilla", image: FrameReference(frame: 0))))
        #expect(body.message.url == "https://example.com/?a=1")
        #expect(insert.buffers == [[0x89, 0x50, 0x4E, 0x47]])
        let text = try #require(try host.receive())
        #expect(text.header.type == "sendText")
        #expect(try text.decodeBody(TextRequestBody.self) == TextRequestBody(instance: "i7", text: "hi"))
        try host.expectAck(of: touch)

        host.send(ReplyType.name, ErrorReply(.messages(.sendWithoutRecentInteraction)), replyTo: text.header.id)
        host.send(ReplyType.name, OKReply(SendMessageResult(message: body.message)), replyTo: insert.header.id)
        #expect(
            outcomes.done.wait(timeout: .now() + 5) == .success && outcomes.done.wait(timeout: .now() + 5) == .success)
        let errors = outcomes.errors.value
        #expect(errors.count == 2)
        // Completions run in reply order, off the main thread.
        let refused = try #require(errors[0])
        #expect(refused.domain == MSMessagesErrorDomain)
        #expect(refused.code == MSMessageErrorCode.sendWithoutRecentInteraction.rawValue)
        #expect(refused.userInfo[MSMessagesErrorNameKey] as? String == "sendWithoutRecentInteraction")
        #expect(errors[1] == nil)
        #expect(outcomes.onMain.value == [false, false])
    }

    /// Async: the test suspends instead of blocking, so the app's `Task` can run even when the
    /// other cooperative thread is busy with another test (two on this machine's two cores).
    @Test func theAsyncFormsThrowTheSameNSError() async throws {
        let outcomes = Outcomes()
        let running = try DispatchTests.start { controller, _ in
            guard let conversation = controller.activeConversation else { return }
            Task {
                do {
                    try await conversation.send(MSMessage())
                    outcomes.record(nil)
                } catch {
                    outcomes.record(error)
                }
            }
        }
        defer { running.stop() }
        let host = running.host
        try host.expectAck(of: host.send(CallbackType.touch.rawValue, TouchBody(instance: "i1", payload: .null)))
        var request: Envelope?
        for _ in 0..<500 where request == nil {  // short polls, suspending between them
            request = try host.receive(timeoutMs: 1)
            if request == nil { try await Task.sleep(for: .milliseconds(10)) }
        }
        let send = try #require(request)
        #expect(send.header.type == "sendMessage")
        host.send(ReplyType.name, ErrorReply(.messages(.sendWhileNotVisible)), replyTo: send.header.id)
        for _ in 0..<500 where outcomes.errors.value.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        #expect((outcomes.errors.value.first??.code) == 10)
    }

    @Test func presentationRequestsAndDismissNameTheInstance() throws {
        let running = try DispatchTests.start { controller, _ in
            controller.activeConversation?.insertText("typed")  // no completion handler: Apple's default nil
            controller.requestPresentationStyle(.transcript)  // refused locally, as Messages raises
            controller.requestPresentationStyle(.expanded)
            controller.dismiss()
        }
        defer { running.stop() }
        let host = running.host
        let touch = host.send(CallbackType.touch.rawValue, TouchBody(instance: "i3", payload: .null))
        let text = try #require(try host.receive())
        #expect(text.header.type == "insertText")
        let style = try #require(try host.receive())
        #expect(style.header.type == "requestPresentationStyle")
        #expect(
            try style.decodeBody(PresentationStyleBody.self)
                == PresentationStyleBody(instance: "i3", presentationStyle: .expanded))
        let dismiss = try #require(try host.receive())
        #expect(dismiss.header.type == "dismiss")
        #expect(try dismiss.decodeBody(InstanceBody.self) == InstanceBody(instance: "i3"))
        try host.expectAck(of: touch)
    }

    @Test func anUnreadableImageFileFailsBeforeReachingTheHost() throws {
        let outcomes = Outcomes()
        let running = try DispatchTests.start { controller, _ in
            let layout = MSMessageTemplateLayout()
            layout.imageFileURL = URL(fileURLWithPath: "/nonexistent/ice.png")
            let message = MSMessage()
            message.layout = layout
            controller.activeConversation?.insert(message) { outcomes.record($0) }
        }
        defer { running.stop() }
        try running.host.expectAck(
            of: running.host.send(CallbackType.touch.rawValue, TouchBody(instance: "i1", payload: .null)))
        #expect(outcomes.done.wait(timeout: .now() + 5) == .success)
        #expect(outcomes.errors.value.first??.code == MSMessageErrorCode.fileNotFound.rawValue)
    }
}
