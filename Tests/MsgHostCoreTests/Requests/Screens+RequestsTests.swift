import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// Who may put content into a conversation: only an extension's own instances; a resigned
/// one is refused as not visible; a direct send needs visibility and a touch, in Apple's
/// order; inserting a message or text is refused in the media context; the app already open
/// there is found instead of a new launch.
@Suite struct ScreensRequestsTests {
    static let t0 = Instant(milliseconds: 50_000)

    static func screens(context: PresentationContext = .messages) -> (Screens, ExtensionProcess) {
        var screens = Screens()
        screens.add(
            Instance(
                id: "i1", launchID: "l1", device: "amber-phone", conversation: "ab", app: "app", installID: "in",
                context: context, style: .compact))
        screens.present("i1")
        screens.show("ab", on: "amber-phone")
        var table = ProcessTable()
        table.insert(
            ExtensionProcess(
                launchID: "l1", device: "amber-phone", app: "app", installID: "in", token: SigningKey(Array("t".utf8)),
                now: t0))
        table.adopt("i1", by: "l1")
        return (screens, table["l1"]!)
    }

    static func code(_ body: () throws(WireError) -> Instance) -> Int? {
        do {
            _ = try body()
            return nil
        } catch { return error.code }
    }

    @Test func aDirectSendNeedsATouchAndVisibility() {
        var (screens, process) = Self.screens()
        let send = { (screens: Screens) in
            Self.code { () throws(WireError) in
                try screens.mayPut(.sendMessage, from: "i1", of: process, now: Self.t0, windowMs: 1_000)
            }
        }
        #expect(send(screens) == MessagesErrorCode.sendWithoutRecentInteraction.rawValue)
        screens["i1"]?.touch?.arm(at: Self.t0)
        #expect(send(screens) == nil)
        screens.show("other", on: "amber-phone")
        #expect(send(screens) == MessagesErrorCode.sendWhileNotVisible.rawValue)
        #expect(
            Self.code { () throws(WireError) in
                try screens.mayPut(.insertMessage, from: "i1", of: process, now: Self.t0, windowMs: 1_000)
            } == nil,
            "an insert needs neither")
        process.instanceIDs.removeAll { $0 == "i1" }
        process.retiredInstanceIDs.insert("i1")
        #expect(
            Self.code { () throws(WireError) in try screens.instance("i1", of: process) }
                == MessagesErrorCode.sendWhileNotVisible.rawValue)
        #expect(
            Self.code { () throws(WireError) in try screens.instance("other", of: process) }
                == ProtocolErrorCode.unknownInstance.rawValue)
    }

    @Test func insertingAMessageIsRefusedInTheMediaContext() {
        let (screens, process) = Self.screens(context: .media)
        #expect(
            Self.code { () throws(WireError) in
                try screens.mayPut(.insertText, from: "i1", of: process, now: Self.t0, windowMs: 1_000)
            }
                == MessagesErrorCode.apiUnavailableInPresentationContext.rawValue)
        #expect(
            Self.code { () throws(WireError) in
                try screens.mayPut(.insertSticker, from: "i1", of: process, now: Self.t0, windowMs: 1_000)
            } == nil)
    }

    @Test func theAppOpenThereIsFoundOnlyWhileActiveInThatConversation() {
        var (screens, _) = Self.screens()
        #expect(screens.activeMain(device: "amber-phone", app: "app", conversation: "ab")?.id == "i1")
        #expect(screens.activeMain(device: "amber-phone", app: "app", conversation: "other") == nil)
        #expect(screens.activeMain(device: "amber-phone", app: "another", conversation: "ab") == nil)
        screens["i1"]?.phase = .resigning
        #expect(screens.activeMain(device: "amber-phone", app: "app", conversation: "ab") == nil)
    }

    @Test func aParkedSendHoldsItsTouchAndGivesItBackOnlyIfItFails() {
        var (screens, process) = Self.screens()
        let mayPut = { (screens: Screens) in
            Self.code { () throws(WireError) in
                try screens.mayPut(.sendMessage, from: "i1", of: process, now: Self.t0, windowMs: 1_000)
            }
        }
        screens["i1"]?.touch?.arm(at: Self.t0)
        let request = PendingRequest(
            launchID: "l1", instanceID: "i1", requestID: "x1", type: .sendMessage, content: .attachment)
        let parked = screens.parking(request, causes: [3])
        #expect(parked.causes == [3])
        guard case .touch = parked.holding else {
            Issue.record("a parked send holds its instance's touch")
            return
        }
        #expect(
            mayPut(screens) == MessagesErrorCode.sendWithoutRecentInteraction.rawValue,
            "no second send while the first one's files are looked at")
        screens.failed(parked)
        #expect(mayPut(screens) == nil, "a failed send consumed nothing")
        screens.sent(from: "i1")
        #expect(
            mayPut(screens) == MessagesErrorCode.sendWithoutRecentInteraction.rawValue,
            "a send that went used its touch up")
        let insert = screens.parking(
            PendingRequest(
                launchID: "l1", instanceID: "i1", requestID: "x2", type: .insertMessage, content: .attachment),
            causes: [])
        guard case .nothing = insert.holding else {
            Issue.record("an insert holds no touch")
            return
        }
    }

    @Test func filesPassWholeOrNotAtAll() throws {
        let file = StoredFile(
            sha256: String(repeating: "c", count: 64), storedName: "c.png", filename: "c.png", mediaType: "image/png",
            byteCount: 3)
        #expect(try FileCheckResult.files([.accepted(file), .accepted(file)]).get() == [file, file])
        let refused = WireError.messages(.fileUnreadable)
        #expect(throws: WireError.self) {
            try FileCheckResult.files([.accepted(file), .refused(refused), .accepted(file)]).get()
        }
    }
}
