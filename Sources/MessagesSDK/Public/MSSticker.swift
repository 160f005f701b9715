import Foundation

/// `MSSticker`: an image file the user can send or peel onto a bubble.
///
/// Apple's header promises a PNG, APNG, GIF or JPEG of at most 500 KB, 300–618 px a side,
/// with a description of at most 150 characters. As in current iOS, the file is checked when
/// the sticker is inserted or sent (the completion handler gets the error); `init` only
/// refuses a URL that is not a file URL (`improperFileURL`, 4).
open class MSSticker: NSObject, @unchecked Sendable {
    public let imageFileURL: URL
    public let localizedDescription: String

    public init(contentsOfFileURL fileURL: URL, localizedDescription: String) throws {
        guard fileURL.isFileURL else {
            throw NSError(messages: .improperFileURL, "\(fileURL.absoluteString) is not a file URL")
        }
        self.imageFileURL = fileURL
        self.localizedDescription = localizedDescription
        super.init()
    }
}
