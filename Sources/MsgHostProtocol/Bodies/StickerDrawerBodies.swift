/// The sticker drawer (PROTOCOL.md §4.11): the host asks the open app for its stickers
/// (`MSStickerBrowserViewDataSource`, all at once), and the user inserts one or peels it onto
/// a bubble.

/// The reply to the `stickers` callback: the app's stickers, in the order the drawer shows
/// them (`numberOfStickers(in:)`, then `stickerBrowserView(_:stickerAt:)` for each index).
public struct StickersResult: Codable, Hashable, Sendable {
    public var stickers: [StickerValue]
    public init(stickers: [StickerValue]) { self.stickers = stickers }
}

/// Body of control `stickers`: the user opens the sticker drawer of the app open on `device`.
public struct StickersRequest: Codable, Hashable, Sendable {
    public var device: String
    public init(device: String) { self.device = device }
}

/// Reply of control `stickers`: what the drawer shows, and the stickers it could not show.
public struct StickerDrawerResult: Codable, Hashable, Sendable {
    /// A sticker the drawer shows: its place in the app's list, and the host's copy.
    public struct Sticker: Codable, Hashable, Sendable {
        public var index: Int
        public var localizedDescription: String
        public var file: FileValue
        public init(index: Int, localizedDescription: String, file: FileValue) {
            self.index = index
            self.localizedDescription = localizedDescription
            self.file = file
        }
    }

    /// A sticker the drawer leaves out, with the error inserting it would have given.
    public struct Rejected: Codable, Hashable, Sendable {
        public var index: Int
        public var url: String
        public var error: WireError
        public init(index: Int, url: String, error: WireError) {
            self.index = index
            self.url = url
            self.error = error
        }
    }

    public var app: String
    public var instance: String
    public var stickers: [Sticker]
    public var rejected: [Rejected]
    public init(app: String, instance: String, stickers: [Sticker], rejected: [Rejected]) {
        self.app = app
        self.instance = instance
        self.stickers = stickers
        self.rejected = rejected
    }
}

/// Body of control `chooseSticker`: the user picks sticker `sticker` (an `index` of the last
/// `stickers` reply) and taps it into the input field, or, with `onto`, peels it onto the
/// bubble of that transcript entry, which sends it at once.
public struct ChooseStickerRequest: Codable, Hashable, Sendable {
    public var device: String
    public var sticker: Int
    public var onto: Int?
    public init(device: String, sticker: Int, onto: Int? = nil) {
        self.device = device
        self.sticker = sticker
        self.onto = onto
    }
}

/// Reply of control `chooseSticker`: the sent message's id for a peel; nil when inserted.
public struct ChooseStickerResult: Codable, Hashable, Sendable {
    public var messageID: String?
    public init(messageID: String?) { self.messageID = messageID }
}
