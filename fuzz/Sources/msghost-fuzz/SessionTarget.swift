import Foundation
import MsgHostProtocol

/// A session file (docs/RECORDING.md), any bytes, read by `SessionReader.read` as `msghostctl
/// replay` and the page's replay read one. Most inputs are refused with a line and a reason;
/// one that is read is checked two ways:
/// - written back as the recorder writes a session (`WireJSON.encode` of each line, a newline
///   after each), it reads as the same session;
/// - the values the reader takes from `JSONSerialization` (each step's body, reply and frame
///   bodies, read that way for speed) are those the recorder's own reading gives
///   (`JSONValue`'s decoder), so a replay sends what was recorded.
/// A disagreement is a crash, so libFuzzer keeps the input.
enum SessionTarget {
    static func run(_ input: [UInt8]) {
        guard let session = try? SessionReader.read(input) else { return }
        var lines = [WireJSON.encode(session.start)] + session.steps.map { WireJSON.encode($0) }
        lines.append(WireJSON.encode(session.end))
        let written = Array(lines.joined(separator: [UInt8(ascii: "\n")])) + [UInt8(ascii: "\n")]
        do {
            let again = try SessionReader.read(written)
            guard again == session else {
                fatalError("written back, the session reads differently:\n\(String(decoding: written, as: UTF8.self))")
            }
        } catch {
            fatalError("written back, the session is refused: \(error)\n\(String(decoding: written, as: UTF8.self))")
        }
        let read = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (step, line) in zip(session.steps, read.dropFirst()) {
            guard case .object(let fields)? = try? WireJSON.decode(JSONValue.self, from: Array(line)) else {
                fatalError("step \(step.step) was read, but JSONValue cannot read its line")
            }
            let frames: [JSONValue] = if case .array(let frames)? = fields["frames"] { frames } else { [] }
            let bodies = frames.map { frame -> JSONValue? in
                if case .object(let fields) = frame, let body = fields["body"], body != .null { body } else { nil }
            }
            guard fields["body"] == step.body, fields["reply"] == step.reply, bodies == step.frames.map(\.body) else {
                fatalError(
                    "step \(step.step): the reader's values differ from JSONValue's: \(step.body) / \(fields["body"] ?? .null), \(step.reply) / \(fields["reply"] ?? .null)"
                )
            }
        }
    }
}
