import Foundation
import MsgHostProtocol
import Testing

/// Bodies as other languages write them: field names, nulls, layouts, replies and errors.
@Suite struct BodiesTests {
    @Test func messageWithTemplateLayoutRoundTripsWithAppleNames() throws {
        let json =
            #"{"url":"https://example.com/?a=1","session":"S1","summaryText":"Hi","layout":{"type":"template","caption":"Vanilla","image":{"frame":0}}}"#
        let message = try WireJSON.decode(MessageValue.self, from: Array(json.utf8))
        #expect(message.layout == .template(TemplateLayoutValue(caption: "Vanilla", image: FrameReference(frame: 0))))
        let again = try WireJSON.decode(MessageValue.self, from: WireJSON.encode(message))
        #expect(again == message)
    }

    @Test func liveLayoutCarriesItsAlternate() throws {
        let json = #"{"layout":{"type":"live","alternateLayout":{"caption":"fallback"}}}"#
        let message = try WireJSON.decode(MessageValue.self, from: Array(json.utf8))
        #expect(message.layout?.template.caption == "fallback")
    }

    @Test func unknownLayoutTypeNamesTheField() {
        let error = #expect(throws: WireError.self) {
            try WireJSON.decode(
                MessageRequestBody.self, from: Array(#"{"instance":"i1","message":{"layout":{"type":"grid"}}}"#.utf8))
        }
        #expect(error?.isProtocol(.invalidBody) == true)
        #expect(error?.description.contains("message.layout.type") == true, "\(error?.description ?? "")")
    }

    @Test func missingAndMistypedFieldsAreNamed() {
        let missing = #expect(throws: WireError.self) {
            try WireJSON.decode(HelloBody.self, from: Array(#"{"protocol":1}"#.utf8))
        }
        #expect(missing?.description == "app: required field is missing")
        let mistyped = #expect(throws: WireError.self) {
            try WireJSON.decode(HelloBody.self, from: Array(#"{"app":"a","protocol":"1"}"#.utf8))
        }
        #expect(mistyped?.description == "protocol: expected an integer")
    }

    @Test func conversationAlwaysCarriesSelectedMessageEvenWhenNull() {
        let body = String(
            decoding: WireJSON.encode(
                ConversationValue(localParticipantIdentifier: "A", remoteParticipantIdentifiers: ["B"])), as: UTF8.self)
        #expect(
            body == #"{"localParticipantIdentifier":"A","remoteParticipantIdentifiers":["B"],"selectedMessage":null}"#)
    }

    @Test func okRepliesPutResultFieldsBesideStatus() throws {
        let body = String(decoding: WireJSON.encode(OKReply(HelloResult())), as: UTF8.self)
        #expect(body == #"{"protocol":1,"status":"ok"}"#)
        let status = try WireJSON.decode(ReplyStatus.self, from: Array(body.utf8))
        #expect(status.isOK && status.failure == nil)
    }

    @Test func errorRepliesCarryDomainCodeAndName() throws {
        let body = WireJSON.encode(ErrorReply(.messages(.sendWithoutRecentInteraction)))
        let text = String(decoding: body, as: UTF8.self)
        #expect(text.contains(#""domain":"com.apple.messages.messagesapp-error""#))
        #expect(text.contains(#""code":9"#) && text.contains(#""name":"sendWithoutRecentInteraction""#))
        let failure = try #require(try WireJSON.decode(ReplyStatus.self, from: body).failure)
        #expect(failure.isMessages(.sendWithoutRecentInteraction))
    }

    @Test func appleErrorCodesHaveAppleRawValues() {
        let codes = Dictionary(uniqueKeysWithValues: MessagesErrorCode.allCases.map { ("\($0)", $0.rawValue) })
        #expect(
            codes == [
                "unknown": -1, "fileNotFound": 1, "fileUnreadable": 2, "improperFileType": 3, "improperFileURL": 4,
                "stickerFileImproperFileAttributes": 5, "stickerFileImproperFileSize": 6,
                "stickerFileImproperFileFormat": 7,
                "urlExceedsMaxSize": 8, "sendWithoutRecentInteraction": 9, "sendWhileNotVisible": 10,
                "apiUnavailableInPresentationContext": 11,
            ])
        #expect(MessagesErrorCode.domain == "com.apple.messages.messagesapp-error")
        #expect(StickersErrorCode.domain == "com.apple.messages.stickers-error")
    }

    @Test func touchPayloadPassesAnyJSONThrough() throws {
        let json = #"{"instance":"i1","payload":{"a":[1,2.5,"x",null,true]}}"#
        let body = try WireJSON.decode(TouchBody.self, from: Array(json.utf8))
        #expect(body.payload == .object(["a": .array([.number(1), .number(2.5), .string("x"), .null, .bool(true)])]))
        #expect(String(decoding: WireJSON.encode(body), as: UTF8.self) == json)
    }
}
