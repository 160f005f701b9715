import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// Pins down how the host checks and normalises an `MSMessage` (SPEC §2, PROTOCOL §4.5): a url
/// of up to 5,000 characters is fine and 5,001 is `urlExceedsMaxSize` (8); http, https and data
/// urls (any case) are kept, other schemes are dropped silently, scheme-less urls are kept;
/// `isPending` and `senderParticipantIdentifier` are the host's and are cleared.
@Suite struct MessageValidationTests {
    static func validated(url: String?) throws -> MessageValue {
        try MessageValidation.validate(MessageValue(url: url, summaryText: "s")).get()
    }

    @Test func aURLOfExactly5000CharactersIsAccepted() throws {
        let url = "https://example.com/?q=" + String(repeating: "a", count: 5000 - 23)
        #expect(url.count == 5000)
        #expect(try Self.validated(url: url).url == url)
    }

    @Test func aURLOf5001CharactersIsURLExceedsMaxSize() {
        let url = "https://example.com/?q=" + String(repeating: "a", count: 5001 - 23)
        #expect(url.count == 5001)
        let result = MessageValidation.validate(MessageValue(url: url))
        guard case .failure(let error) = result else {
            Issue.record("expected a refusal, got \(result)")
            return
        }
        #expect(error.isMessages(.urlExceedsMaxSize))
        #expect(error.code == 8)
        #expect(error.domain == "com.apple.messages.messagesapp-error")
        #expect(error.description.contains("5001"))
    }

    @Test(arguments: [
        "http://example.com/a", "HTTPS://EXAMPLE.COM/B", "https://example.com/?x=1", "data:text/plain,hi", "Data:,x",
    ])
    func allowedSchemesAreKept(url: String) throws {
        #expect(try Self.validated(url: url).url == url)
    }

    @Test(arguments: ["myapp://x", "file:///x", "ftp://example.com/f", "javascript:alert(1)"])
    func otherSchemesAreDroppedSilently(url: String) throws {
        let message = try Self.validated(url: url)
        #expect(message.url == nil)
        #expect(message.summaryText == "s")
    }

    @Test(arguments: ["example.com/path", "/relative/path?x=1", "?order=42"])
    func schemeLessURLsAreKept(url: String) throws {
        #expect(try Self.validated(url: url).url == url)
    }

    @Test func noURLStaysNoURL() throws {
        #expect(try Self.validated(url: nil).url == nil)
    }

    @Test func hostOwnedFieldsAreClearedAndTheRestKept() throws {
        let layout = LayoutValue.template(TemplateLayoutValue(caption: "Vanilla"))
        let sent = MessageValue(
            url: "https://example.com", session: "S1", summaryText: "Ordered", accessibilityLabel: "a11y",
            shouldExpire: true,
            isPending: true, senderParticipantIdentifier: "FORGED", layout: layout)
        let message = try MessageValidation.validate(sent).get()
        #expect(message.isPending == false)
        #expect(message.senderParticipantIdentifier == nil)
        #expect(
            message
                == MessageValue(
                    url: "https://example.com", session: "S1", summaryText: "Ordered", accessibilityLabel: "a11y",
                    shouldExpire: true,
                    isPending: false, senderParticipantIdentifier: nil, layout: layout))
    }
}
