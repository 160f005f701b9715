import MsgHostProtocol

/// A file the host must look at before it can accept a request: an attachment, a sticker, a
/// layout's media file, or a layout image sent as a binary frame.
///
/// Looking at files is I/O, so the state machine does not do it: it asks the shell with
/// `HostAction.inspectFiles`, and the shell answers with `filesInspected`. An accepted file
/// has already been copied into the daemon's store, so the extension may delete its copy.
public struct FileCheck: Hashable, Sendable {
    public enum Purpose: String, Hashable, Sendable {
        /// `insertAttachment`/`sendAttachment`: any supported type (images, movies, audio, PDF,
        /// plain text).
        case attachment
        /// `MSSticker`: PNG, APNG, GIF or JPEG, at most 500 KB, 300–618 px a side.
        case sticker
        /// `MSMessageTemplateLayout.mediaFileURL`: an image or a movie.
        case layoutMedia
        /// `MSMessageTemplateLayout.image`: image bytes from a binary frame.
        case layoutImage
        /// An image element of a `setView` view: image bytes from a binary frame, checked as a
        /// layout image is.
        case viewImage
    }

    public enum Source: Hashable, Sendable {
        /// A URL string as the extension sent it (must be a `file://` URL to a readable file).
        case url(String)
        /// Bytes carried in the request's binary frames.
        case bytes([UInt8])
    }

    public var source: Source
    public var purpose: Purpose

    public init(source: Source, purpose: Purpose) {
        self.source = source
        self.purpose = purpose
    }
}

/// The answer to one `FileCheck`.
public enum FileCheckResult: Hashable, Sendable {
    case accepted(StoredFile)
    /// Refused with Apple's code: 1–4 (messages domain) for attachments and layout media,
    /// 5–7 (messages domain) or the stickers domain's 1–3 for stickers.
    case refused(WireError)

    /// The files accepted, in order, or the first refusal: a message is kept whole or not at all.
    static func files(_ results: [FileCheckResult]) -> Result<[StoredFile], WireError> {
        var files: [StoredFile] = []
        for result in results {
            switch result {
            case .accepted(let file): files.append(file)
            case .refused(let error): return .failure(error)
            }
        }
        return .success(files)
    }
}

/// A file copied into the daemon's store, content-addressed so the same bytes are kept once.
public struct StoredFile: Codable, Hashable, Sendable {
    /// Lowercase hex SHA-256 of the bytes.
    public var sha256: String
    /// Where the copy is, relative to the store's files directory.
    public var storedName: String
    /// The name the user sees: the original's last path component, or the alternate filename.
    public var filename: String
    /// A MIME type, e.g. `image/png`.
    public var mediaType: String
    public var byteCount: Int
    /// For images: their size in pixels, when it could be read.
    public var pixelWidth: Int?
    public var pixelHeight: Int?

    public init(
        sha256: String, storedName: String, filename: String, mediaType: String, byteCount: Int, pixelWidth: Int? = nil,
        pixelHeight: Int? = nil
    ) {
        self.sha256 = sha256
        self.storedName = storedName
        self.filename = filename
        self.mediaType = mediaType
        self.byteCount = byteCount
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }
}
