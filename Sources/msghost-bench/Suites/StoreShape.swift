import MsgHostCore
import MsgHostProtocol

/// What the large (and the baseline) store holds: the messages a store daemon's world would
/// have after months of use, each decided by its number alone, so the 1,000-message and the
/// 1,000,000-message stores have the same mix and only their size differs.
///
/// Message `n` goes to conversation `c<n % 8 + 1>` (sender i and receiver i, one iPhone each,
/// the C app installed on the sender's) at position `k = n / 8` of that conversation, and is,
/// by `k`:
///
/// | `k`             | message                                                       | share |
/// |-----------------|---------------------------------------------------------------|-------|
/// | `% 10 == 9`     | a text typed and sent by the receiver                         | 10 %  |
/// | `% 10 == 1`     | an app message of a session: 3 sessions at a time, 4 messages each, so every session leaves 3 summary entries and 1 bubble on each device | 10 % |
/// | `% 20 == 3`     | an app message with `shouldExpire`                            | 5 %   |
/// | `% 5000 == 5`   | an app message with a live layout                             | 0.02 % (at least 1 a conversation) |
/// | otherwise       | an app message with a template layout                         | ≈ 75 % |
///
/// Sessions are named `c<i>-session-<j>`; `sendSession` is the one the timed sends of the
/// large-store figures use, so every send finds an earlier bubble of its session in the store.
enum StoreShape {
    static let conversations = 8
    static let sessionsAtOnce = 3
    static let messagesPerSession = 4

    /// The conversation the large-store figures send into and page through.
    static let busyPair = 1
    /// A session of the C app that every store holds in `c1` (its first).
    static let sendSession = session(conversation: BenchWorld.conversation(busyPair), index: 0)

    /// The table above in a line, for the report.
    static let summary =
        "over \(conversations) conversations of 2 devices each: 10 % texts from the receiver, "
        + "10 % in sessions of \(messagesPerSession) messages (\(messagesPerSession - 1) summaries and a bubble each), 5 % expiring, "
        + "a live layout every 5000 of a conversation, the rest template messages"

    static func session(conversation: String, index: Int) -> String { "\(conversation)-session-\(index)" }

    /// Message `n` of the store, sent at `sentAt`: its sender, conversation and content as a
    /// send would have stored them (an app's message as the host's `MessageValidation` left
    /// it). `install(i)` is the C app's install on sender i's device.
    static func message(_ n: Int, sentAt: Int64, app: String, install: (Int) -> String) throws -> StoredMessage {
        let pair = n % conversations + 1
        let k = n / conversations
        let conversation = BenchWorld.conversation(pair)
        if k % 10 == 9 {
            return StoredMessage(
                id: "seed-\(n)", conversation: conversation, app: nil, sender: BenchWorld.receiver(pair),
                senderDevice: BenchWorld.receiverDevice(pair), senderInstall: nil, sentAt: sentAt,
                content: .text("reply \(n)"))
        }
        let template = TemplateLayoutValue(caption: "bench \(n)", subcaption: "stored before the run")
        var value = MessageValue(
            url: "https://example.com/bench?n=\(n)", summaryText: "seeded \(n)", layout: .template(template))
        if k % 10 == 1 {
            // The s-th session message of this conversation: sessions j = 3·(s / 12) + s % 3.
            let s = k / 10
            let perBlock = sessionsAtOnce * messagesPerSession
            value.session = session(
                conversation: conversation, index: s / perBlock * sessionsAtOnce + s % sessionsAtOnce)
        } else if k % 20 == 3 {
            value.shouldExpire = true
        } else if k % 5000 == 5 {
            value.layout = .live(alternateLayout: template)
        }
        return StoredMessage(
            id: "seed-\(n)", conversation: conversation, app: app, sender: BenchWorld.sender(pair),
            senderDevice: BenchWorld.senderDevice(pair), senderInstall: install(pair), sentAt: sentAt,
            message: try MessageValidation.validate(value).get())
    }
}
