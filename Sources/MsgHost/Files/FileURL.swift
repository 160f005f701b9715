/// A `file:` URL as an extension sends it, reduced to the local path it names.
///
/// We parse it ourselves (RFC 8089 in its common forms) rather than with Foundation's `URL`,
/// whose leniency differs between platforms and releases, because the answer decides an error
/// code (`improperFileURL`) that tests pin down. The decoded path is kept as raw bytes: Linux
/// file names need not be UTF-8, and a percent-encoded name must reach `open` byte for byte.
///
/// Accepted: `file:///abs/path`, `file://localhost/abs/path`, `file:/abs/path`; the scheme in
/// any case; a query or fragment is ignored. Refused: any other scheme, no scheme (a relative
/// reference or a bare path), a remote host, a relative path, a malformed `%` escape, an
/// encoded NUL, and control characters.
struct FileURL: Equatable {
    /// The percent-decoded absolute path.
    let path: [UInt8]

    /// The path for messages and logs (invalid UTF-8 shown as U+FFFD).
    var displayPath: String { String(decoding: self.path, as: UTF8.self) }

    /// The last non-empty path component, or nil for `/`.
    var lastComponent: String? {
        self.path.split(separator: UInt8(ascii: "/")).last.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The lowercased extension of the last component, if it has one.
    var lowercasedExtension: String? {
        guard let name = self.lastComponent, let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            return nil
        }
        let ext = name[name.index(after: dot)...]
        return ext.isEmpty ? nil : ext.lowercased()
    }

    /// Why a string is not a usable file URL, for the error's detail.
    struct Failure: Error, Equatable {
        let reason: String
    }

    init(parsing string: String) throws(Failure) {
        let bytes = Array(string.utf8)
        if bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) { throw Failure(reason: "contains control characters") }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0,
            Self.isScheme(bytes[..<colon])
        else { throw Failure(reason: "has no scheme (a file URL is required)") }
        let scheme = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
        guard scheme == "file" else { throw Failure(reason: "has scheme '\(scheme)', not 'file'") }

        var rest = bytes[(colon + 1)...]
        if let end = rest.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
            rest = rest[..<end]
        }
        if rest.starts(with: Array("//".utf8)) {
            let afterSlashes = rest.dropFirst(2)
            let slash = afterSlashes.firstIndex(of: UInt8(ascii: "/")) ?? afterSlashes.endIndex
            let host = String(decoding: afterSlashes[..<slash], as: UTF8.self).lowercased()
            guard host.isEmpty || host == "localhost" else {
                throw Failure(reason: "names host '\(host)', not a local file")
            }
            rest = afterSlashes[slash...]
        }
        guard rest.first == UInt8(ascii: "/") else { throw Failure(reason: "has no absolute path") }
        self.path = try Self.percentDecode(rest)
    }

    /// RFC 3986: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
    private static func isScheme(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, first.isASCIILetter else { return false }
        return bytes.allSatisfy {
            $0.isASCIILetter || (0x30...0x39).contains($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E
        }
    }

    private static func percentDecode(_ bytes: ArraySlice<UInt8>) throws(Failure) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "%") else {
                result.append(byte)
                index += 1
                continue
            }
            guard index + 2 < bytes.endIndex, let high = bytes[index + 1].hexValue, let low = bytes[index + 2].hexValue
            else {
                throw Failure(reason: "has a malformed percent escape")
            }
            let decoded = high << 4 | low
            guard decoded != 0 else { throw Failure(reason: "encodes a NUL byte in its path") }
            result.append(decoded)
            index += 3
        }
        return result
    }
}

extension UInt8 {
    fileprivate var isASCIILetter: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }

    fileprivate var hexValue: UInt8? {
        switch self {
        case 0x30...0x39: self - 0x30
        case 0x41...0x46: self - 0x41 + 10
        case 0x61...0x66: self - 0x61 + 10
        default: nil
        }
    }
}
