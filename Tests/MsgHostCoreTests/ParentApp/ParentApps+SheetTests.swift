import HashTreeCollections
import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// The compose sheet's rules alone: only a parent app asks for one, its recipients, what Send
/// sends and in which order, and Send or Cancel decided before anything changes.
@Suite struct ParentAppsSheetTests {
    static let file = StoredFile(
        sha256: String(repeating: "a", count: 64), storedName: "a.bin", filename: "a", mediaType: "image/png",
        byteCount: 1)
    static let bubble = MessageContent.attachment(Self.file)

    static func sheet(recipients: [String] = ["ben@example.com"], body: String? = "hi", content: MessageContent? = nil)
        -> ParentApps.Sheet
    {
        ParentApps.Sheet(
            device: "phone", app: "com.example.app", installID: "in1", instanceID: "i1", recipients: recipients,
            body: body, content: content, presentedAt: Instant(milliseconds: 0))
    }

    static func apps(with sheet: ParentApps.Sheet) throws -> ParentApps {
        var apps = ParentApps()
        _ = apps.open(
            ParentApps.Foreground(app: "com.example.app", installID: "in1", launchID: "l1", instanceID: "i1"),
            on: "phone")
        try apps.present(sheet)
        return apps
    }

    @Test func onlyAParentAppAsksForASheetAndItAsksForNothingElse() throws {
        try ParentApps.checkRequest(.presentMessageCompose, from: .parentApp)
        let fromExtension = #expect(throws: WireError.self) {
            try ParentApps.checkRequest(.presentMessageCompose, from: .extension)
        }
        #expect(
            fromExtension?.isProtocol(.unknownType) == true
                && fromExtension?.description.hasPrefix("presentMessageCompose is a parent app's request") == true)
        let other = #expect(throws: WireError.self) { try ParentApps.checkRequest(.sendText, from: .parentApp) }
        #expect(
            other?.description
                == "sendText is not a request a parent app may send: it may send presentMessageCompose (PROTOCOL.md §4.10)"
        )
    }

    @Test(arguments: [
        ([String](), "recipients: 1 to 32 handles; got 0"),
        (Array(repeating: "x@example.com", count: 33), "recipients: 1 to 32 handles; got 33"),
        (["ben@example.com", ""], "recipients[1] must be 1 to 256 characters"),
        ([String(repeating: "b", count: 257)], "recipients[0] must be 1 to 256 characters"),
        (["amber@example.com"], "recipients[0] is amber@example.com, who owns the device and sends the message"),
    ])
    func badRecipientsAreInvalidBodyNamingWhich(recipients: [String], reason: String) {
        let error = #expect(throws: WireError.self) {
            try ParentApps.checkRecipients(recipients, owner: "amber@example.com")
        }
        #expect(error?.isProtocol(.invalidBody) == true && error?.description == reason)
    }

    @Test func thirtyTwoRecipientsOfAnyoneButTheOwnerAreFine() throws {
        try ParentApps.checkRecipients((0..<32).map { "p\($0)@example.com" }, owner: "amber@example.com")
        try ParentApps.checkRecipients([String(repeating: "b", count: 256)], owner: nil)
    }

    @Test func sendSendsTheBubbleThenTheText() {
        let both = Self.sheet(content: Self.bubble).messages
        #expect(both.map(\.content) == [Self.bubble, .text("hi")])
        #expect(
            both.map(\.app) == ["com.example.app", nil] && both.map(\.install) == ["in1", nil],
            "the bubble is the app's, the text the user's")
        #expect(Self.sheet(body: "").messages.isEmpty && Self.sheet(body: nil).messages.isEmpty)
        #expect(Self.sheet(body: nil, content: Self.bubble).messages.map(\.content) == [Self.bubble])
        #expect(Self.sheet(recipients: ["a", "b"], content: Self.bubble).summary == "to a, b with a message")
        #expect(Self.sheet().summary == "to ben@example.com")
    }

    @Test func cancelAndSendAreDecidedWithoutTakingTheSheetDown() throws {
        let apps = try Self.apps(with: Self.sheet(recipients: ["ben@example.com", "nobody@example.com"]))
        let isPerson = { (handle: String) in handle == "ben@example.com" }
        let cancelled = try apps.finishing(.cancel, device: "phone", isPerson: isPerson)
        #expect(cancelled.1 == .unsent(ComposeResult(result: .cancelled), reason: "cancelled by the user"))
        let reason = "no iMessage account for nobody@example.com: nothing was sent"
        let failed = try apps.finishing(.send, device: "phone", isPerson: isPerson)
        #expect(failed.1 == .unsent(ComposeResult(result: .failed, reason: reason), reason: reason))
        guard case .unsent(let result, _) = failed.1 else { return }
        #expect(result.reason == reason, "the reply names who could not be reached")
        #expect(try apps.finishing(.send, device: "phone", isPerson: { _ in true }).1 == .send)
        #expect(apps.sheets["phone"] != nil, "only `finish` takes it down")
    }

    @Test func thereMustBeASheetAndSomethingToSend() throws {
        let none = #expect(throws: WireError.self) {
            try ParentApps().finishing(.cancel, device: "phone", isPerson: { _ in true })
        }
        #expect(none?.isControl(.invalidState) == true && none?.description == "no compose sheet is up on phone")
        let empty = try Self.apps(with: Self.sheet(body: nil))
        let nothing = #expect(throws: WireError.self) {
            try empty.finishing(.send, device: "phone", isPerson: { _ in true })
        }
        #expect(nothing?.description == "the compose sheet on phone is empty: nothing to send (cancel it)")
        #expect(
            try empty.finishing(.cancel, device: "phone", isPerson: { _ in true }).1
                == .unsent(ComposeResult(result: .cancelled), reason: "cancelled by the user"))
    }

    @Test func aRefusalNamesTheAppAndDevice() {
        let closed = ParentApps.Refusal.notInForeground.error(app: "com.example.app", device: "phone")
        #expect(
            closed == .compose(.notInForeground, "")
                && closed.description.hasPrefix("com.example.app is not in the foreground of phone"))
        let twice = ParentApps.Refusal.alreadyPresented.error(app: "com.example.app", device: "phone")
        #expect(
            twice == .compose(.composeAlreadyPresented, "")
                && twice.description.hasPrefix("a compose sheet is already up on phone"))
    }

    @Test func theSheetShownIsWhatTheAppFilledInItsMessageRenderedAsStaged() throws {
        #expect(
            ParentApps().shown(on: "phone") { _ in
                Issue.record("nothing to render")
                return Self.entry
            } == ComposeSheetResult(parentApp: nil, sheet: nil))
        let apps = try Self.apps(with: Self.sheet(content: Self.bubble))
        var rendered: [StagedItem] = []
        let shown = apps.shown(on: "phone") { item in
            rendered.append(item)
            return Self.entry
        }
        #expect(
            rendered == [
                StagedItem(app: "com.example.app", install: "in1", instance: "i1", content: Self.bubble, stagedAt: 0)
            ])
        #expect(
            shown
                == ComposeSheetResult(
                    parentApp: "com.example.app",
                    sheet: .init(
                        app: "com.example.app", recipients: ["ben@example.com"], body: "hi", message: Self.entry,
                        presentedAt: 0)))
    }

    static let entry = TranscriptEntryValue(
        index: 0, entry: 0, messageID: "", kind: "attachment", sender: "amber@example.com", senderName: "Amber",
        senderDevice: "phone", app: "com.example.app", sentAt: 0)
}
