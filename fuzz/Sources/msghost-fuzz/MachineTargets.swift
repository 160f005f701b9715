import MsgHostCore
import MsgHostProtocol

/// Frames as an extension connection sends them: `flags` then the frames, separated by 0x1E
/// (tag, signature, header, body, binary frames). The flags choose who sends and how it is
/// signed, since the fuzzer cannot forge an HMAC:
/// - bit 0: re-sign with the sender's key, so the frames pass the signature check;
/// - bit 1: send from a new connection (the hello path), signed (bit 0) with the token of a
///   launch waiting for its hello, or with the app's attach key when bit 2 is set too;
/// - bit 3: send the same frames again (the replay window must refuse them).
enum EnvelopeTarget {
    static func run(_ input: [UInt8]) {
        guard let flags = input.first else { return }
        var frames = Array(input.dropFirst()).records(max: 20)
        var host = FuzzHost.withLaunchWaiting.fork()
        let fromNewConnection = flags & 2 != 0
        let route = fromNewConnection ? Array("fuzz-new-connection".utf8) : host.openAppRoute
        if flags & 1 != 0, frames.count >= 2 {
            let key: [UInt8]
            if fromNewConnection {
                key = flags & 4 != 0 ? Array(FuzzHost.attachKey.utf8) : Array((host.waiting.first?.token ?? "").utf8)
            } else {
                key = host.keys[route] ?? []
            }
            frames[1] = Signature.sign([frames[0]] + frames[2...], key: key)
        }
        host.extensionFrames(route: route, frames)
        if flags & 8 != 0 { host.extensionFrames(route: route, frames) }
    }
}

/// A sequence of extension requests from the app open on Alice's phone: records separated by
/// 0x1E, each `type` (a byte choosing one of `RequestType`'s cases or `reply`), `flags`, then
/// the JSON body. Each is signed correctly and acted on; what it leads to is played out.
/// Flags: bit 0 touches first (a direct send needs a recent touch); bit 1 refuses the files
/// the request names; bits 2–3 add that many binary frames (a layout image); bit 4 moves the
/// clock a second before it.
enum RequestTarget {
    static let types = RequestType.allCases.map(\.rawValue) + [ReplyType.name]

    static func run(_ input: [UInt8]) {
        var host = FuzzHost.withOpenApp.fork()
        let route = host.openAppRoute
        for record in input.records(max: 16) {
            guard record.count >= 2 else { continue }
            let type = Self.types[Int(record[0]) % Self.types.count]
            let flags = record[1]
            if flags & 1 != 0 {
                host.control(ControlCommand.touch.rawValue, body: Array(#"{"device":"alice-phone"}"#.utf8))
            }
            if flags & 16 != 0 { host.advance(milliseconds: 1_000) }
            host.acceptFiles = flags & 2 == 0
            let buffers = Array(repeating: FileTargets.smallPNG, count: Int(flags >> 2) & 3)
            host.fromExtension(
                route: route, type: type, replyTo: type == ReplyType.name ? "h1" : nil,
                body: Array(record.dropFirst(2)), buffers: buffers)
        }
    }
}

/// A sequence of control requests: records separated by 0x1E, each a byte choosing one of
/// `ControlCommand`'s cases then the JSON body. Each is acted on and played out (launches
/// connect, callbacks are acknowledged, `advanceClock` fires timers).
enum ControlTarget {
    static func run(_ input: [UInt8]) {
        var host = FuzzHost.withOpenApp.fork()
        for record in input.records(max: 16) {
            guard let first = record.first else { continue }
            let command = ControlCommand.allCases[Int(first) % ControlCommand.allCases.count]
            host.control(command.rawValue, body: Array(record.dropFirst()))
        }
    }
}
