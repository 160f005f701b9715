import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// Leaving a conversation ends the app presented in it, then its live bubbles, and nothing
/// elsewhere; a transcript's live bubbles are drawn once each, and end when they scroll off.
@Suite struct ScreensShowingTests {
    static func bubble(_ id: String, entry: Int, conversation: String = "ab") -> Instance {
        var instance = ScreensTests.instance(id, conversation: conversation, style: .transcript)
        instance.liveEntry = entry
        return instance
    }

    @Test func leavingEndsThePresentedAppThenItsBubbles() {
        var screens = Screens()
        screens.add(ScreensTests.instance("main"))
        screens.present("main")
        screens.add(Self.bubble("b1", entry: 1))
        screens.add(Self.bubble("elsewhere", entry: 2, conversation: "other"))
        #expect(screens.leaving(device: "amber-phone", for: "other").isEmpty, "it shows nothing yet")
        screens.show("ab", on: "amber-phone")
        #expect(screens.leaving(device: "amber-phone", for: "ab").isEmpty, "staying is not leaving")
        #expect(screens.leaving(device: "amber-phone", for: "other") == ["main", "b1"])
        #expect(screens.leaving(device: "amber-phone", for: nil) == ["main", "b1"])
    }

    @Test func eachBubbleOnScreenIsDrawnOnceAndEndsWhenItScrollsOff() {
        var screens = Screens()
        screens.add(Self.bubble("b1", entry: 1))
        screens.add(Self.bubble("b3", entry: 3))
        let onScreen = [
            TranscriptEntry(id: 3, messageID: "m3", kind: .bubble),
            TranscriptEntry(id: 4, messageID: "m4", kind: .bubble),
        ]
        let (gone, undrawn) = screens.liveBubbleChanges(device: "amber-phone", conversation: "ab", onScreen: onScreen)
        #expect(gone == ["b1"] && undrawn.map(\.id) == [4])
    }
}
