import HashTreeCollections
import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// The parent app and its compose sheet (PROTOCOL.md §4.10), as typed events in and actions
/// out: the app presents, only the user sends or cancels, the bubble is the app's own under
/// the device's install, and the app learns the result (MessageComposeResult).
@Suite struct HostStateMachineComposeTests {
    static let message = MessageValue(
        summaryText: "Ordered", layout: .template(TemplateLayoutValue(caption: "Vanilla")))

    /// Opens the parent app on Amber's phone, played to the end; returns its instance.
    static func openParentApp(_ h: inout HostHarness) throws -> (instance: String, actions: [HostAction]) {
        let (reply, actions) = try h.user(
            .parentApp(.open(ParentAppRequest(device: HostHarness.amberPhone, app: HostHarness.app))))
        #expect(reply.isOK)
        return (try reply.result(ParentAppResult.self).instance, actions)
    }

    /// `presentMessageCompose` from the parent app; returns the extension reply and actions.
    static func present(
        _ h: inout HostHarness, _ instance: String, recipients: [String] = [HostHarness.ben], body: String? = "Join me",
        message: MessageValue? = Self.message
    ) throws -> (reply: Envelope, actions: [HostAction]) {
        let actions = h.request(
            .presentMessageCompose,
            PresentMessageComposeBody(instance: instance, recipients: recipients, body: body, message: message),
            from: instance)
        return (try #require(actions.extensionReplies.last), actions)
    }

    @Test func openingLaunchesTheParentAppAsItsOwnProcessAndResignsTheExtension() throws {
        var h = try HostHarness(parentApp: true)
        let extensionInstance = try h.open(on: HostHarness.amberPhone)
        let (instance, actions) = try Self.openParentApp(&h)
        #expect(actions.launches.map(\.role) == [.parentApp])
        #expect(actions.callbackTypes(of: instance) == ["applicationDidBecomeActive"])
        #expect(
            actions.callbackTypes(of: extensionInstance) == HostHarness.resign, "switching apps resigns the extension")
        #expect(actions.events.map(\.kind).contains("parentAppOpened"))
        // Without a parent app in the manifest: notFound.
        var plain = try HostHarness()
        let refused = try plain.controlReply(
            .parentApp(.open(ParentAppRequest(device: HostHarness.amberPhone, app: HostHarness.app))))
        #expect(refused.error == .control(.notFound, ""))
    }

    @Test func sendStoresTheAppsOwnBubbleThenTheTextAndTellsTheApp() throws {
        var h = try HostHarness(parentApp: true)
        let (instance, _) = try Self.openParentApp(&h)
        let amber = try #require(h.identifier(of: HostHarness.amber, on: HostHarness.amberPhone))
        let message = MessageValue(
            summaryText: "Ordered by $\(amber)", layout: .template(TemplateLayoutValue(caption: "Vanilla")))
        let (reply, presented) = try Self.present(&h, instance, message: message)
        #expect(reply.isOK)
        #expect(presented.events.map(\.kind) == ["composePresented"])
        #expect(
            try h.machine.world.entries(device: HostHarness.benPhone, conversation: HostHarness.conversation).isEmpty,
            "nothing leaves before the user sends")
        let sheet = try h.controlReply(.parentApp(.composeSheet(DeviceRequest(device: HostHarness.amberPhone)))).result(
            ComposeSheetResult.self)
        #expect(sheet.sheet?.recipients == [HostHarness.ben])
        #expect(sheet.sheet?.message?.message?.isPending == true)

        let (sent, actions) = try h.user(
            .parentApp(.compose(ComposeRequest(device: HostHarness.amberPhone, action: .send))))
        let result = try sent.result(ComposeResult.self)
        #expect(result.result == .sent)
        #expect(result.conversation == HostHarness.conversation, "the conversation of exactly Amber and Ben")
        let finished = try #require(actions.callbacks.first { $0.instance == instance })
        #expect(finished.header.type == "messageComposeDidFinish")
        #expect(try finished.decodeBody(MessageComposeDidFinishBody.self).result == .sent)
        #expect(
            MessageComposeResult.sent.rawCode == 1 && MessageComposeResult.cancelled.rawCode == 0
                && MessageComposeResult.failed.rawCode == 2)

        let ben = try h.transcript(HostHarness.benPhone)
        #expect(ben.map(\.kind) == ["message", "text"])
        #expect(ben.first?.app == HostHarness.app)
        #expect(
            ben.first?.senderParticipantIdentifier == h.identifier(of: HostHarness.amber, on: HostHarness.benPhone),
            "Ben's install sees Amber by its own identifier")
        #expect(ben.first?.rendered?.summaryText == "Ordered by Amber")
        #expect(ben.last?.text == "Join me")
        #expect(try h.transcript(HostHarness.amberPhone).map(\.kind) == ["message", "text"])
        #expect(h.machine.parentApps.sheets.isEmpty)
    }

    @Test func cancelStoresNothing() throws {
        var h = try HostHarness(parentApp: true)
        let (instance, _) = try Self.openParentApp(&h)
        _ = try Self.present(&h, instance)
        let (reply, actions) = try h.user(
            .parentApp(.compose(ComposeRequest(device: HostHarness.amberPhone, action: .cancel))))
        #expect(try reply.result(ComposeResult.self).result == .cancelled)
        #expect(
            try actions.callbacks.first { $0.instance == instance }?.decodeBody(MessageComposeDidFinishBody.self).result
                == .cancelled)
        #expect(actions.persisted.isEmpty)
        #expect(try h.transcript(HostHarness.benPhone).isEmpty)
        let again = try h.controlReply(
            .parentApp(.compose(ComposeRequest(device: HostHarness.amberPhone, action: .send))))
        #expect(again.error == .control(.invalidState, ""))
    }

    @Test func newRecipientsMakeANewConversationAndUnknownOnesFail() throws {
        var h = try HostHarness(parentApp: true)
        try h.addCleo()
        let (instance, _) = try Self.openParentApp(&h)
        _ = try Self.present(&h, instance, recipients: [HostHarness.cleo])
        let sent = try h.user(.parentApp(.compose(ComposeRequest(device: HostHarness.amberPhone, action: .send)))).reply
            .result(ComposeResult.self)
        let conversation = try #require(sent.conversation)
        #expect(h.machine.world.conversations[conversation]?.members == [HostHarness.amber, HostHarness.cleo])

        _ = try Self.present(&h, instance, recipients: ["nobody@example.com"])
        let (failedReply, actions) = try h.user(
            .parentApp(.compose(ComposeRequest(device: HostHarness.amberPhone, action: .send))))
        let failed = try failedReply.result(ComposeResult.self)
        #expect(failed.result == .failed)
        #expect(failed.reason?.contains("nobody@example.com") == true)
        #expect(actions.persisted.isEmpty)
        #expect(
            try actions.callbacks.first { $0.instance == instance }?.decodeBody(MessageComposeDidFinishBody.self).result
                == .failed)
    }

    @Test func aTappedBubbleOpensTheParentAppWhenTheManifestSaysSo() throws {
        var h = try HostHarness(parentApp: true, opensMessages: true)
        let extensionInstance = try h.open(on: HostHarness.amberPhone)
        _ = h.settle(
            try h.dispatch(
                MessageValue(url: "https://example.com/?order=42", summaryText: "hi"), from: HostHarness.benPhone
            ).1)
        let entry = try #require(h.entryIDs(HostHarness.amberPhone).last)
        let (result, actions) = try h.tap(entry, on: HostHarness.amberPhone)
        #expect(result.action == "openedParentApp")
        let instance = try #require(result.instance)
        #expect(actions.launches.map(\.role) == [.parentApp])
        #expect(actions.callbackTypes(of: instance) == ["applicationDidBecomeActive", "openURL"])
        #expect(
            actions.callbackTypes(of: extensionInstance) == HostHarness.resign,
            "switching to the parent app resigns the extension")
        let open = try #require(actions.callbacks.last { $0.instance == instance }).decodeBody(OpenURLBody.self)
        #expect(open.url == "https://example.com/?order=42")
        #expect(
            open.message.senderParticipantIdentifier == h.identifier(of: HostHarness.ben, on: HostHarness.amberPhone),
            "as the parent app's install sees Ben")

        // Tapped again with the parent app in the foreground: only openURL.
        let (again, more) = try h.tap(entry, on: HostHarness.amberPhone)
        #expect(again.instance == instance)
        #expect(more.callbackTypes(of: instance) == ["openURL"])
    }

    @Test func refusals() throws {
        var h = try HostHarness(parentApp: true)
        let extensionInstance = try h.open(on: HostHarness.benPhone)
        let fromExtension = h.request(
            .presentMessageCompose,
            PresentMessageComposeBody(instance: extensionInstance, recipients: [HostHarness.amber]),
            from: extensionInstance)
        #expect(fromExtension.extensionReplies.last?.error == .protocolError(.unknownType, ""))

        let (instance, _) = try Self.openParentApp(&h)
        #expect(try Self.present(&h, instance, recipients: []).reply.error == .protocolError(.invalidBody, ""))
        #expect(
            try Self.present(&h, instance, recipients: [HostHarness.amber]).reply.error
                == .protocolError(.invalidBody, ""), "not the device's owner")
        #expect(try Self.present(&h, instance).reply.isOK)
        let second = try Self.present(&h, instance)
        #expect(second.reply.error == .compose(.composeAlreadyPresented, ""))
        #expect(second.actions.events.map(\.kind) == ["requestRefused"])
        let sendFromApp = h.request(
            .sendMessage, MessageRequestBody(instance: instance, message: Self.message), from: instance)
        #expect(
            sendFromApp.extensionReplies.last?.error == .protocolError(.unknownType, ""), "only the user sends a sheet")
        let touch = try h.controlReply(.user(.touch(TouchRequest(device: HostHarness.amberPhone, payload: nil))))
        #expect(touch.error == .control(.invalidState, ""), "the sheet covers the app")

        // Closing cancels the sheet; the closed app can present no other.
        let (closed, actions) = try h.user(.parentApp(.close(DeviceRequest(device: HostHarness.amberPhone))))
        #expect(closed.isOK)
        #expect(actions.callbackTypes(of: instance) == ["messageComposeDidFinish", "applicationWillResignActive"])
        #expect(try Self.present(&h, instance).reply.error == .compose(.notInForeground, ""))
    }
}
