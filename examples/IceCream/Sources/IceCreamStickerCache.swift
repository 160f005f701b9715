import MessagesSDK

/// Stickers of finished ice creams, as in Apple's sample: a PNG file per ice cream in a cache
/// folder, since `MSSticker` is made from a file URL. The host copies the file when the sticker
/// is inserted, so the cache may be lost with the process.
@MainActor
enum IceCreamStickerCache {
    /// Messages' sticker rules: PNG, 300–618 px a side, at most 500 KB.
    static let side = 400

    static func sticker(for iceCream: IceCream) throws -> MSSticker {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "IceCreamStickers-\(getuid())", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let name = iceCream.queryItems.compactMap(\.value).joined(separator: "-")
        let file = folder.appendingPathComponent("\(name).png")
        try iceCream.pngData(side: Self.side, opaque: false).write(to: file, options: .atomic)
        return try MSSticker(contentsOfFileURL: file, localizedDescription: "An ice cream: \(iceCream.spoken)")
    }
}
