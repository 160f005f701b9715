import Foundation

/// A step line read in two parts: its typed fields by `Codable`, and the values it carries as
/// they were sent (the request body, the reply, the frames' bodies) from `JSONSerialization`'s
/// reading, which `JSONValue`'s `Codable` path would make many times slower on large frames.
struct SessionStepFields: Decodable {
    var type: String
    var step: Int
    var time: Int64
    var command: String
    var events: [EventRecord]
    var callbacks: [SessionCallback]
    var transcripts: [SessionTranscript]
    var frames: [FrameFields]
    var participants: [SessionParticipants]?

    /// A frame's typed fields; its body comes from the line's reading.
    struct FrameFields: Decodable {
        var seq: Int
        var time: Int64
        var direction: String
        var device: String?
        var app: String?
        var pid: Int?
        var type: String
        var id: String
        var replyTo: String?
        var binary: [Int]
        var error: TapFrame.Failure?
    }

    func step(_ object: [String: Any], line: Int) throws(SessionError) -> SessionStep {
        guard let body = object["body"], let reply = object["reply"], let frames = object["frames"] as? [Any],
            frames.count == self.frames.count
        else {
            throw SessionError(line: line, "step: body, reply and frames are required")
        }
        let bodies = frames.map { (($0 as? [String: Any])?["body"]).map(Self.json) ?? .null }
        return SessionStep(
            step: self.step, time: self.time, command: self.command, body: Self.json(body), reply: Self.json(reply),
            events: self.events,
            callbacks: self.callbacks, transcripts: self.transcripts,
            frames: zip(self.frames, bodies).map { frame, body in
                TapFrame(
                    seq: frame.seq, time: frame.time, direction: frame.direction, device: frame.device, app: frame.app,
                    pid: frame.pid,
                    type: frame.type, id: frame.id, replyTo: frame.replyTo, body: body == .null ? nil : body,
                    binary: frame.binary, error: frame.error)
            },
            participants: self.participants)
    }

    /// A value as `JSONSerialization` read it, as `JSONValue`.
    static func json(_ value: Any) -> JSONValue {
        switch value {
        case is NSNull: return .null
        case let number as NSNumber:
            // A JSON true or false is a boolean NSNumber (Objective-C type "c"), never a number.
            if String(cString: number.objCType) == "c" { return .bool(number.boolValue) }
            return .number(number.doubleValue)
        case let text as String: return .string(text)
        case let items as [Any]: return .array(items.map(Self.json))
        case let fields as [String: Any]: return .object(fields.mapValues(Self.json))
        default: return .null
        }
    }
}
