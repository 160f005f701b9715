@testable import MsgHostCore
import MsgHostProtocol
import Testing

/// Who may put content into a conversation: only an extension's own instances; a resigned
/// one is refused as not visible; a direct send needs visibility and a touch, in Apple's
/// order; inserting a message or text is refused in the media context; the app already open
/// there is found instead of a new launch.
@Suite struct ScreensRequestsTests {
    static let t0 = Instant(milliseconds: 50_000)

    static func screens(context: PresentationContext = .messages) -> (Screens, ExtensionProcess) {
        var screens = Screens()
        screens.add(Instance(id: "i1", launchID: "l1", device: "amber-phone", conversation: "ab", app: "app", installID: "in", context: context, style: .compact))
        screens.present("i1")
        screens.show("ab", on: "amber-phone")
        var table = ProcessTable()
        table.insert(ExtensionProcess(launchID: "l1", device: "amber-phone", app: "app", installID: "in", token: SigningKey(Array("t".utf8)), now: t0))
        table.adopt("i1", by: "l1")
        return (screens, table["l1"]!)
    }

    static func code(_ body: () throws(WireError) -> Instance) -> Int? {
        do { _ = try body(); return nil } catch { return error.code }
    }

    @Test func aDirectSendNeedsATouchAndVisibility() {
        var (screens, process) = Self.screens()
        let send = { (screens: Screens) in Self.code { () throws(WireError) in try screens.mayPut(.sendMessage, from: "i1", of: process, now: Self.t0, windowMs: 1_000) } }
        #expect(send(screens) == MessagesErrorCode.sendWithoutRecentInteraction.rawValue)
        screens["i1"]?.touch.arm(at: Self.t0)
        #expect(send(screens) == nil)
        screens.show("other", on: "amber-phone")
        #expect(send(screens) == MessagesErrorCode.sendWhileNotVisible.rawValue)
        #expect(Self.code { () throws(WireError) in try screens.mayPut(.insertMessage, from: "i1", of: process, now: Self.t0, windowMs: 1_000) } == nil,
                "an insert needs neither")
        process.instanceIDs.removeAll { $0 == "i1" }
        process.retiredInstanceIDs.insert("i1")
        #expect(Self.code { () throws(WireError) in try screens.instance("i1", of: process) } == MessagesErrorCode.sendWhileNotVisible.rawValue)
        #expect(Self.code { () throws(WireError) in try screens.instance("other", of: process) } == ProtocolErrorCode.unknownInstance.rawValue)
    }

    @Test func insertingAMessageIsRefusedInTheMediaContext() {
        let (screens, process) = Self.screens(context: .media)
        #expect(Self.code { () throws(WireError) in try screens.mayPut(.insertText, from: "i1", of: process, now: Self.t0, windowMs: 1_000) }
                == MessagesErrorCode.apiUnavailableInPresentationContext.rawValue)
        #expect(Self.code { () throws(WireError) in try screens.mayPut(.insertSticker, from: "i1", of: process, now: Self.t0, windowMs: 1_000) } == nil)
    }

    @Test func theAppOpenThereIsFoundOnlyWhileActiveInThatConversation() {
        var (screens, _) = Self.screens()
        #expect(screens.activeMain(device: "amber-phone", app: "app", conversation: "ab")?.id == "i1")
        #expect(screens.activeMain(device: "amber-phone", app: "app", conversation: "other") == nil)
        #expect(screens.activeMain(device: "amber-phone", app: "another", conversation: "ab") == nil)
        screens["i1"]?.phase = .resigning
        #expect(screens.activeMain(device: "amber-phone", app: "app", conversation: "ab") == nil)
    }
}
