import Foundation
import MsgHostProtocol
import Testing

@testable import MessagesSDK

/// Apple's values, and their mapping to and from the wire (PROTOCOL.md §5).
@Suite struct ValueTests {
    @Test func enumerationsAndErrorCodesHaveApplesRawValues() {
        #expect(MSMessagesAppPresentationStyle.allCases.map(\.rawValue) == [0, 1, 2])
        #expect(MSMessagesAppPresentationContext.allCases.map(\.rawValue) == [0, 1])
        #expect(MSMessageErrorCode.allCases.map(\.rawValue) == [-1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
        #expect(MSMessageErrorCode.allCases.map(\.rawValue) == MessagesErrorCode.allCases.map(\.rawValue))
        // The SDK's copy keeps Apple's type name for ported code; names must not drift either.
        #expect(MSMessageErrorCode.allCases.map { "\($0)" } == MessagesErrorCode.allCases.map { "\($0)" })
        #expect(MSMessagesErrorDomain == "com.apple.messages.messagesapp-error")
        #expect(MSStickersErrorDomain == "com.apple.messages.stickers-error")
    }

    @Test func errorsBridgeToNSErrorAsOnApplePlatforms() {
        let error: any Error = NSError(wire: .messages(.urlExceedsMaxSize))
        #expect((error as NSError).domain == MSMessagesErrorDomain)
        #expect((error as NSError).code == MSMessageErrorCode.urlExceedsMaxSize.rawValue)
        #expect(error.localizedDescription.contains("5,000 characters"))
        let sticker = NSError(wire: .stickers(.notAnImage, "not an image"))
        #expect(sticker.domain == MSStickersErrorDomain && sticker.code == 3)
    }

    @Test func aMessageBecomesItsWireValueWithItsImageInAFrame() throws {
        let session = MSSession()
        let message = MSMessage(session: session)
        message.url = URL(string: "https://example.com/?order=42")
        message.summaryText = "Ordered"
        message.accessibilityLabel = "An order"
        message.shouldExpire = true
        let layout = MSMessageTemplateLayout()
        layout.caption = "Vanilla"
        layout.trailingSubcaption = "$A4E05B6C-0000-4000-8000-000000000002"
        layout.image = Data([1, 2, 3])
        layout.mediaFileURL = URL(fileURLWithPath: "/tmp/movie.mov")
        message.layout = MSMessageLiveLayout(alternateLayout: layout)
        let (value, buffers) = try WireMapping.value(of: message)
        #expect(
            value
                == MessageValue(
                    url: "https://example.com/?order=42", session: session.identifier, summaryText: "Ordered",
                    accessibilityLabel: "An order", shouldExpire: true,
                    layout: .live(
                        alternateLayout: TemplateLayoutValue(
                            caption: "Vanilla", trailingSubcaption: "$A4E05B6C-0000-4000-8000-000000000002",
                            image: FrameReference(frame: 0), mediaFileURL: "file:///tmp/movie.mov"))))
        #expect(buffers == [[1, 2, 3]])
        #expect(try WireMapping.value(of: MSMessage()) == (MessageValue(shouldExpire: false), []))
    }

    @Test func aHostMessageBecomesAnMSMessageWhoseImageIsTheHostsFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sdk-\(UUID().uuidString).png")
        try Data([9, 8, 7]).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let value = MessageValue(
            url: "data:,hello", session: "S1", summaryText: "sum", isPending: true,
            senderParticipantIdentifier: "7C1D2E3F-0000-4000-8000-000000000001",
            layout: .template(TemplateLayoutValue(caption: "c", image: FrameReference(url: file.absoluteString))))
        let message = WireMapping.message(from: value)
        #expect(message.url?.absoluteString == "data:,hello")
        #expect(message.session == MSSession(identifier: "S1"))
        #expect(message.isPending)
        #expect(message.senderParticipantIdentifier.uuidString == "7C1D2E3F-0000-4000-8000-000000000001")
        let layout = try #require(message.layout as? MSMessageTemplateLayout)
        #expect(layout.caption == "c")
        #expect(layout.imageFileURL == file)
        #expect((layout.image as? Data) == Data([9, 8, 7]))  // not an image header: its bytes
        // Sent again, the host's image travels as bytes like any other.
        #expect(try WireMapping.value(of: message).buffers == [[9, 8, 7]])
    }

    @Test func urlsWithOtherSchemesAreIgnoredLikeMessagesDoes() {
        let message = MSMessage()
        message.url = URL(string: "https://example.com/a")
        message.url = URL(string: "myapp://open")
        #expect(message.url?.absoluteString == "https://example.com/a")
        message.url = URL(string: "?base=cone")
        #expect(message.url?.absoluteString == "?base=cone")
        message.url = nil
        #expect(message.url == nil)
    }

    @Test func sessionsCompareByIdentityOnTheWire() {
        let session = MSSession()
        #expect(session == MSSession(identifier: session.identifier))
        #expect(session != MSSession())
        #expect(Set([session, MSSession(identifier: session.identifier)]).count == 1)
    }

    @Test func stickersNeedAFileURL() throws {
        #expect(throws: NSError.self) {
            try MSSticker(contentsOfFileURL: URL(string: "https://example.com/a.png")!, localizedDescription: "a")
        }
        let sticker = try MSSticker(contentsOfFileURL: URL(fileURLWithPath: "/tmp/a.png"), localizedDescription: "a")
        #expect(sticker.imageFileURL.path == "/tmp/a.png")
    }

    @Test func conversationsParseTheirParticipants() {
        let conversation = MSConversation(DispatchTests.conversation, instance: "i1", connection: nil)
        #expect(conversation.localParticipantIdentifier.uuidString == "7C1D2E3F-0000-4000-8000-000000000001")
        #expect(conversation.remoteParticipantIdentifiers.map(\.uuidString) == ["A4E05B6C-0000-4000-8000-000000000002"])
        #expect("$\(conversation.localParticipantIdentifier)" == "$7C1D2E3F-0000-4000-8000-000000000001")
        #expect(conversation.selectedMessage == nil)
    }
}
