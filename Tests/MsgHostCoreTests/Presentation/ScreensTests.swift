import HashTreeCollections
import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// What each device shows: one presented instance at most, only one that exists on that
/// device; removing or resigning it stops presenting it; visibility needs all of it.
@Suite struct ScreensTests {
    static func instance(
        _ id: String, device: String = "amber-phone", conversation: String = "ab", style: PresentationStyle = .compact
    ) -> Instance {
        Instance(
            id: id, launchID: "l", device: device, conversation: conversation, app: "app", installID: "i",
            context: .messages, style: style)
    }

    @Test func aPresentedInstanceIsVisibleOnlyInTheConversationItsDeviceShows() {
        var screens = Screens()
        screens.add(Self.instance("i1"))
        screens.present("i1")
        #expect(!screens.isVisible(screens["i1"]!), "the device shows no conversation yet")
        screens.show("ab", on: "amber-phone")
        #expect(screens.isVisible(screens["i1"]!))
        screens.show("other", on: "amber-phone")
        #expect(!screens.isVisible(screens["i1"]!))
    }

    @Test func removingOrResigningAnInstanceStopsPresentingIt() {
        var screens = Screens()
        screens.add(Self.instance("i1"))
        screens.present("i1")
        screens.stopPresenting("i1")
        #expect(screens.presented["amber-phone"] == nil)
        screens.present("i1")
        screens.add(Self.instance("i2"))
        screens.stopPresenting("i2")
        #expect(screens.presented["amber-phone"] == "i1", "stopping another instance leaves the presented one")
        screens.remove("i1")
        #expect(screens.presented["amber-phone"] == nil && screens["i1"] == nil)
        screens.present("nope")
        #expect(screens.presented.isEmpty, "only an instance that exists can be presented")
    }

    @Test func liveInstancesAreTheActiveTranscriptOnesOfThatTranscript() {
        var screens = Screens()
        screens.add(Self.instance("main"))
        screens.add(Self.instance("b1", style: .transcript))
        screens.add(Self.instance("b2", style: .transcript))
        screens.add(Self.instance("elsewhere", conversation: "other", style: .transcript))
        screens["b2"]?.phase = .resigning
        #expect(screens.liveInstances(device: "amber-phone", conversation: "ab") == ["b1"])
        screens["b1"]?.callbacks.append([.init(type: .touch, body: .ok)])
        #expect(screens.busy == ["b1"])
    }

    @Test func theCausesStillCarriedAreOnlyThoseAskedAbout() {
        var screens = Screens()
        screens.add(Self.instance("i1"))
        screens.add(Self.instance("i2"))
        #expect(screens.isIdle && screens.depths == (0, 0))
        screens["i1"]?.callbacks.append([CallbackQueue.Callback(type: .touch, body: .ok, causes: [1, 2])])
        screens["i2"]?.callbacks.append([CallbackQueue.Callback(type: .touch, body: .ok, causes: [3])])
        screens["i2"]?.callbacks.sent(id: "h1", at: Instant(milliseconds: 0))
        #expect(!screens.isIdle && screens.depths == (1, 1))
        #expect(screens.causes(among: [2, 3, 9]) == [2, 3])
        #expect(screens.causes(among: []) == [])
    }
}
