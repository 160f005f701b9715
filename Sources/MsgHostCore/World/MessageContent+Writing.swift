import MsgHostProtocol

/// Stored messages are written on every send (Sources/MsgHostStore writes `content` as JSON),
/// so they are written by hand too (`FastEncodable`), in the shape Swift's synthesized
/// `Codable` gives an enum with associated values — `{"app": {"_0": …, "image": …}}` — which
/// the store reads back with Foundation (the tests in MessageContentTests compare the two).
extension MessageContent: FastEncodable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            switch self {
            case .app(let message, let image, let media):
                writer.key("app")
                writer.object { writer in
                    writer.field("_0", message)
                    writer.field("image", image)
                    writer.field("media", media)
                }
            case .text(let text):
                writer.key("text")
                writer.object { $0.field("_0", text) }
            case .sticker(let file, let description):
                writer.key("sticker")
                writer.object { writer in
                    writer.field("_0", file)
                    writer.field("description", description)
                }
            case .peeledSticker(let file, let description, let onto):
                writer.key("peeledSticker")
                writer.object { writer in
                    writer.field("_0", file)
                    writer.field("description", description)
                    writer.field("onto", onto)
                }
            case .attachment(let file):
                writer.key("attachment")
                writer.object { $0.field("_0", file) }
            }
        }
    }
}

extension StoredFile: FastEncodable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.field("byteCount", self.byteCount)
            writer.field("filename", self.filename)
            writer.field("mediaType", self.mediaType)
            writer.field("pixelHeight", self.pixelHeight)
            writer.field("pixelWidth", self.pixelWidth)
            writer.field("sha256", self.sha256)
            writer.field("storedName", self.storedName)
        }
    }
}
