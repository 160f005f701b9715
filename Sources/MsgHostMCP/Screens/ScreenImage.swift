import Foundation
import MsgHostProtocol

/// An image a screen shows (a bubble's, a sticker's, an image attachment's), read through the
/// control API's `file`: its bytes as the daemon holds them, for an answer's image content, and
/// its header, for the size the screen's text names.
public struct ScreenImage: Sendable, Equatable {
    public var url: String
    /// The ids of the entries that show it (`[7]`; 0 for the staged item).
    public var entries: [Int]
    public var mimeType: String
    /// The bytes, base64, as `file` answers them (and as MCP's image content carries them).
    public var data: String
    /// Nil when the bytes are no PNG, JPEG or GIF whose size the header gives (a HEIC, say):
    /// the screen then names the image without a size.
    public var header: ImageHeader?

    public init(url: String, entries: [Int], mimeType: String, data: String) {
        self.url = url
        self.entries = entries
        self.mimeType = mimeType
        self.data = data
        self.header = Data(base64Encoded: data).flatMap(ImageHeader.init)
    }
}

extension ScreenImage {
    /// The headers of `images` by URL, for `Bubbles.Options`.
    static func headers(_ images: [ScreenImage]) -> [String: ImageHeader] {
        Dictionary(images.compactMap { image in image.header.map { (image.url, $0) } }) { first, _ in first }
    }

    /// `entry [7]: png image 300×300 px (image/png, 4210 bytes) file:///…`: the URL is the one
    /// the `file` tool takes.
    public var summary: String {
        let shown =
            self.header.map { "\($0.format.rawValue) image \($0.pixelWidth)×\($0.pixelHeight) px" }
            ?? "an image of unknown size"
        let bytes = Data(base64Encoded: self.data)?.count ?? 0
        return
            "entry \(self.entries.map { "[\($0)]" }.joined(separator: " ")): \(shown) (\(self.mimeType), \(bytes) bytes) \(self.url)"
    }
}
