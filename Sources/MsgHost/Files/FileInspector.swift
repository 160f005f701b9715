import Crypto
import MsgHostCore
import MsgHostProtocol

/// Decides whether a file an extension hands the host is acceptable, and answers with Apple's
/// error code when it is not: this is where `MSMessagesErrorDomain` codes 1–7 and the stickers
/// domain's 1–3 come from (research/messages-framework.md §1–2).
///
/// Checks run in the order Messages reports them: the URL (4), then existence (1) and
/// readability (2), then the type (3), then, for stickers, format (7), byte size (6),
/// attributes (5) and pixel size (6). The type comes from the content (`FileKind.sniff`);
/// only the first few KB are read to decide it, so a huge file costs nothing to refuse.
///
/// An empty file, or empty bytes, is refused as unreadable whatever its purpose: there is
/// nothing to show, and no type can be read from it.
struct FileInspector: Sendable {
    /// Stickers: at most 500 KB (MSSticker header) and 300–618 px a side.
    static let stickerMaxBytes = 500 * 1024
    static let stickerSides = 300...618

    /// How much is read at a time when hashing or copying.
    static let chunkSize = 64 * 1024

    /// A file that passed every check, still open, so the caller hashes (and the store copies)
    /// exactly what was judged, not whatever the path names a moment later.
    struct Inspection {
        enum Content {
            case file(OpenFile)
            case buffer([UInt8])
        }

        let content: Content
        let kind: FileKind
        let filename: String
        let pixelSize: ImageHeader.PixelSize?
        let byteCount: Int
        /// Names the file in error details: a quoted path, or the request's bytes.
        let label: String
        let purpose: FileCheck.Purpose

        /// Hands the content to `body` in chunks of at most `chunkSize` bytes: exactly
        /// `byteCount` of them. A file that shrank or failed to read since it was judged is
        /// refused as unreadable rather than stored short.
        func stream(_ body: (UnsafeRawBufferPointer) throws(WireError) -> Void) throws(WireError) {
            switch self.content {
            case .buffer(let bytes):
                // `withUnsafeBytes` rethrows untyped errors, so the typed one is carried out by hand.
                var failure: WireError?
                bytes.withUnsafeBytes { raw in
                    var offset = 0
                    while offset < raw.count, failure == nil {
                        let end = min(offset + FileInspector.chunkSize, raw.count)
                        do throws(WireError) { try body(UnsafeRawBufferPointer(rebasing: raw[offset..<end])) } catch {
                            failure = error
                        }
                        offset = end
                    }
                }
                if let failure { throw failure }
            case .file(let file):
                let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: FileInspector.chunkSize, alignment: 16)
                defer { buffer.deallocate() }
                var offset = 0
                while offset < self.byteCount {
                    let wanted = min(FileInspector.chunkSize, self.byteCount - offset)
                    let got = file.readFully(
                        into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<wanted]), at: offset)
                    guard got == wanted else {
                        let what = got < 0 ? "could not be read at byte \(offset)" : "changed while it was being read"
                        throw FileInspector.unreadable(self.purpose, "\(self.label) \(what)")
                    }
                    try body(UnsafeRawBufferPointer(rebasing: buffer[..<wanted]))
                    offset += wanted
                }
            }
        }

        func storedFile(sha256: String) -> StoredFile {
            StoredFile(
                sha256: sha256, storedName: AttachmentStore.storedName(sha256: sha256, kind: self.kind),
                filename: self.filename, mediaType: self.kind.mediaType, byteCount: self.byteCount,
                pixelWidth: self.pixelSize?.width, pixelHeight: self.pixelSize?.height
            )
        }
    }

    /// Checks `check` and, if it is acceptable, hashes it. Nothing is copied: see
    /// `AttachmentStore.store` for that.
    func inspect(_ check: FileCheck, alternateFilename: String? = nil) -> FileCheckResult {
        let inspection: Inspection
        switch self.examine(check, alternateFilename: alternateFilename) {
        case .failure(let error): return .refused(error)
        case .success(let value): inspection = value
        }
        var hasher = SHA256()
        do {
            try inspection.stream { chunk in hasher.update(bufferPointer: chunk) }
        } catch {
            return .refused(error)
        }
        return .accepted(inspection.storedFile(sha256: Self.hex(hasher.finalize())))
    }

    /// Every check, without reading more than the type and size need.
    func examine(_ check: FileCheck, alternateFilename: String?) -> Result<Inspection, WireError> {
        let purpose = check.purpose
        let noun = Self.noun(purpose)
        let content: Inspection.Content
        let source: any ByteSource
        let label: String
        let url: FileURL?
        switch check.source {
        case .url(let string):
            let parsed: FileURL
            do {
                parsed = try FileURL(parsing: string)
            } catch {
                return .failure(.messages(.improperFileURL, "\(noun) URL '\(Self.truncated(string))' \(error.reason)"))
            }
            label = "\(noun) '\(parsed.displayPath)'"
            switch OpenFile.open(path: parsed.path) {
            case .failure(.notFound(let why)): return .failure(Self.notFound(purpose, "\(label): \(why)"))
            case .failure(.unreadable(let why)): return .failure(Self.unreadable(purpose, "\(label) \(why)"))
            case .success(let file): (content, source, url) = (.file(file), file, parsed)
            }
        case .bytes(let bytes):
            label = "\(noun) (\(bytes.count) bytes in the request)"
            (content, source, url) = (.buffer(bytes), BufferSource(buffer: bytes), nil)
        }
        return Self.judge(
            content, source: source, label: label, url: url, purpose: purpose, alternateFilename: alternateFilename)
    }

    private static func judge(
        _ content: Inspection.Content, source: some ByteSource, label: String, url: FileURL?,
        purpose: FileCheck.Purpose, alternateFilename: String?
    ) -> Result<Inspection, WireError> {
        guard source.count > 0 else { return .failure(Self.unreadable(purpose, "\(label) is empty")) }
        let head = source.bytes(at: 0, count: FileKind.headLength)
        guard !head.isEmpty else { return .failure(Self.unreadable(purpose, "\(label) could not be read")) }
        let kind = FileKind.sniff(head: head, source: source, nameExtension: url?.lowercasedExtension)

        switch purpose {
        case .attachment:
            guard let kind else {
                return .failure(
                    .messages(
                        .improperFileType, "\(label) is not a supported type (image, movie, audio, PDF or plain text)"))
            }
            return .success(Self.inspection(content, kind, source, label, url, purpose, alternateFilename))
        case .layoutMedia, .layoutImage, .viewImage:
            let allowed: Set<FileKind.Category> = purpose == .layoutMedia ? [.image, .movie] : [.image]
            guard let kind, allowed.contains(kind.category) else {
                let found = kind.map { "is \($0.mediaType)" } ?? "is not a supported type"
                let wanted = purpose == .layoutMedia ? "an image or a movie" : "an image"
                return .failure(.messages(.improperFileType, "\(label) \(found); it must be \(wanted)"))
            }
            return .success(Self.inspection(content, kind, source, label, url, purpose, alternateFilename))
        case .sticker:
            guard let kind, kind.category == .image else {
                let found = kind.map { "is \($0.mediaType)" } ?? "is not a recognised image"
                return .failure(.stickers(.notAnImage, "\(label) \(found), not an image"))
            }
            guard kind.isStickerFormat else {
                return .failure(
                    .messages(
                        .stickerFileImproperFileFormat,
                        "\(label) is \(kind.mediaType); a sticker must be PNG, APNG, GIF or JPEG"))
            }
            guard source.count <= Self.stickerMaxBytes else {
                return .failure(
                    .messages(
                        .stickerFileImproperFileSize,
                        "\(label) is \(source.count) bytes; a sticker must be at most \(Self.stickerMaxBytes) bytes (500 KB)"
                    ))
            }
            let inspection = Self.inspection(content, kind, source, label, url, purpose, alternateFilename)
            guard let size = inspection.pixelSize else {
                return .failure(
                    .messages(
                        .stickerFileImproperFileAttributes,
                        "\(label): the pixel size cannot be read from its \(kind.mediaType) header"))
            }
            guard Self.stickerSides.contains(size.width), Self.stickerSides.contains(size.height) else {
                return .failure(
                    .messages(
                        .stickerFileImproperFileSize,
                        "\(label) is \(size.width)×\(size.height) px; a sticker must be 300–618 px a side"))
            }
            return .success(inspection)
        }
    }

    private static func inspection(
        _ content: Inspection.Content, _ kind: FileKind, _ source: some ByteSource, _ label: String, _ url: FileURL?,
        _ purpose: FileCheck.Purpose, _ alternateFilename: String?
    ) -> Inspection {
        let generated = (kind.category == .image ? "image." : "file.") + kind.fileExtension
        let filename = alternateFilename.flatMap { $0.isEmpty ? nil : $0 } ?? url?.lastComponent ?? generated
        let pixelSize = kind.category == .image ? ImageHeader.pixelSize(of: kind, in: source) : nil
        return Inspection(
            content: content, kind: kind, filename: filename, pixelSize: pixelSize,
            byteCount: source.count, label: label, purpose: purpose)
    }

    /// Stickers report missing and unreadable files in their own domain (DEC26 `MSSticker.mm`).
    static func notFound(_ purpose: FileCheck.Purpose, _ detail: String) -> WireError {
        purpose == .sticker ? .stickers(.fileNotFound, detail) : .messages(.fileNotFound, detail)
    }

    static func unreadable(_ purpose: FileCheck.Purpose, _ detail: String) -> WireError {
        purpose == .sticker ? .stickers(.fileUnreadable, detail) : .messages(.fileUnreadable, detail)
    }

    private static func noun(_ purpose: FileCheck.Purpose) -> String {
        switch purpose {
        case .attachment: "attachment"
        case .sticker: "sticker"
        case .layoutMedia: "layout media file"
        case .layoutImage: "layout image"
        case .viewImage: "view image"
        }
    }

    /// URLs in error details are cut short: an extension may send megabytes of `data:` URL.
    private static func truncated(_ string: String) -> String {
        string.count <= 200 ? string : String(string.prefix(200)) + "…"
    }

    static func hex(_ digest: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in digest {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
