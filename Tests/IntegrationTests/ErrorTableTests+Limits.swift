import Foundation
import MsgHostProtocol
import MsgHostTesting
import Testing

/// §2.4: the limits on a message, on both endpoints where they apply to both.
extension ErrorTableTests {
    /// 4 frames + 13 binary frames: one more than the 16 allowed.
    static let seventeenFrames = [[UInt8]](repeating: [0x2a], count: 13)
    /// A header padded past 4 KiB; its id is still readable.
    static let oversizedHeader = 4097
    static let maxFrameBytes = 64 << 10

    static let limitRows: [ErrorRow] = [
        ErrorRow(
            .limits, .expect(.malformedFrame), limit: "frames per message", "17 frames from an extension",
            mentions: ["17"]
        ) {
            try $0.fromProbe(RawMessage(buffers: seventeenFrames))
        },
        ErrorRow(
            .limits, .expect(.malformedFrame), limit: "frames per message", "17 frames from a control client",
            mentions: ["17"]
        ) {
            try $0.fromControl(RawMessage(type: "status", buffers: seventeenFrames))
        },
        ErrorRow(
            .limits, .expect(.malformedFrame), limit: "header", "a 4 KiB + header from an extension",
            mentions: ["header"]
        ) {
            try $0.fromProbe(RawMessage(headerPadding: oversizedHeader))
        },
        ErrorRow(
            .limits, .expect(.malformedFrame), limit: "header", "a 4 KiB + header from a control client",
            mentions: ["header"]
        ) {
            try $0.fromControl(RawMessage(type: "status", headerPadding: oversizedHeader))
        },
        ErrorRow(
            .limits, .expect(.malformedFrame), limit: "one frame",
            "a binary frame over limits.maxFrameBytes after hello", mentions: ["frame 4"],
            setup: .init(settings: ["clock": "manual", "limits.maxFrameBytes": "\(maxFrameBytes)"])
        ) { scene in
            let dropped = try scene.daemon.status().counters["droppedFrames"] ?? 0
            let image = MessageValue(layout: .template(TemplateLayoutValue(image: FrameReference(frame: 0))))
            let outcome = try scene.request(
                "insertMessage", MessageRequestBody(instance: try scene.instance, message: image),
                buffers: [[UInt8](repeating: 0x89, count: maxFrameBytes + 1)])
            scene.afterwards.append { () throws in
                #expect(
                    try scene.daemon.status().counters["droppedFrames"] == dropped + 1,
                    "the oversized frame is counted in droppedFrames")
            }
            return outcome
        },
        ErrorRow(
            .limits, .expect(.urlExceedsMaxSize), limit: "MSMessage.url",
            "sendMessage with a 5,001-character url after a touch", mentions: ["url"]
        ) { scene in
            try scene.touch()
            return try scene.request(
                "sendMessage",
                MessageRequestBody(instance: try scene.instance, message: MessageValue(url: urlOf(length: 5001))))
        },
    ]

    static func urlOf(length: Int) -> String {
        let prefix = "https://example.com/?"
        return prefix + String(repeating: "a", count: length - prefix.count)
    }
}
