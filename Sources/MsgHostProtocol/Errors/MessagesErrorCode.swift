/// Apple's `MSMessageErrorCode`, raw values exactly as Messages.framework defines them
/// (docs/SPEC.md §4).
public enum MessagesErrorCode: Int, Sendable, CaseIterable {
    case unknown = -1
    case fileNotFound = 1
    case fileUnreadable = 2
    case improperFileType = 3
    case improperFileURL = 4
    case stickerFileImproperFileAttributes = 5
    case stickerFileImproperFileSize = 6
    case stickerFileImproperFileFormat = 7
    case urlExceedsMaxSize = 8
    case sendWithoutRecentInteraction = 9
    case sendWhileNotVisible = 10
    case apiUnavailableInPresentationContext = 11

    /// `MSMessagesErrorDomain`.
    public static let domain = "com.apple.messages.messagesapp-error"

    /// Apple's one-line description of the case.
    public var appleDescription: String {
        switch self {
        case .unknown: "An unexpected or unknown error has occurred."
        case .fileNotFound: "The file could not be found."
        case .fileUnreadable: "The file could not be read."
        case .improperFileType: "The file is not a supported file type."
        case .improperFileURL: "The URL does not refer to a local file."
        case .stickerFileImproperFileAttributes:
            "The system cannot read one or more of the file's attributes (for example, the file size)."
        case .stickerFileImproperFileSize: "The image used to create an MSSticker object is larger than 500 KB."
        case .stickerFileImproperFileFormat:
            "The image used to create an MSSticker object is not one of the supported file types (PNG, APNG, GIF, or JPEG)."
        case .urlExceedsMaxSize:
            "The URL in an MSMessage object's url property is longer than the maximum allowed length (5,000 characters)."
        case .sendWithoutRecentInteraction:
            "A message was sent, but the app has not registered a recent touch interaction from the user."
        case .sendWhileNotVisible: "A message was sent while the app was not visible."
        case .apiUnavailableInPresentationContext: "The API is unavailable in the current context."
        }
    }
}

/// `MSStickersErrorDomain` codes (DEC26 `MSSticker.mm`).
public enum StickersErrorCode: Int, Sendable, CaseIterable {
    case fileNotFound = 1
    case fileUnreadable = 2
    case notAnImage = 3

    public static let domain = "com.apple.messages.stickers-error"
}
