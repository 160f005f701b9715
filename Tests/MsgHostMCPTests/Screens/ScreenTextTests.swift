import Foundation
import MsgHostControl
import MsgHostMCP
import MsgHostProtocol
import Testing

/// A screen as the model reads it: entries with their ids and the device's own names, the
/// staged item, the open app's view with its button ids; events with Apple's code and name.
@Suite struct ScreenTextTests {
    static func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    static let bubble = """
        {"index": 1, "entry": 7, "messageID": "m7", "kind": "message", "sender": "kate@example.com", "senderName": "Katie",
         "senderDevice": "kate-iphone", "app": "com.example.icecream", "rendering": "live", "sentAt": 1000,
         "rendered": {"caption": "Let's build an ice cream", "subcaption": "a cone", "summaryText": "Kate chose a cone"}}
        """

    static func screen(view: String? = nil, staged: String? = nil) throws -> DeviceScreen {
        let summary =
            #"{"index": 0, "entry": 3, "messageID": "m3", "kind": "summary", "sender": "john@example.com", "senderName": "John Appleseed", "senderDevice": "john-iphone", "sentAt": 900, "text": "John added scoops"}"#
        let transcript = try decode(
            TranscriptResult.self, #"{"more": true, "olderCount": 4, "entries": [\#(summary), \#(bubble)]}"#)
        let field = try decode(InputFieldResult.self, #"{"text": "hi", "staged": \#(staged ?? "null")}"#)
        return DeviceScreen(
            device: "john-iphone", owner: "John Appleseed", conversation: "kate-john", transcript: transcript,
            inputField: field, view: try view.map { try decode(ViewResult.self, $0) })
    }

    @Test func aScreenShowsEntriesWithTheirIdsAndTheDevicesNames() throws {
        let text = ScreenText.render(try Self.screen())
        #expect(text.hasPrefix("── john-iphone (John Appleseed), conversation kate-john ──"))
        #expect(text.contains("transcript (newest 2 of 6; [id] sender):"))
        #expect(text.contains("  [3] John Appleseed · collapsed into its summary: John added scoops"))
        #expect(text.contains("  [7] Katie (com.example.icecream, live):"))
        #expect(text.contains("Let's build an ice cream · a cone"))
        #expect(text.contains("summary: Kate chose a cone"))
        #expect(text.contains("input field: \"hi\""))
        #expect(text.contains("staged: (nothing)"))
        #expect(!text.contains("open app"))
    }

    @Test func theStagedItemAndTheOpenAppsViewWithButtonIds() throws {
        let staged =
            #"{"index": 0, "entry": 0, "messageID": "s", "kind": "message", "sender": "john@example.com", "senderName": "John Appleseed", "senderDevice": "john-iphone", "app": "com.example.icecream", "rendering": "live", "sentAt": 0, "message": {"isPending": true}, "rendered": {"caption": "I added some scoops"}}"#
        let view = """
            {"app": "com.example.icecream", "instance": "i4", "presentationStyle": "expanded", "view": {"elements": [
              {"type": "text", "text": "Choose the scoops", "style": "headline"},
              {"type": "row", "elements": [{"type": "button", "id": "scoops-vanilla", "title": "Vanilla", "payload": {"pick": "vanilla"}},
                                           {"type": "button", "id": "scoops-mint", "title": "Mint", "enabled": false}]},
              {"type": "textField", "id": "note", "placeholder": "A note", "text": "yum"},
              {"type": "toggle", "id": "gift", "title": "Gift wrap", "on": true}]}}
            """
        let text = ScreenText.render(try Self.screen(view: view, staged: staged))
        #expect(text.contains("staged (Send sends it):\n  [0] John Appleseed (com.example.icecream, live, staged):"))
        #expect(text.contains("I added some scoops"))
        #expect(text.contains("open app: com.example.icecream on john-iphone (expanded, instance i4):"))
        #expect(text.contains("  text (headline): Choose the scoops"))
        #expect(text.contains("    [Vanilla] button scoops-vanilla payload {\"pick\":\"vanilla\"}"))
        #expect(text.contains("[Mint] button scoops-mint (disabled)"))
        #expect(text.contains("text field note: \"yum\" (placeholder: A note)"))
        #expect(text.contains("toggle gift: Gift wrap [on]"))
    }

    @Test func noAppOpenAndAFormerMembersInputField() throws {
        var screen = try Self.screen(view: #"{"app": null, "instance": null, "presentationStyle": null, "view": null}"#)
        screen.inputField = nil
        screen.inputFieldNote = "(none: removed from kate-john)"
        let text = ScreenText.render(screen)
        #expect(text.contains("open app: no app is open on john-iphone"))
        #expect(text.contains("input field: (none: removed from kate-john)"))
    }

    @Test func anEmptyTranscript() throws {
        var screen = try Self.screen()
        screen.transcript = try Self.decode(TranscriptResult.self, #"{"more": false, "olderCount": 0, "entries": []}"#)
        #expect(ScreenText.render(screen).contains("transcript: (empty)"))
    }

    @Test func aRefusalKeepsApplesCodeAndName() throws {
        let event = try Self.decode(
            EventRecord.self,
            #"{"seq": 41, "time": 5, "kind": "sendRefused", "device": "kate-iphone", "app": "com.example.python-raw", "conversation": "kate-john", "code": 9, "name": "sendWithoutRecentInteraction", "detail": "sendMessage"}"#
        )
        #expect(
            EventText.line(event)
                == "#41 sendRefused on kate-iphone com.example.python-raw in kate-john: 9 sendWithoutRecentInteraction — sendMessage"
        )
        let launch = try Self.decode(
            EventRecord.self,
            #"{"seq": 2, "time": 5, "kind": "launching", "device": "kate-iphone", "app": "com.example.icecream"}"#)
        #expect(EventText.line(launch) == "#2 launching on kate-iphone com.example.icecream")
    }

    /// A 2×3 PNG: the signature and an IHDR chunk, all a header reader needs.
    static let png = Data(
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [
            0, 0, 0, 2, 0, 0, 0, 3, 8, 6, 0, 0, 0,
        ])

    static let imageBubble = """
        {"index": 2, "entry": 8, "messageID": "m8", "kind": "message", "sender": "kate@example.com", "senderName": "Katie",
         "senderDevice": "kate-iphone", "app": "com.example.icecream", "rendering": "template", "sentAt": 1100,
         "senderParticipantIdentifier": "0D7A4C1E-0000-4000-8000-000000000001",
         "message": {"accessibilityLabel": "A cone with vanilla", "layout": {"type": "template", "image": {"url": "file:///s/ab.png"}}},
         "rendered": {"caption": "Ice cream"}}
        """

    @Test func aBubblesImageIsNamedWithItsSizeAndAccessibilityLabel() throws {
        var screen = try Self.screen()
        screen.transcript = try Self.decode(
            TranscriptResult.self, #"{"more": false, "olderCount": 0, "entries": [\#(Self.imageBubble)]}"#)
        screen.images = [
            ScreenImage(
                url: "file:///s/ab.png", entries: [8], mimeType: "image/png", data: Self.png.base64EncodedString())
        ]
        let text = ScreenText.render(screen)
        #expect(text.contains("  │ png image 2×3 px, accessibility label \"A cone with vanilla\""), "\(text)")
        // Without the bytes (the daemon did not give them), the image is still named.
        screen.images = []
        #expect(ScreenText.render(screen).contains("  │ image, accessibility label \"A cone with vanilla\""))
    }

    @Test func sendersIdentifiersOnlyWhenAsked() throws {
        var screen = try Self.screen()
        screen.transcript = try Self.decode(
            TranscriptResult.self, #"{"more": false, "olderCount": 0, "entries": [\#(Self.imageBubble)]}"#)
        #expect(!ScreenText.render(screen).contains("0D7A4C1E"))
        #expect(
            ScreenText.render(screen, identifiers: true).contains("  └─ sender 0D7A4C1E-0000-4000-8000-000000000001"))
    }

    @Test func anImagesSummaryNamesItsEntriesSizeAndBytes() {
        let image = ScreenImage(
            url: "file:///s/ab.png", entries: [8, 0], mimeType: "image/png", data: Self.png.base64EncodedString())
        #expect(image.header == ImageHeader(Self.png))
        #expect(
            image.summary == "entry [8] [0]: png image 2×3 px (image/png, \(Self.png.count) bytes) file:///s/ab.png")
    }
}
