import Foundation
import MsgHostCore
import MsgHostControl
import MsgHostProtocol
import MsgHostStore

/// Daemons with a lot in their world: 1,000 conversations made and used through the control
/// API, and stored messages written straight into a stopped daemon's store (through the
/// daemon's own `WorldStore`, so the rows are exactly what sends would have stored).
enum MemorySuite {
    /// Creates `count` more conversations between sender 1 and receiver 1, each with one
    /// message typed and sent by the sender.
    static func addConversations(_ daemon: BenchDaemon, count: Int) throws {
        let device = BenchWorld.senderDevice(1)
        for n in 0..<count {
            let id = "many-\(n)"
            _ = try daemon.control.request(.createConversation, CreateConversationRequest(members: [BenchWorld.sender(1), BenchWorld.receiver(1)], id: id), as: JSONValue.self)
            _ = try daemon.control.request(.typeText, TypeTextRequest(device: device, conversation: id, text: "message \(n) in conversation \(id)"))
            _ = try daemon.control.request(.send, InputFieldRequest(device: device, conversation: id))
        }
        _ = try daemon.control.request(.settle, as: ClockResult.self)
    }

    /// Writes `count` app messages from sender 1 to conversation c1 into the store of a daemon
    /// that has started once (so its world is seeded) and is stopped now.
    static func seedMessages(_ daemon: BenchDaemon, count: Int, app: String) throws {
        precondition(daemon.pid == 0, "seed a stopped daemon's store")
        let store = try WorldStore(path: daemon.directory + "/state/msghost.sqlite")
        var world = try store.loadWorld()
        guard let install = world.install(device: BenchWorld.senderDevice(1), app: app) else {
            throw Processes.SpawnError(description: "\(app) is not installed on \(BenchWorld.senderDevice(1))")
        }
        let start = Int64(Date().timeIntervalSince1970 * 1000) - Int64(count)
        for n in 0..<count {
            let value = MessageValue(
                url: "https://example.com/bench?n=\(n)", summaryText: "seeded \(n)",
                layout: .template(TemplateLayoutValue(caption: "bench \(n)", subcaption: "stored before the run")))
            let message = StoredMessage(
                id: "seed-\(n)", conversation: BenchWorld.conversation(1), app: app, sender: BenchWorld.sender(1),
                senderDevice: BenchWorld.senderDevice(1), senderInstall: install.id, sentAt: start + Int64(n), message: value)
            _ = world.deliver(message)  // written through the store, in its open batch
            if n % 10_000 == 9_999 { try store.commit() }
        }
        try store.commit()
    }
}
