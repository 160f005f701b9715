/// `insertText` / `sendText`.
public struct TextRequestBody: Codable, Hashable, Sendable {
    public var instance: String
    public var text: String
    public init(instance: String, text: String) {
        self.instance = instance
        self.text = text
    }
}

/// `MSSticker` on the wire: a file URL and its description.
public struct StickerValue: Codable, Hashable, Sendable {
    /// A `file://` URL to a PNG, APNG, GIF or JPEG; from the host, a file in its store.
    public var url: String
    /// At most 150 characters.
    public var localizedDescription: String
    public init(url: String, localizedDescription: String) {
        self.url = url
        self.localizedDescription = localizedDescription
    }
}

/// `insertSticker` / `sendSticker`.
public struct StickerRequestBody: Codable, Hashable, Sendable {
    public var instance: String
    public var sticker: StickerValue
    public init(instance: String, sticker: StickerValue) {
        self.instance = instance
        self.sticker = sticker
    }
}

/// `insertAttachment` / `sendAttachment`.
public struct AttachmentRequestBody: Codable, Hashable, Sendable {
    public var instance: String
    public var url: String
    public var alternateFilename: String?
    public init(instance: String, url: String, alternateFilename: String? = nil) {
        self.instance = instance
        self.url = url
        self.alternateFilename = alternateFilename
    }
}

/// `requestPresentationStyle`, and the `willTransition`/`didTransition` callbacks.
public struct PresentationStyleBody: Codable, Hashable, Sendable {
    public var instance: String
    public var presentationStyle: PresentationStyle
    public init(instance: String, presentationStyle: PresentationStyle) {
        self.instance = instance
        self.presentationStyle = presentationStyle
    }
}

/// A size in points.
public struct SizeValue: Codable, Hashable, Sendable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// `contentSizeThatFits`: the room a live bubble may take; the reply says what it wants.
public struct ContentSizeBody: Codable, Hashable, Sendable {
    public var instance: String
    public var size: SizeValue
    public init(instance: String, size: SizeValue) {
        self.instance = instance
        self.size = size
    }
}

/// The reply to `contentSizeThatFits`.
public struct ContentSizeResult: Codable, Hashable, Sendable {
    public var size: SizeValue
    public init(size: SizeValue) { self.size = size }
}
