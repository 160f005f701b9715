import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// What a callback's delivery changes in an instance: a touch arms a send when it reaches the
/// view; an emptied queue ends resigning; who hears `didReceive`.
@Suite struct InstanceCallbacksTests {
    static let t0 = Instant(milliseconds: 10_000)

    static func instance() -> Instance {
        Instance(
            id: "i1", launchID: "l", device: "phone", conversation: "c", app: "app", installID: "in",
            context: .messages, style: .compact)
    }

    static func message(from sender: String, app: String? = "app", conversation: String = "c") -> StoredMessage {
        StoredMessage(
            id: "m", conversation: conversation, app: app, sender: sender, senderDevice: "other", senderInstall: nil,
            sentAt: 0,
            content: .app(MessageValue(), image: nil, media: nil))
    }

    @Test func aTouchArmsASendWhenItReachesTheViewNotWhenItWasQueued() {
        var instance = Self.instance()
        instance.callbacks.append([
            CallbackQueue.Callback(type: .viewWillAppear, body: .ok, causes: []),
            CallbackQueue.Callback(type: .touch, body: .ok, causes: []),
        ])
        instance.sentNext(id: "h1", at: Self.t0)
        #expect(instance.touch?.armedAt == nil, "the touch still waits behind a busy handler")
        _ = instance.callbacks.acknowledge("h1")
        instance.sentNext(id: "h2", at: Self.t0.adding(milliseconds: 300))
        #expect(instance.touch?.armedAt == Self.t0.adding(milliseconds: 300))
        #expect(instance.callbacks.isInFlight("h2"))
    }

    @Test func anEmptiedQueueEndsResigningOnly() {
        var instance = Self.instance()
        instance.queueEmptied()
        #expect(instance.isActive)
        instance.phase = .resigning
        instance.queueEmptied()
        #expect(instance.phase == .resigned)
    }

    @Test func onlyItsAppsMessagesFromOthersReachItWhileActive() {
        var instance = Self.instance()
        #expect(instance.receives(Self.message(from: "kate"), deviceOwner: "john"))
        #expect(!instance.receives(Self.message(from: "john"), deviceOwner: "john"), "not its owner's own")
        #expect(!instance.receives(Self.message(from: "kate", app: "other"), deviceOwner: "john"))
        #expect(!instance.receives(Self.message(from: "kate", conversation: "d"), deviceOwner: "john"))
        instance.phase = .resigning
        #expect(!instance.receives(Self.message(from: "kate"), deviceOwner: "john"))
    }
}
