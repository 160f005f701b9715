import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// Pins down the extension's content requests (SPEC §4, PROTOCOL §4.4–4.6): `insert*` stages
/// in the input field, replacing what was there (a staged message is pending); `insertMessage`
/// and `insertText` are refused in the media context, stickers and attachments are not;
/// `send*` are checked 11 → 10 → 9; files are looked at by the shell and the request is
/// answered only once it did (a refused file is the reply, an accepted one travels with the
/// message); a layout image must name a binary frame; a sticker description is ≤ 150.
@Suite struct HostStateMachineRequestsTests {
    static let image = HostHarness.storedFile("cone")
    static let movie = HostHarness.storedFile("clip", mediaType: "video/quicktime")
    static let sticker = StickerValue(url: "file:///tmp/cone.png", localizedDescription: "A vanilla cone")

    static func body(_ type: RequestType, _ instance: String) -> any Encodable {
        switch type {
        case .sendMessage, .insertMessage:
            MessageRequestBody(instance: instance, message: MessageValue(summaryText: "hi"))
        case .sendSticker, .insertSticker: StickerRequestBody(instance: instance, sticker: Self.sticker)
        case .sendAttachment, .insertAttachment:
            AttachmentRequestBody(instance: instance, url: "file:///tmp/report.pdf")
        default: TextRequestBody(instance: instance, text: "hi")
        }
    }

    static func field(_ h: HostHarness) -> InputField {
        h.machine.world.inputField(device: HostHarness.amberPhone, conversation: HostHarness.conversation)
    }

    static func stored(_ actions: [HostAction]) -> [StoredMessage] {
        actions.persisted.compactMap { if case .messageStored(let message) = $0 { message } else { nil } }
    }

    // MARK: Insert

    @Test func insertMessageStagesAPendingMessageAndEachInsertReplacesTheStagedItem() throws {
        var h = try HostHarness()
        let instance = try h.open(on: HostHarness.amberPhone)
        let forged = MessageValue(summaryText: "draft", isPending: false, senderParticipantIdentifier: "FORGED")
        let inserted = h.request(
            .insertMessage, MessageRequestBody(instance: instance, message: forged), from: instance)
        let message = try #require(inserted.extensionReplies.first).decodeBody(SendMessageResult.self).message
        #expect(message.isPending == true)
        #expect(message.senderParticipantIdentifier == h.identifier(of: HostHarness.amber, on: HostHarness.amberPhone))
        #expect(inserted.callbacks.isEmpty, "nothing is sent, so no didStartSending")
        #expect(Self.stored(inserted).isEmpty)
        #expect(Self.field(h).staged?.instance == instance)
        #expect(Self.field(h).staged?.content.appMessage?.summaryText == "draft")

        let text = h.request(.insertText, TextRequestBody(instance: instance, text: "typed"), from: instance)
        #expect(text.extensionReplies.first?.isOK == true)
        #expect(Self.field(h).staged?.content == .text("typed"))

        let sticker = try h.answerFiles(
            in: h.request(
                .insertSticker, StickerRequestBody(instance: instance, sticker: Self.sticker), from: instance),
            [.accepted(Self.image)])
        #expect(sticker.extensionReplies.first?.isOK == true)
        #expect(Self.field(h).staged?.content == .sticker(Self.image, description: "A vanilla cone"))

        let attachment = h.request(
            .insertAttachment, AttachmentRequestBody(instance: instance, url: "file:///tmp/a.pdf"), from: instance)
        _ = try h.answerFiles(in: attachment, [.accepted(Self.movie)])
        #expect(Self.field(h).staged?.content == .attachment(Self.movie))
        #expect(h.machine.world.storedMessages.isEmpty, "nothing leaves the device")
    }

    @Test(arguments: [RequestType.insertMessage, .insertText])
    func insertingAMessageOrTextInTheMediaContextIsAPIUnavailable(type: RequestType) throws {
        var h = try HostHarness()
        let instance = try h.open(on: HostHarness.amberPhone, app: HostHarness.mediaApp)
        let reply = try #require(h.request(type, Self.body(type, instance), from: instance).extensionReplies.first)
        #expect(reply.error?.isMessages(.apiUnavailableInPresentationContext) == true)
        #expect(Self.field(h).staged == nil)
    }

    @Test(arguments: [RequestType.insertSticker, .insertAttachment])
    func insertingAStickerOrAttachmentWorksInTheMediaContext(type: RequestType) throws {
        var h = try HostHarness()
        let instance = try h.open(on: HostHarness.amberPhone, app: HostHarness.mediaApp)
        let parked = h.request(type, Self.body(type, instance), from: instance)
        #expect(parked.extensionReplies.isEmpty)
        let done = try h.answerFiles(in: parked, [.accepted(Self.image)])
        #expect(done.extensionReplies.first?.isOK == true)
        #expect(Self.field(h).staged?.app == HostHarness.mediaApp)
    }

    // MARK: Send policy

    @Test(arguments: [RequestType.sendMessage, .sendText, .sendSticker, .sendAttachment])
    func everySendIsCheckedContextThenVisibilityThenTouch(type: RequestType) throws {
        var h = try HostHarness()
        let media = try h.open(on: HostHarness.amberPhone, app: HostHarness.mediaApp)
        try h.userTouch()
        #expect(
            h.request(type, Self.body(type, media), from: media).extensionReplies.first?.error?.code == 11,
            "touched and visible, but media")
        let instance = try h.open(on: HostHarness.amberPhone)
        #expect(
            h.request(type, Self.body(type, media), from: media).extensionReplies.first?.error?.code == 11,
            "11 before 10")
        #expect(
            h.request(type, Self.body(type, instance), from: instance).extensionReplies.first?.error?.code == 9,
            "visible, untouched")
        try h.userTouch()
        let accepted = h.settle(h.request(type, Self.body(type, instance), from: instance))
        #expect(accepted.extensionReplies.first?.isOK == true || accepted.inspections.count == 1)
        #expect(try h.user(.user(.close(DeviceRequest(device: HostHarness.amberPhone)))).reply.isOK)
        #expect(
            h.request(type, Self.body(type, instance), from: instance).extensionReplies.first?.error?.code == 10,
            "10 before 9")
    }

    // MARK: Files

    @Test func anAttachmentIsAnsweredOnlyOnceTheShellLookedAtItAndARefusalConsumesNothing() throws {
        var h = try HostHarness()
        let instance = try h.open(on: HostHarness.amberPhone)
        try h.userTouch()
        let request = AttachmentRequestBody(
            instance: instance, url: "file:///tmp/report.pdf", alternateFilename: "Report.pdf")
        let parked = h.request(.sendAttachment, request, from: instance)
        #expect(parked.count == 1, "only the inspection: no reply, nothing stored")
        let inspection = try #require(parked.inspections.first)
        #expect(inspection.checks == [FileCheck(source: .url("file:///tmp/report.pdf"), purpose: .attachment)])
        #expect(inspection.alternateFilename == "Report.pdf")

        let refused = try h.answerFiles(in: parked, [.refused(.messages(.fileNotFound, "no /tmp/report.pdf"))])
        let error = try #require(refused.extensionReplies.first?.error)
        #expect(error.isMessages(.fileNotFound) && error.description == "no /tmp/report.pdf")
        #expect(refused.persisted.isEmpty)
        #expect(refused.events.contains { $0.kind == "sendRefused" && $0.code == 1 })
        #expect(
            h.machine.filesInspected(token: inspection.token, results: [.accepted(Self.image)], now: h.now).isEmpty,
            "a token is answered once")

        let file = HostHarness.storedFile("report", mediaType: "application/pdf")
        let sent = try h.answerFiles(in: h.request(.sendAttachment, request, from: instance), [.accepted(file)])
        #expect(sent.extensionReplies.first?.isOK == true, "the refusal did not use up the touch")
        #expect(Self.stored(sent).map(\.content) == [.attachment(file)])
        #expect(sent.callbacks.isEmpty, "didStartSending is for MSMessages only")
        #expect(try h.transcript(HostHarness.benPhone).last?.file?.filename == "report")
    }

    @Test func aMessagesImageAndMediaAreCheckedAndTheStoredCopiesTravelWithIt() throws {
        var h = try HostHarness()
        let instance = try h.open(on: HostHarness.amberPhone)
        try h.userTouch()
        let layout = TemplateLayoutValue(
            caption: "c", image: FrameReference(frame: 1), mediaFileURL: "file:///tmp/clip.mov")
        let message = MessageValue(summaryText: "pic", layout: .live(alternateLayout: layout))
        let parked = h.request(
            .sendMessage, MessageRequestBody(instance: instance, message: message), from: instance,
            buffers: [[0], [1, 2, 3]])
        #expect(parked.extensionReplies.isEmpty)
        #expect(
            parked.inspections.first?.checks == [
                FileCheck(source: .bytes([1, 2, 3]), purpose: .layoutImage),
                FileCheck(source: .url("file:///tmp/clip.mov"), purpose: .layoutMedia),
            ])
        let sent = h.settle(try h.answerFiles(in: parked, [.accepted(Self.image), .accepted(Self.movie)]))
        let stored = try #require(Self.stored(sent).first)
        // The extension's own references are dropped; the store's copies travel beside the message.
        let kept = MessageValue(
            summaryText: "pic", isPending: false, layout: .live(alternateLayout: TemplateLayoutValue(caption: "c")))
        #expect(stored.content == .app(kept, image: Self.image, media: Self.movie))
        let reply = try #require(sent.extensionReplies.first).decodeBody(SendMessageResult.self).message
        #expect(reply.layout?.template.image == FrameReference(url: "file:///var/lib/msghost/files/cone.bin"))
        #expect(reply.layout?.template.mediaFileURL == "file:///var/lib/msghost/files/clip.bin")
        #expect(sent.callbackTypes(of: instance) == ["didStartSending"])
    }

    @Test func theFirstRefusedFileIsTheReply() throws {
        var h = try HostHarness()
        let instance = try h.open(on: HostHarness.amberPhone)
        let layout = TemplateLayoutValue(image: FrameReference(frame: 0), mediaFileURL: "file:///tmp/x.txt")
        let parked = h.request(
            .insertMessage, MessageRequestBody(instance: instance, message: MessageValue(layout: .template(layout))),
            from: instance, buffers: [[9]])
        let done = try h.answerFiles(
            in: parked, [.accepted(Self.image), .refused(.messages(.improperFileType, "text is no movie"))])
        #expect(done.extensionReplies.first?.error?.isMessages(.improperFileType) == true)
        #expect(Self.field(h).staged == nil)
    }

    @Test(arguments: [
        (FrameReference(frame: 0), 0), (FrameReference(frame: 2), 2), (FrameReference(frame: -1), 1),
        (FrameReference(url: "file:///tmp/a.png"), 1),
    ])
    func aLayoutImageThatNamesNoBinaryFrameIsInvalidBody(image: FrameReference, frames: Int) throws {
        var h = try HostHarness()
        let instance = try h.open(on: HostHarness.amberPhone)
        let message = MessageValue(layout: .template(TemplateLayoutValue(image: image)))
        let actions = h.request(
            .insertMessage, MessageRequestBody(instance: instance, message: message), from: instance,
            buffers: Array(repeating: [1], count: frames))
        let error = try #require(actions.extensionReplies.first?.error)
        #expect(error.isProtocol(.invalidBody) && error.description.contains("image"))
        #expect(actions.inspections.isEmpty)
    }

    @Test(arguments: [RequestType.insertSticker, .sendSticker])
    func aStickerDescriptionOver150CharactersIsUnknown(type: RequestType) throws {
        var h = try HostHarness()
        let instance = try h.open(on: HostHarness.amberPhone)
        try h.userTouch()
        let long = StickerValue(url: Self.sticker.url, localizedDescription: String(repeating: "é", count: 151))
        let refused = h.request(type, StickerRequestBody(instance: instance, sticker: long), from: instance)
        let error = try #require(refused.extensionReplies.first?.error)
        #expect(error.isMessages(.unknown) && error.code == -1)
        #expect(refused.inspections.isEmpty)
        let limit = StickerValue(url: Self.sticker.url, localizedDescription: String(repeating: "é", count: 150))
        let parked = h.request(type, StickerRequestBody(instance: instance, sticker: limit), from: instance)
        #expect(parked.inspections.first?.checks == [FileCheck(source: .url(Self.sticker.url), purpose: .sticker)])
    }

    @Test
    func oneTouchAllowsOneSendEvenWhileFilesAreBeingChecked() throws {
        var h = try HostHarness()
        let instance = try h.open(on: HostHarness.amberPhone)
        try h.userTouch()
        let first = h.request(
            .sendAttachment, AttachmentRequestBody(instance: instance, url: "file:///tmp/a.pdf"), from: instance)
        let second = h.request(
            .sendAttachment, AttachmentRequestBody(instance: instance, url: "file:///tmp/b.pdf"), from: instance)
        var replies = second.extensionReplies
        replies += try h.answerFiles(in: first, [.accepted(Self.image)]).extensionReplies
        if !second.inspections.isEmpty {
            replies += try h.answerFiles(in: second, [.accepted(Self.movie)]).extensionReplies
        }
        #expect(replies.filter(\.isOK).count == 1)
        #expect(replies.compactMap(\.error).map(\.code) == [9])
        #expect(h.machine.world.storedMessages.count == 1)
    }

    /// Reply first: a send's reply is the first message out after the change it
    /// acknowledges, before the message's arrival on another device showing the app
    /// (`didReceive` there) and `didStartSending`; all of them typed, for the shell to write.
    @Test func aSendIsAnsweredBeforeAnythingItCauses() throws {
        var h = try HostHarness()
        let amber = try h.open(on: HostHarness.amberPhone)
        let ben = try h.open(on: HostHarness.benPhone)
        try h.userTouch(on: HostHarness.amberPhone)
        let actions = h.request(
            .sendMessage, MessageRequestBody(instance: amber, message: MessageValue(summaryText: "hi")), from: amber)

        let outbound = actions.compactMap { if case .sendToExtension(_, let message) = $0 { message } else { nil } }
        #expect(outbound.map(\.header.type) == ["reply", "didReceive", "didStartSending"])
        guard case .sent(let message)? = outbound.first?.body else {
            Issue.record("the reply should be typed .sent, got \(String(describing: outbound.first?.body))")
            return
        }
        #expect(message.summaryText == "hi")
        guard case .message(let received)? = outbound.dropFirst().first?.body else {
            Issue.record("didReceive should be typed .message")
            return
        }
        #expect(received.instance == ben)
        let firstPersist = try #require(actions.firstIndex { if case .persist = $0 { true } else { false } })
        let reply = try #require(actions.firstIndex { if case .sendToExtension = $0 { true } else { false } })
        #expect(firstPersist < reply)
    }
}
