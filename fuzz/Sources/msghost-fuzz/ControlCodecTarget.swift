import Foundation
import MsgHostProtocol

/// Frames as a control client sends them, any bytes: a flags byte, then the frames separated
/// by 0x1E (tag, signature, header, body, more). `ControlCodec.decode` types them as the
/// control endpoint does (PROTOCOL.md §7's order of checks); flag bit 0 sets
/// `limits.maxFrameBytes` to 256. What it answers is checked, not only that it answers:
/// - a request typed from the frames is the command their header names, and its body written
///   as the Swift client writes a request (`WireJSON.encode`) is read back as the same request:
///   what the codec reads, a client can send;
/// - a refusal is answered with an error reply that is a JSON object a client can read; the id
///   it answers is the header's, and the command it names (once the header is read and the
///   command known, the body is at fault) is the header's type, with its id.
/// A disagreement is a crash, so libFuzzer keeps the input.
enum ControlCodecTarget {
    static func run(_ input: [UInt8]) {
        guard let flags = input.first else { return }
        let frames = Array(input.dropFirst()).records(max: 20)
        let codec = ControlCodec(maxFrameBytes: flags & 1 != 0 ? 256 : .max)
        switch codec.decode(frames) {
        case .request(let id, let request):
            guard let header = try? WireJSON.decode(Header.self, from: frames[2]),
                header.type == request.command.rawValue, header.id == id
            else {
                fatalError(
                    "typed as \(request.command.rawValue) (id \(id)), but the header says \(String(decoding: frames[2], as: UTF8.self))"
                )
            }
            let body = Self.body(of: request)
            let again = ControlCodec().decode(
                Envelope(header: Header(id: id, type: header.type, time: 0), body: body).frames(signingWith: nil))
            guard again == .request(id: id, request) else {
                fatalError("\(request) written as \(String(decoding: body, as: UTF8.self)) reads back as \(again)")
            }
        case .refused(let id, let command, let error):
            let reply = ControlCodec.body(.error(error))
            guard let object = (try? JSONSerialization.jsonObject(with: Data(reply))) as? [String: Any],
                object["status"] as? String == "error"
            else {
                fatalError(
                    "the refusal \(error) is answered with \(String(decoding: reply, as: UTF8.self)), not an error reply"
                )
            }
            // The id answered is the header's, and a command named is the header's type.
            let header = frames.count > 2 ? try? WireJSON.decode(Header.self, from: frames[2]) : nil
            if let id, id != header?.id {
                fatalError("the refusal \(error) answers id \(id); the header's is \(header?.id ?? "unreadable")")
            }
            if let command, id == nil || command.rawValue != header?.type {
                fatalError(
                    "the refusal \(error) names \(command.rawValue) with id \(id ?? "none"); the header is \(String(decoding: frames[2], as: UTF8.self))"
                )
            }
        }
    }

    /// The request's body: its case's value, or `{}` for a command without one (`status`).
    /// Read through `Mirror` so that a command added to `ControlRequest` needs no change here.
    static func body(of request: ControlRequest) -> [UInt8] {
        guard let area = Mirror(reflecting: request).children.first?.value else { fatalError("\(request) has no area") }
        guard let value = Mirror(reflecting: area).children.first?.value else { return WireJSON.encode(Empty()) }
        guard let encodable = value as? any Encodable else {
            fatalError("\(request): its body \(type(of: value)) is not Encodable")
        }
        return WireJSON.encode(encodable)
    }
}
