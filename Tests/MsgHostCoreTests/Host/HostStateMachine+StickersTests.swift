import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// Pins down the sticker drawer (PROTOCOL.md §4.11): `stickers` asks the open app, its reply
/// waits for the app's answer and the file checks; a bad sticker is left out, not fatal;
/// `chooseSticker` stages one or peels it onto a bubble (sent at once, the app not told).
@Suite struct HostStateMachineStickersTests {
    static let cone = StickerValue(url: "file:///app/cone.png", localizedDescription: "A cone")
    static let cup = StickerValue(url: "file:///app/cup.png", localizedDescription: "A cup")
    static let wordy = StickerValue(
        url: "file:///app/wordy.png", localizedDescription: String(repeating: "w", count: 151))
    static let missing = StickerValue(url: "file:///app/missing.png", localizedDescription: "Gone")

    /// `{"status": "ok", "stickers": […]}`: the app's answer to `stickers`.
    struct StickersReply: Encodable {
        var status = "ok"
        var stickers: [StickerValue]
    }

    /// Opens the drawer over Amber's open app: the `stickers` callback is answered with
    /// `offered`, the shell's checks with `checks`. Returns the control reply.
    static func openDrawer(
        _ h: inout HostHarness, instance: String, offering offered: [StickerValue], checks: [FileCheckResult]
    ) throws -> ControlMessage {
        let (id, asked) = h.control(.stickers(.stickers(StickersRequest(device: HostHarness.amberPhone))))
        #expect(asked.controlReplies.isEmpty, "the reply waits for the app")
        let callback = try #require(asked.callbacks.first)
        #expect(callback.header.type == "stickers" && callback.instance == instance)
        let route = HostHarness.route(of: try #require(h.machine.screens[instance]).launchID)
        var actions = h.fromExtension(
            ReplyType.name, StickersReply(stickers: offered), replyTo: callback.header.id, key: h.keys[route],
            route: route)
        if !checks.isEmpty {
            #expect(actions.controlReplies.isEmpty, "the reply waits for the file checks")
            actions = try h.answerFiles(in: actions, checks)
        }
        return try #require(actions.controlReplies.first { $0.header.replyTo == id })
    }

    @Test func theDrawerShowsWhatPassesItsChecksAndNamesWhatItLeftOut() throws {
        var h = try HostHarness()
        let instance = try h.open(on: HostHarness.amberPhone)
        let notFound = WireError.stickers(.fileNotFound, "no file at /app/missing.png")
        let reply = try Self.openDrawer(
            &h, instance: instance, offering: [Self.cone, Self.wordy, Self.missing, Self.cup],
            checks: [
                .accepted(HostHarness.storedFile("cone.png")), .refused(notFound),
                .accepted(HostHarness.storedFile("cup.png")),
            ])
        let drawer = try reply.result(StickerDrawerResult.self)
        #expect(drawer.app == HostHarness.app && drawer.instance == instance)
        #expect(drawer.stickers.map(\.index) == [0, 3])
        #expect(drawer.stickers.map(\.localizedDescription) == ["A cone", "A cup"])
        #expect(drawer.stickers.map(\.file.filename) == ["cone.png", "cup.png"])
        #expect(drawer.rejected.map(\.index) == [1, 2])
        #expect(drawer.rejected[0].error == .messages(.unknown))
        #expect(drawer.rejected[1].error == notFound && drawer.rejected[1].url == Self.missing.url)
    }

    @Test func aStickerTappedGoesIntoTheInputFieldAndSendsFromThere() throws {
        var h = try HostHarness()
        let instance = try h.open(on: HostHarness.amberPhone)
        _ = try Self.openDrawer(
            &h, instance: instance, offering: [Self.cone], checks: [.accepted(HostHarness.storedFile("cone.png"))])
        let (reply, actions) = try h.user(
            .stickers(.choose(ChooseStickerRequest(device: HostHarness.amberPhone, sticker: 0))))
        #expect(try reply.result(ChooseStickerResult.self).messageID == nil)
        #expect(actions.callbacks.isEmpty, "the app is not told")
        #expect(actions.events.map(\.kind) == ["staged"])
        let field = h.machine.world.inputField(device: HostHarness.amberPhone, conversation: HostHarness.conversation)
        guard case .sticker(let file, let description)? = field.staged?.content else {
            Issue.record("nothing staged: \(field)")
            return
        }
        #expect(file.filename == "cone.png" && description == "A cone" && field.staged?.app == HostHarness.app)
        #expect(
            try h.user(
                .user(.send(InputFieldRequest(device: HostHarness.amberPhone, conversation: HostHarness.conversation)))
            ).reply.isOK)
        #expect(try h.transcript(HostHarness.benPhone).last?.kind == "sticker")
    }

    @Test func aStickerPeeledOntoABubbleIsSentAtOnceOnThatBubble() throws {
        var h = try HostHarness()
        let (text, sent) = try h.dispatch(.text("look"), from: HostHarness.benPhone, app: nil)
        _ = h.settle(sent)
        let instance = try h.open(on: HostHarness.amberPhone)
        _ = try Self.openDrawer(
            &h, instance: instance, offering: [Self.cone], checks: [.accepted(HostHarness.storedFile("cone.png"))])
        let onto = try #require(h.entryIDs(HostHarness.amberPhone).first)
        let (reply, actions) = try h.user(
            .stickers(.choose(ChooseStickerRequest(device: HostHarness.amberPhone, sticker: 0, onto: onto))))
        let id = try #require(try reply.result(ChooseStickerResult.self).messageID)
        #expect(actions.callbacks.isEmpty, "a peel is the user's, and the app is not told")
        let stored = try #require(h.machine.world.storedMessages[id])
        #expect(
            stored.content == .peeledSticker(HostHarness.storedFile("cone.png"), description: "A cone", onto: text.id))
        #expect(stored.app == HostHarness.app && stored.senderInstall == h.installID(HostHarness.amberPhone))
        for device in [HostHarness.amberPhone, HostHarness.benPhone] {
            let last = try #require(try h.transcript(device).last)
            #expect(last.kind == "sticker" && last.peeledOnto == text.id && last.text == "A cone")
        }
        #expect(
            h.machine.world.inputField(device: HostHarness.amberPhone, conversation: HostHarness.conversation).staged
                == nil, "a peel leaves the input field alone")
    }

    @Test func chooseStickerNeedsALoadedDrawerAndASticker() throws {
        var h = try HostHarness()
        #expect(
            try h.controlReply(.stickers(.stickers(StickersRequest(device: HostHarness.amberPhone)))).error
                == .control(.invalidState, ""))
        let instance = try h.open(on: HostHarness.amberPhone)
        let choose = { (h: inout HostHarness, sticker: Int, onto: Int?) in
            try h.controlReply(
                .stickers(.choose(ChooseStickerRequest(device: HostHarness.amberPhone, sticker: sticker, onto: onto)))
            ).error
        }
        #expect(try choose(&h, 0, nil) == .control(.invalidState, ""), "no drawer yet")
        let refused = WireError.messages(.stickerFileImproperFileSize, "over 500 KB")
        _ = try Self.openDrawer(
            &h, instance: instance, offering: [Self.cone, Self.cup],
            checks: [.accepted(HostHarness.storedFile("cone.png")), .refused(refused)])
        let leftOut = try #require(try choose(&h, 1, nil))
        #expect(leftOut == .control(.invalidState, "") && leftOut.description.contains("stickerFileImproperFileSize"))
        #expect(try choose(&h, 2, nil) == .control(.notFound, ""))
        #expect(try choose(&h, 256, nil) == .control(.invalidRequest, ""))
        #expect(try choose(&h, 0, 0) == .control(.invalidRequest, ""))
        #expect(try choose(&h, 0, 99) == .control(.notFound, ""))

        // Closing the app closes its drawer.
        #expect(try h.user(.user(.close(DeviceRequest(device: HostHarness.amberPhone)))).reply.isOK)
        _ = try h.open(on: HostHarness.amberPhone)
        #expect(try choose(&h, 0, nil) == .control(.invalidState, ""))
    }

    @Test func anAppThatCannotSayFailsTheRequestNamingWhy() throws {
        var h = try HostHarness()
        let instance = try h.open(on: HostHarness.amberPhone)
        let route = HostHarness.route(of: try #require(h.machine.screens[instance]).launchID)
        for (answer, words) in [
            (["status": "ok"] as [String: String], "without"), (["status": "ok", "stickers": "many"], "without"),
        ] {
            let (id, asked) = h.control(.stickers(.stickers(StickersRequest(device: HostHarness.amberPhone))))
            let callback = try #require(asked.callbacks.first)
            // A second opening while this one loads is refused.
            #expect(
                try h.controlReply(.stickers(.stickers(StickersRequest(device: HostHarness.amberPhone)))).error
                    == .control(.invalidState, ""))
            let actions = h.fromExtension(
                ReplyType.name, answer, replyTo: callback.header.id, key: h.keys[route], route: route)
            let error = try #require(actions.controlReplies.first { $0.header.replyTo == id }?.error)
            #expect(error == .control(.extensionFailed, "") && error.description.contains(words))
        }
        let tooMany = Array(repeating: Self.cone, count: StickerDrawer.maximumStickers + 1)
        let (id, asked) = h.control(.stickers(.stickers(StickersRequest(device: HostHarness.amberPhone))))
        let callback = try #require(asked.callbacks.first)
        let actions = h.fromExtension(
            ReplyType.name, StickersReply(stickers: tooMany), replyTo: callback.header.id, key: h.keys[route],
            route: route)
        #expect(actions.inspections.isEmpty, "no file of an oversized list is looked at")
        #expect(actions.controlReplies.first { $0.header.replyTo == id }?.error == .control(.extensionFailed, ""))
    }
}
