import MsgHostProtocol

/// An extension's request that puts something in a conversation (SPEC §4: `send*` and
/// `insert*`), read from its body: the content ready now, or what the host must look at first.
///
/// Pure, and asked only after the instance passed its checks (visible, touched): a send that
/// is not allowed is refused as such before anything in its body is judged, as in Messages.
enum ContentRequest {
    /// Nothing to look at: send or stage it now.
    case ready(MessageContent)
    /// Its files must pass first (`HostAction.inspectFiles`), then `PendingRequest.Content`
    /// makes the content.
    case parked(PendingRequest.Content, checks: [FileCheck], alternateFilename: String?)

    /// The most characters a sticker's `localizedDescription` may have.
    static let maxStickerDescription = 150

    static func read(_ body: RequestBody, type: RequestType, buffers: [[UInt8]]) throws(WireError) -> ContentRequest {
        switch body {
        case .message(let body):
            let (content, checks) = try PendingRequest.Content.message(body.message, buffers: buffers)
            return .parked(content, checks: checks, alternateFilename: nil)
        case .text(let body):
            return .ready(.text(body.text))
        case .sticker(let body):
            let description = body.sticker.localizedDescription
            guard description.count <= Self.maxStickerDescription else {
                throw .messages(
                    .unknown,
                    "sticker.localizedDescription is \(description.count) characters; at most \(Self.maxStickerDescription)"
                )
            }
            return .parked(
                .sticker(description: description),
                checks: [FileCheck(source: .url(body.sticker.url), purpose: .sticker)], alternateFilename: nil)
        case .attachment(let body):
            return .parked(
                .attachment, checks: [FileCheck(source: .url(body.url), purpose: .attachment)],
                alternateFilename: body.alternateFilename)
        case .presentationStyle, .dismiss, .setView, .compose:
            // Routed elsewhere (`requestReceived`); refused, never trapped, if that changes.
            throw .protocolError(
                .unknownType, "\(type.rawValue) is not a request that puts something in a conversation")
        }
    }
}
