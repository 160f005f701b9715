/// The file types the host accepts, as Messages does: images, movies, audio, PDF and plain text.
///
/// A kind is decided by the file's first bytes (`FileKind.sniff`), never by its name, because
/// an extension's file name says nothing reliable about its content. Only the text types,
/// which have no magic number, fall back to the name's extension.
enum FileKind: String, CaseIterable, Sendable {
    case png, apng, gif, jpeg, heic, heif, webp
    case mp4, m4v, quickTime
    case m4a, mp3, wav, caf, aiff
    case pdf
    case plainText, markdown, csv, vCard

    /// What each `FileCheck.Purpose` accepts is decided by category.
    enum Category: String, Sendable {
        case image, movie, audio, document, text
    }

    var category: Category {
        switch self {
        case .png, .apng, .gif, .jpeg, .heic, .heif, .webp: .image
        case .mp4, .m4v, .quickTime: .movie
        case .m4a, .mp3, .wav, .caf, .aiff: .audio
        case .pdf: .document
        case .plainText, .markdown, .csv, .vCard: .text
        }
    }

    /// `MSSticker` takes PNG, APNG, GIF or JPEG only (header and DOC).
    var isStickerFormat: Bool { [.png, .apng, .gif, .jpeg].contains(self) }

    var mediaType: String {
        switch self {
        case .png: "image/png"
        case .apng: "image/apng"
        case .gif: "image/gif"
        case .jpeg: "image/jpeg"
        case .heic: "image/heic"
        case .heif: "image/heif"
        case .webp: "image/webp"
        case .mp4: "video/mp4"
        case .m4v: "video/x-m4v"
        case .quickTime: "video/quicktime"
        case .m4a: "audio/mp4"
        case .mp3: "audio/mpeg"
        case .wav: "audio/wav"
        case .caf: "audio/x-caf"
        case .aiff: "audio/aiff"
        case .pdf: "application/pdf"
        case .plainText: "text/plain"
        case .markdown: "text/markdown"
        case .csv: "text/csv"
        case .vCard: "text/vcard"
        }
    }

    /// The extension of the stored copy and of a generated filename. APNG keeps `.png`, the
    /// name every tool (and Messages) uses for it.
    var fileExtension: String {
        switch self {
        case .png, .apng: "png"
        case .jpeg: "jpg"
        case .quickTime: "mov"
        case .plainText: "txt"
        case .markdown: "md"
        case .vCard: "vcf"
        default: self.rawValue
        }
    }

    /// How many leading bytes `sniff` looks at: enough for every magic number and an `ftyp`
    /// box's brands, and a sample of a text file.
    static let headLength = 4096

    /// The kind of `source`, or nil when it is none of the supported ones.
    ///
    /// Every magic number must be at offset 0. PDF readers tolerate junk before `%PDF-`, but
    /// searching for it would turn a text file that mentions "%PDF-" into a PDF; such files
    /// are refused instead.
    ///
    /// - Parameters:
    ///   - head: the first `headLength` bytes of `source` (fewer if it is shorter).
    ///   - nameExtension: the lowercased extension of the file's name, consulted only for text.
    static func sniff(head: [UInt8], source: some ByteSource, nameExtension: String?) -> FileKind? {
        let h = Head(head)
        if h.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            return ImageHeader.pngIsAnimated(source) ? .apng : .png
        }
        if h.ascii(0, 6) == "GIF87a" || h.ascii(0, 6) == "GIF89a" { return .gif }
        if h.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if h.ascii(4, 4) == "ftyp" { return Self.isoMediaKind(h) }
        if ["moov", "wide", "mdat", "pnot"].contains(h.ascii(4, 4)) { return .quickTime }  // QuickTime before `ftyp`
        if h.ascii(0, 4) == "RIFF" || h.ascii(0, 4) == "RF64" {
            switch h.ascii(8, 4) {
            case "WEBP": return h.ascii(0, 4) == "RIFF" ? .webp : nil
            case "WAVE": return .wav
            default: return nil
            }
        }
        if h.ascii(0, 4) == "FORM", ["AIFF", "AIFC"].contains(h.ascii(8, 4)) { return .aiff }
        if h.starts(with: Array("caff".utf8) + [0, 1]) { return .caf }  // "caff", version 1
        if h.ascii(0, 5) == "%PDF-" { return .pdf }
        if h.isID3Tag || h.isMPEGAudioFrame { return .mp3 }
        return Self.textKind(h, source: source, nameExtension: nameExtension)
    }

    /// ISO base media files (MP4, M4V, M4A, HEIF…) say what they are in the `ftyp` box: a
    /// major brand, then compatible brands. A major brand we know decides; otherwise the
    /// first compatible brand we know does. AVIF is recognised only to be refused: it shares
    /// HEIF's `mif1` brand but is not a type Messages takes from extensions.
    private static func isoMediaKind(_ h: Head) -> FileKind? {
        let boxSize = h.uint32BE(0).map(Int.init) ?? 0
        let major = h.ascii(8, 4)
        let compatible = stride(from: 16, to: min(max(boxSize, 16), h.count), by: 4).map { h.ascii($0, 4) }
        let heicBrands: Set = ["heic", "heix", "heim", "heis", "hevc", "hevx"]
        if heicBrands.contains(major) { return .heic }
        if let kind = Self.videoAndAudioBrands[major] { return kind }
        if compatible.contains(where: { $0 == "avif" || $0 == "avis" }) || major == "avif" { return nil }
        if compatible.contains(where: heicBrands.contains) { return .heic }
        if major == "mif1" || major == "msf1" { return .heif }
        return compatible.lazy.compactMap { Self.videoAndAudioBrands[$0] }.first
    }

    private static let videoAndAudioBrands: [String: FileKind] = {
        var brands: [String: FileKind] = [
            "M4V ": .m4v, "M4VH": .m4v, "M4VP": .m4v, "qt  ": .quickTime,
            "M4A ": .m4a, "M4B ": .m4a, "M4P ": .m4a,
        ]
        for brand in [
            "isom", "iso2", "iso3", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "3gp4", "3gp5",
            "3gp6", "3g2a", "mmp4", "dash", "MSNV", "NDAS", "f4v ",
        ] {
            brands[brand] = .mp4
        }
        return brands
    }()

    /// Text has no magic number, so the name's extension decides; the content must still look
    /// like text (UTF-8, no NUL byte in the first `headLength` bytes), so that a binary file
    /// renamed `.txt` is refused rather than delivered as text.
    private static func textKind(_ h: Head, source: some ByteSource, nameExtension: String?) -> FileKind? {
        let kinds: [String: FileKind] = [
            "txt": .plainText, "text": .plainText, "md": .markdown,
            "markdown": .markdown, "csv": .csv, "vcf": .vCard,
        ]
        guard let nameExtension, let kind = kinds[nameExtension], !h.bytes.contains(0) else { return nil }
        // The sample may end inside a multibyte character when the file is longer than it.
        let maxCut = source.count > h.count ? min(3, h.count) : 0
        for cut in 0...maxCut where String(validating: h.bytes.dropLast(cut), as: UTF8.self) != nil {
            return kind
        }
        return nil
    }
}

/// Bounds-checked reads of the first bytes of a file: every accessor answers nil or a
/// non-matching value past the end instead of trapping, so truncated files are just "not this".
struct Head {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var count: Int { self.bytes.count }

    func starts(with prefix: [UInt8]) -> Bool { self.bytes.starts(with: prefix) }

    /// `length` bytes at `offset` as Latin-1 text (so any byte maps to a character), or "" if short.
    func ascii(_ offset: Int, _ length: Int) -> String {
        guard offset >= 0, offset + length <= self.count else { return "" }
        return String(self.bytes[offset..<offset + length].map { Character(Unicode.Scalar($0)) })
    }

    func uint32BE(_ offset: Int) -> UInt32? {
        guard offset >= 0, offset + 4 <= self.count else { return nil }
        return self.bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// An ID3v2 tag: "ID3", a major version 2–4, a revision that is not 0xFF. Checking the
    /// version keeps a text file that starts with "ID3" a text file.
    var isID3Tag: Bool {
        self.ascii(0, 3) == "ID3" && self.count >= 5 && (2...4).contains(self.bytes[3]) && self.bytes[4] != 0xFF
    }

    /// An MPEG audio frame header: 11 sync bits, and no reserved value in the version, layer,
    /// bitrate or sample-rate fields (which rules out ADTS AAC, whose layer bits are 00).
    var isMPEGAudioFrame: Bool {
        guard self.count >= 4, self.bytes[0] == 0xFF, self.bytes[1] & 0xE0 == 0xE0 else { return false }
        let version = (self.bytes[1] >> 3) & 0x03
        let layer = (self.bytes[1] >> 1) & 0x03
        let bitrate = self.bytes[2] >> 4
        let sampleRate = (self.bytes[2] >> 2) & 0x03
        return version != 1 && layer != 0 && bitrate != 0x0F && sampleRate != 0x03
    }
}
