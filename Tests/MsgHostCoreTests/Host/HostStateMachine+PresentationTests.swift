import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// Pins down what the user sees and the callbacks that follow (SPEC §3, §5; PROTOCOL §4.3):
/// tapping a bubble cold-starts the app expanded with the message selected, or (app open and
/// compact) transitions and selects; tapping the selected message again does nothing; the
/// chevron toggles; showing another conversation resigns the app; what a tap does on each
/// platform; and live-layout bubbles get transcript-style instances where live layouts run.
@Suite struct HostStateMachinePresentationTests {
    static let question = MessageValue(
        url: "https://example.com/q", session: "S", summaryText: "asked",
        layout: .template(TemplateLayoutValue(caption: "Which?")))
    static let live = MessageValue(
        summaryText: "live", layout: .live(alternateLayout: TemplateLayoutValue(caption: "Pick")))

    /// Amber's `message` arrives; returns the entry id it has on `device`.
    static func arrives(
        _ h: inout HostHarness, _ message: MessageValue = question, on device: String = HostHarness.benPhone
    ) throws -> Int {
        _ = try h.dispatch(message)
        return try #require(h.entryIDs(device).last)
    }

    // MARK: Taps

    @Test func tappingABubbleColdStartsTheAppExpandedWithTheMessageSelected() throws {
        var h = try HostHarness()
        let entry = try Self.arrives(&h)
        let (result, actions) = try h.tap(entry, on: HostHarness.benPhone)
        #expect(result.action == "selected")
        let instance = try #require(result.instance)
        #expect(actions.launches.map(\.device) == [HostHarness.benPhone])
        #expect(actions.callbackTypes(of: instance) == HostHarness.coldStart)
        let activation = try #require(actions.callbacks.first).decodeBody(ActivationBody.self)
        #expect(activation.presentationStyle == .expanded)
        let selected = try #require(activation.conversation.selectedMessage)
        #expect(selected.summaryText == "asked")
        #expect(selected.senderParticipantIdentifier == h.identifier(of: HostHarness.amber, on: HostHarness.benPhone))
        #expect(
            activation.conversation.localParticipantIdentifier
                == h.identifier(of: HostHarness.ben, on: HostHarness.benPhone))
    }

    @Test func tappingABubbleWhileTheAppIsCompactTransitionsAroundTheSelection() throws {
        var h = try HostHarness()
        let entry = try Self.arrives(&h)
        let instance = try h.open(on: HostHarness.benPhone)
        let (result, actions) = try h.tap(entry, on: HostHarness.benPhone)
        #expect(result == TapResult(action: "selected", instance: instance))
        #expect(actions.launches.isEmpty)
        let callbacks = actions.callbacks
        #expect(callbacks.map(\.header.type) == ["willTransition", "willSelect", "didSelect", "didTransition"])
        #expect(callbacks.allSatisfy { $0.instance == instance })
        for transition in [callbacks[0], callbacks[3]] {
            #expect(try transition.decodeBody(PresentationStyleBody.self).presentationStyle == .expanded)
        }
        let selected = try callbacks[1].decodeBody(MessageCallbackBody.self)
        #expect(selected.message.summaryText == "asked")
        #expect(selected.conversation.selectedMessage == selected.message)
        #expect(try callbacks[2].decodeBody(MessageCallbackBody.self) == selected)
    }

    @Test func tappingTheSelectedMessageAgainDoesNothingAndAnotherOneOnlySelects() throws {
        var h = try HostHarness()
        let first = try Self.arrives(&h)
        let second = try Self.arrives(&h, MessageValue(summaryText: "other"))
        let (opened, _) = try h.tap(first, on: HostHarness.benPhone)
        let (again, actions) = try h.tap(first, on: HostHarness.benPhone)
        #expect(again == opened)
        #expect(actions.callbacks.isEmpty)
        let (other, switched) = try h.tap(second, on: HostHarness.benPhone)
        #expect(other.instance == opened.instance)
        #expect(switched.callbacks.map(\.header.type) == ["willSelect", "didSelect"])
        #expect(try switched.callbacks[0].decodeBody(MessageCallbackBody.self).message.summaryText == "other")
    }

    @Test func theChevronTogglesBetweenCompactAndExpanded() throws {
        var h = try HostHarness()
        let instance = try h.open(on: HostHarness.amberPhone)
        for style in [PresentationStyle.expanded, .compact, .expanded] {
            let (reply, actions) = try h.user(.user(.chevron(DeviceRequest(device: HostHarness.amberPhone))))
            #expect(try reply.result(OpenResult.self) == OpenResult(instance: instance, presentationStyle: style))
            #expect(actions.callbackTypes(of: instance) == ["willTransition", "didTransition"])
            #expect(
                try actions.callbacks.map { try $0.decodeBody(PresentationStyleBody.self).presentationStyle } == [
                    style, style,
                ])
        }
        let (closed, _) = try h.user(.user(.close(DeviceRequest(device: HostHarness.amberPhone))))
        #expect(closed.isOK)
        #expect(
            try h.controlReply(.user(.chevron(DeviceRequest(device: HostHarness.amberPhone)))).error?.isControl(
                .invalidState) == true)
    }

    @Test func showingAnotherConversationResignsTheAppAndShowingTheSameOneDoesNot() throws {
        var h = try HostHarness()
        #expect(
            try h.controlReply(
                .admin(
                    .createConversation(
                        CreateConversationRequest(members: [HostHarness.amber, HostHarness.cleo], id: "amber-cleo")))
            ).isOK)
        let instance = try h.open(on: HostHarness.amberPhone)
        #expect(try h.show(HostHarness.conversation, on: HostHarness.amberPhone).callbacks.isEmpty)
        let left = try h.show("amber-cleo", on: HostHarness.amberPhone)
        #expect(left.callbackTypes(of: instance) == HostHarness.resign)
        #expect(
            try h.controlReply(.user(.touch(TouchRequest(device: HostHarness.amberPhone)))).error?.isControl(
                .invalidState) == true)
    }

    struct TapCase: Sendable, CustomTestStringConvertible {
        var platform: Platform
        var withApp: Bool
        var url: String
        var action: String
        var testDescription: String {
            "\(self.platform) \(self.withApp ? "with" : "without") the app, \(self.url.prefix(6))… → \(self.action)"
        }
    }

    @Test(arguments: [
        TapCase(platform: .macos, withApp: false, url: "https://example.com/q", action: "openedURL"),
        TapCase(platform: .macos, withApp: true, url: "HTTP://example.com/q", action: "openedURL"),
        TapCase(platform: .macos, withApp: false, url: "data:text/plain;base64,aGk=", action: "none"),
        TapCase(platform: .watchos, withApp: true, url: "https://example.com/q", action: "none"),
        TapCase(platform: .legacy, withApp: false, url: "https://example.com/q", action: "none"),
        TapCase(platform: .ios17, withApp: false, url: "https://example.com/q", action: "none"),
        TapCase(platform: .ios10, withApp: true, url: "https://example.com/q", action: "selected"),
    ])
    func whatATapDoesOnEachPlatform(_ tap: TapCase) throws {
        var h = try HostHarness()
        try h.addDevice("ben-other", platform: tap.platform, withApp: tap.withApp)
        var message = Self.question
        message.url = tap.url
        let entry = try Self.arrives(&h, message, on: "ben-other")
        let (result, actions) = try h.tap(entry, on: "ben-other")
        #expect(result.action == tap.action)
        switch tap.action {
        case "openedURL":
            #expect(result.url == tap.url)
            #expect(actions.events.contains { $0.kind == "openedURL" && $0.detail == tap.url })
        case "none":
            #expect(result.reason != nil && result.instance == nil)
        default:
            #expect(result.instance != nil)
        }
        #expect(actions.launches.isEmpty == (tap.action != "selected"), "only an app that runs here is started")
    }

    @Test func tappingASummaryDoesNothing() throws {
        var h = try HostHarness()
        let summary = try Self.arrives(&h)
        _ = try Self.arrives(&h)
        #expect(
            try h.machine.world.entries(device: HostHarness.benPhone, conversation: HostHarness.conversation).first?
                .kind == .summary)
        let (result, actions) = try h.tap(summary, on: HostHarness.benPhone)
        #expect(result.action == "none")
        #expect(result.reason?.contains("summary") == true)
        #expect(actions.launches.isEmpty && actions.callbacks.isEmpty)
    }

    @Test func tappingAnUnknownEntryIsNotFound() throws {
        var h = try HostHarness()
        let reply = try h.controlReply(
            .user(.tap(TapRequest(device: HostHarness.benPhone, conversation: HostHarness.conversation, entry: 999))))
        #expect(reply.error?.isControl(.notFound) == true)
    }

    // MARK: Live layouts

    @Test(arguments: [
        (SizeValue(width: 1_000, height: 100), SizeValue(width: 320, height: 100)),
        (SizeValue(width: -5, height: 9_999), SizeValue(width: 0, height: 480)),
        (SizeValue(width: 100, height: 200), SizeValue(width: 100, height: 200)),
    ])
    func aLiveBubbleArrivingOnScreenGetsATranscriptInstanceAndItsSizeIsClamped(answer: SizeValue, kept: SizeValue)
        throws
    {
        var h = try HostHarness()
        try h.show(HostHarness.conversation, on: HostHarness.benPhone)
        let (_, arrived) = try h.dispatch(Self.live)
        #expect(
            arrived.launches.map(\.device) == [HostHarness.benPhone],
            "only the device showing the conversation draws it")
        let actions = h.settle(arrived, size: answer)
        let sizeCallback = try #require(actions.callbacks.last)
        let instance = try #require(sizeCallback.instance)
        #expect(actions.callbackTypes(of: instance) == HostHarness.coldStart + ["contentSizeThatFits"])
        #expect(try sizeCallback.decodeBody(ContentSizeBody.self).size == SizeValue(width: 320, height: 480))
        let activation = try #require(actions.callbacks.first).decodeBody(ActivationBody.self)
        #expect(activation.presentationStyle == .transcript)
        #expect(
            activation.conversation.selectedMessage?.summaryText == "live",
            "a transcript instance is told which message it draws")
        let bubble = try #require(try h.transcript(HostHarness.benPhone).last)
        #expect(bubble.rendering == "live")
        #expect(bubble.liveSize == kept)
    }

    @Test func showingAConversationStartsOneInstancePerLiveBubbleAndLeavingItResignsThem() throws {
        var h = try HostHarness()
        _ = try h.dispatch(Self.live)
        _ = try h.dispatch(Self.question)
        let (_, second) = try h.dispatch(MessageValue(layout: Self.live.layout))
        #expect(second.launches.isEmpty, "nobody shows the conversation yet")
        let shown = try h.show(HostHarness.conversation, on: HostHarness.benPhone)
        #expect(shown.launches.count == 1, "one process hosts every bubble of the app")
        let drawn = Set(shown.callbacks.filter { $0.header.type == "contentSizeThatFits" }.compactMap(\.instance))
        #expect(drawn.count == 2)
        let left = try h.show(nil, on: HostHarness.benPhone)
        for instance in drawn { #expect(left.callbackTypes(of: instance) == HostHarness.resign) }
    }

    @Test func onlyLiveBubblesOnScreenGetAnInstanceAndOneScrolledOffResigns() throws {
        var settings = HostSettings()
        settings.entriesOnScreen = 2
        var h = try HostHarness(settings: settings)
        _ = try h.dispatch(Self.live)
        _ = try h.dispatch(Self.question)
        _ = try h.dispatch(MessageValue(layout: Self.live.layout))
        let shown = try h.show(HostHarness.conversation, on: HostHarness.benPhone)
        let drawn = Set(shown.callbacks.filter { $0.header.type == "contentSizeThatFits" }.compactMap(\.instance))
        #expect(drawn.count == 1, "the first live bubble is three entries back, off a two-entry screen")
        let instance = try #require(drawn.first)
        _ = try h.dispatch(Self.question)
        #expect(
            h.machine.screens[instance]?.isActive == true, "still on screen: the newest two are it and the question")
        _ = try h.dispatch(Self.question)
        #expect(
            h.machine.screens[instance]?.isActive != true,
            "a second message scrolls the live bubble off, and it resigns")
    }

    @Test func iOS10AndDevicesWithoutTheAppDrawTheAlternateLayoutWithNoInstance() throws {
        var h = try HostHarness()
        try h.addDevice("ben-ipad", platform: .ios10)
        try h.addDevice("ben-noapp", platform: .ios17, withApp: false)
        try h.show(HostHarness.conversation, on: "ben-ipad")
        try h.show(HostHarness.conversation, on: "ben-noapp")
        let (_, arrived) = try h.dispatch(Self.live)
        #expect(arrived.launches.isEmpty)
        #expect(try h.transcript("ben-ipad").last?.rendering == "alternate")
        #expect(try h.transcript("ben-noapp").last?.rendering == "alternate")
        #expect(try h.transcript(HostHarness.benPhone).last?.rendering == "live")
    }

    @Test(arguments: [RequestType.sendMessage, .sendText])
    func aTranscriptInstanceCannotSend(type: RequestType) throws {
        var h = try HostHarness()
        try h.show(HostHarness.conversation, on: HostHarness.benPhone)
        let (_, arrived) = try h.dispatch(Self.live)
        let live = try #require(h.settle(arrived).callbacks.last?.instance)
        let body: any Encodable =
            type == .sendText
            ? TextRequestBody(instance: live, text: "hi") : MessageRequestBody(instance: live, message: MessageValue())
        let reply = try #require(h.request(type, body, from: live).extensionReplies.first)
        #expect(reply.error?.isMessages(.sendWhileNotVisible) == true)
        #expect(h.machine.world.storedMessages.count == 1)
    }
}
