import MsgHostProtocol

@testable import MsgHostCore

/// The properties, checked on everything the host sends (`watch`) and after every step
/// (`checkWorld`):
/// - one callback in flight per instance (and per process, for process-wide callbacks);
/// - no extension ever receives a handle, a name, a contact name, or an identifier that
///   belongs to another install (reinstalls included: an old install's identifiers count);
/// - nothing is sent to a process that is not running;
/// - every stored message stays stored, and every acknowledged one stays in its sender's
///   transcript (and, once deliveries are done, in every member's);
/// - every device's transcript agrees on each sender's order;
/// - the instances `Screens` keeps as busy are those with callbacks queued or in flight.
extension HostModel {
    mutating func violate(_ what: String) {
        self.violations.append("step \(self.step): \(what)")
    }

    /// Checks one message the host sent to a process and notes the callbacks it must answer.
    mutating func watch(_ frames: [[UInt8]], to route: [UInt8]) {
        guard let process = self.processes.values.first(where: { $0.route == route }) else {
            return self.violate(
                "the host sent to \(String(decoding: route, as: UTF8.self)), which no running process has")
        }
        let text = frames.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
        for person in Self.people where text.contains(person.handle) || text.contains(person.name) {
            self.violate(
                "\(process.launch.launchID) (\(process.launch.app) on \(process.launch.device)) received \(person.handle)'s handle or name: \(text.prefix(300))"
            )
        }
        for (device, _, name) in Self.contacts where text.contains(name) {
            self.violate("\(process.launch.launchID) received the contact name \(device) gave: \(text.prefix(300))")
        }
        for token in Self.uuidTokens(in: text) {
            if let owner = self.identifierOwner[token], owner != process.launch.installID {
                self.violate(
                    "\(process.launch.launchID) (install \(process.launch.installID)) received \(token), an identifier of install \(owner): \(text.prefix(600))"
                )
            }
        }
        guard let envelope = try? ReceivedFrames(frames).envelope else {
            return self.violate("the host sent frames it cannot parse itself")
        }
        guard envelope.header.type != ReplyType.name else { return }
        let key = (try? envelope.decodeBody(InstanceBody.self))?.instance ?? "process \(process.launch.launchID)"
        if let earlier = self.outstanding.first(where: { $0.key == key }) {
            self.violate(
                "\(envelope.header.type) sent on \(key) while \(earlier.envelope.header.type) is still in flight")
        }
        self.outstanding.append(Outstanding(route: route, envelope: envelope, key: key))
    }

    /// Every 36-character run of hex digits and dashes: the shape identifiers have.
    static func uuidTokens(in text: String) -> [String] {
        var tokens: [String] = []
        var current: [UInt8] = []
        for byte in text.utf8 {
            let isHex = (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte) || byte == 45
            if isHex {
                current.append(byte)
            } else {
                if current.count == 36 { tokens.append(String(decoding: current, as: UTF8.self)) }
                current.removeAll(keepingCapacity: true)
            }
        }
        if current.count == 36 { tokens.append(String(decoding: current, as: UTF8.self)) }
        return tokens
    }

    /// The world-wide properties, after a step.
    mutating func checkWorld(deliveriesDone: Bool = false) throws {
        let world = self.machine.world
        if !self.machine.screens.busyIDsAreTrue {
            self.violate(
                "Screens.busyIDs \(self.machine.screens.busyIDs.sorted()) is not the instances with callbacks queued or in flight"
            )
        }
        if !self.machine.processes.unreportedIDsAreTrue {
            self.violate(
                "ProcessTable.unreportedIDs \(self.machine.processes.unreportedIDs.sorted()) is not the processes without a pid that are not attached"
            )
        }
        for id in self.stored where try world.message(id) == nil {
            self.violate("stored message \(id) is gone")
        }
        for conversation in Self.conversations {
            var orders: [(device: String, bySender: [String: [String]], present: Set<String>)] = []
            for (index, device) in Self.devices.enumerated()
            where conversation.members.contains(Self.people[index].handle) {
                let entries = try world.entries(device: device, conversation: conversation.id)
                var bySender: [String: [String]] = [:]
                var present: Set<String> = []
                for entry in entries where present.insert(entry.messageID).inserted {
                    guard let message = try world.message(entry.messageID) else {
                        self.violate(
                            "\(device)'s transcript has entry \(entry.id) for \(entry.messageID), which is not stored")
                        continue
                    }
                    bySender[message.sender, default: []].append(message.id)
                }
                orders.append((device, bySender, present))
            }
            try self.checkAcknowledged(
                in: conversation, orders: orders.map { ($0.device, $0.present) }, deliveriesDone: deliveriesDone)
            for (a, b) in zip(orders, orders.dropFirst()) {
                for (sender, sequence) in a.bySender {
                    let mine = sequence.filter(b.present.contains)
                    let theirs = (b.bySender[sender] ?? []).filter(a.present.contains)
                    if mine != theirs {
                        self.violate(
                            "\(a.device) and \(b.device) disagree on the order of \(sender)'s messages in \(conversation.id): \(mine) vs \(theirs)"
                        )
                    }
                }
            }
        }
    }

    private mutating func checkAcknowledged(
        in conversation: Conversation, orders: [(device: String, present: Set<String>)], deliveriesDone: Bool
    ) throws {
        let world = self.machine.world
        for id in self.acknowledged {
            guard let message = try world.message(id), message.conversation == conversation.id else { continue }
            for (device, present) in orders
            where (deliveriesDone || device == message.senderDevice) && !present.contains(id) {
                self.violate(
                    "acknowledged message \(id) from \(message.senderDevice) is not in \(device)'s transcript of \(conversation.id)"
                )
            }
        }
    }

    /// The failure report: the seed to replay with, the violations, the last steps.
    var report: String {
        """
        property run with seed \(self.seed) failed at step \(self.step) (replay: MSGHOST_PROPERTY_SEED=\(self.seed) MSGHOST_PROPERTY_STEPS=\(self.step))
        \(self.violations.prefix(10).joined(separator: "\n"))
        last steps:
        \(self.trail.joined(separator: "\n"))
        """
    }
}
