import Foundation

/// The keys a session file's objects may hold, checked before its values are decoded: an
/// unknown key is an error naming it and its place (a typo in a hand-edited session is not
/// silently dropped), where `Codable` alone would ignore it. Types are then `Codable`'s to check.
indirect enum SessionShape: Sendable {
    /// An object with exactly these keys allowed (each with its own shape).
    case object([String: SessionShape])
    /// An array whose every item has this shape.
    case array(SessionShape)
    /// An object, or null, with this shape.
    case optional(SessionShape)
    /// Anything (a request body, a reply, a touch payload: the control API's to judge).
    case any

    struct Mismatch: Error, CustomStringConvertible {
        var description: String
    }

    /// Checks a value as `JSONSerialization` read it (fast: a session may be tens of megabytes).
    func check(_ value: Any, path: String) throws {
        switch self {
        case .any: return
        case .optional(let shape):
            if value is NSNull { return }
            try shape.check(value, path: path)
        case .array(let shape):
            guard let items = value as? [Any] else { return }  // a wrong type: Codable names it with its path
            for (index, item) in items.enumerated() { try shape.check(item, path: "\(path)[\(index)]") }
        case .object(let keys):
            guard let fields = value as? [String: Any] else { return }
            if let unknown = fields.keys.sorted().first(where: { keys[$0] == nil }) {
                throw Mismatch(
                    description:
                        "\(path): unknown key \"\(unknown)\"; known keys: \(keys.keys.sorted().joined(separator: ", "))"
                )
            }
            for (key, field) in fields { if let shape = keys[key] { try shape.check(field, path: "\(path).\(key)") } }
        }
    }

    /// An object whose keys all take any value.
    static func keys(_ names: String...) -> SessionShape {
        .object(Dictionary(uniqueKeysWithValues: names.map { ($0, SessionShape.any) }))
    }
}

enum SessionShapes {
    static let entry = SessionShape.keys(
        "index", "entry", "messageID", "kind", "sender", "senderName", "senderDevice", "app", "rendering",
        "senderParticipantIdentifier", "message", "rendered", "text", "file", "liveSize", "sentAt", "expiring", "kept",
        "peeledOnto")
    static let transcript = SessionShape.object([
        "device": .any, "conversation": .any, "entries": .array(entry), "removed": .any, "olderCount": .any,
        "text": .any,
        "staged": .optional(entry),
    ])
    static let start = SessionShape.object([
        "type": .any, "format": .any, "version": .any, "startedAt": .any, "clock": .any, "settings": .any,
        "apps": .array(.any),
        "world": .object([
            "people": .array(.keys("handle", "name")),
            "devices": .array(.keys("id", "owner", "platform", "model")),
            "conversations": .array(.keys("id", "members")),
            "installs": .array(.keys("device", "app")),
        ]),
        "participants": .array(participants),
        "contacts": .array(.keys("device", "person", "name")),
        "delivery": .array(.keys("device", "latencyMs", "hold")),
        "transcripts": .array(transcript),
        "screens": .array(.keys("device", "showing", "app", "conversation", "presentationStyle")),
    ])
    static let participants = SessionShape.object([
        "device": .any, "app": .any, "participants": .array(.keys("person", "identifier")),
    ])
    static let event = SessionShape.keys(
        "seq", "time", "kind", "device", "app", "conversation", "instance", "code", "name", "pid", "detail", "elements")
    static let frame = SessionShape.object([
        "seq": .any, "time": .any, "direction": .any, "device": .any, "app": .any, "pid": .any, "type": .any,
        "id": .any,
        "replyTo": .any, "body": .any, "binary": .any, "error": .optional(.keys("domain", "code", "name", "message")),
    ])
    static let step = SessionShape.object([
        "type": .any, "step": .any, "time": .any, "command": .any, "body": .any, "reply": .any,
        "events": .array(event),
        "callbacks": .array(.keys("device", "app", "instance", "callback")),
        "transcripts": .array(transcript),
        "frames": .array(frame),
        "participants": .array(participants),
    ])
    static let end = SessionShape.object([
        "type": .any, "steps": .any, "time": .any,
        "findings": .array(.keys("kind", "step", "device", "app", "detail", "before", "after", "invariants")),
    ])
}
