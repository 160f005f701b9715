import Foundation
import MsgHostControl
import MsgHostCore
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
            _ = try daemon.control.request(
                .createConversation,
                CreateConversationRequest(members: [BenchWorld.sender(1), BenchWorld.receiver(1)], id: id),
                as: JSONValue.self)
            _ = try daemon.control.request(
                .typeText, TypeTextRequest(device: device, conversation: id, text: "message \(n) in conversation \(id)")
            )
            _ = try daemon.control.request(.send, InputFieldRequest(device: device, conversation: id))
        }
        _ = try daemon.control.request(.settle, as: ClockResult.self)
    }

    /// Writes `count` messages shaped as `StoreShape` says into the store of a daemon that has
    /// started once (so its world, `StoreShape.conversations` pairs, is seeded) and is stopped
    /// now, in transactions of 10,000 messages.
    static func seedMessages(_ daemon: BenchDaemon, count: Int, app: String) throws {
        precondition(daemon.pid == 0, "seed a stopped daemon's store")
        let store = try WorldStore(path: daemon.directory + "/state/msghost.sqlite")
        var world = try store.loadWorld()
        var installs: [Int: String] = [:]
        for pair in 1...StoreShape.conversations {
            guard let install = world.install(device: BenchWorld.senderDevice(pair), app: app) else {
                throw Processes.SpawnError(description: "\(app) is not installed on \(BenchWorld.senderDevice(pair))")
            }
            installs[pair] = install.id
        }
        let start = Int64(Date().timeIntervalSince1970 * 1000) - Int64(count)
        for chunk in stride(from: 0, to: count, by: 10_000) {
            let messages = try (chunk..<min(chunk + 10_000, count)).map { n in
                try StoreShape.message(n, sentAt: start + Int64(n), app: app) { installs[$0]! }
            }
            try self.writeMessages(into: store, world: &world, messages: messages)
        }
    }

    /// The seeding's only write: each message stored and arrived on every member's device by
    /// the host's own steps (`World.store`, `World.arrive`: the session rule applied, as on a
    /// send whose devices take it at once), its changes written into the store's batch as the
    /// daemon's loop writes a unit's, then committed as one transaction.
    static func writeMessages(into store: WorldStore, world: inout World, messages: [StoredMessage]) throws {
        for message in messages {
            var changes = world.store(message)
            for device in world.memberDevices(of: message.conversation) {
                changes += try world.arrive(message.id, on: device.id)
            }
            store.record(changes)
            world.historyWritten(changes)
        }
        try store.commit()
    }
}
