/// A JSON document parsed without reflection, for the hot messages' hand-written decoders
/// (`FastDecodable`).
///
/// The parser is deliberately narrower than JSON: it gives up (returns nil) on anything whose
/// meaning Foundation's `JSONDecoder` might read differently — a duplicate key (Foundation keeps
/// the first), a number with a fraction or an exponent (Foundation reads `1.0` as an `Int`), an
/// escaped surrogate, nesting deeper than `maxDepth`. Giving up is never an error: the caller
/// decodes the same bytes with Foundation, which then accepts them or names what is wrong, so
/// the fast path can only ever agree with Foundation or step aside (the differential tests and
/// the `codec` fuzz target check exactly that).
public indirect enum JSONTree: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number written as an integer that fits in 64 bits.
    case integer(Int64)
    case string(String)
    case array([JSONTree])
    case object(JSONObject)

    public static let maxDepth = 64

    /// Parses a whole document; nil if it is not JSON, or JSON this parser leaves to Foundation.
    public static func parse(_ bytes: [UInt8]) -> JSONTree? {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONTreeParser(buffer)
            guard let value = parser.value(depth: 0) else { return nil }
            parser.skipWhitespace()
            return parser.index == buffer.count ? value : nil
        }
    }
}

/// An object's members in the order written (no key twice).
public struct JSONObject: Sendable, Equatable {
    public var members: [(key: String, value: JSONTree)]

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    public subscript(key: String) -> JSONTree? {
        for member in self.members where member.key == key { return member.value }
        return nil
    }
}

/// Reads `JSONTree`s from UTF-8 bytes (RFC 8259, minus what `JSONTree` leaves to Foundation).
private struct JSONTreeParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func skipWhitespace() {
        while self.index < self.bytes.count {
            switch self.bytes[self.index] {
            case 0x20, 0x0A, 0x0D, 0x09: self.index += 1
            default: return
            }
        }
    }

    mutating func value(depth: Int) -> JSONTree? {
        guard depth < JSONTree.maxDepth else { return nil }
        self.skipWhitespace()
        guard self.index < self.bytes.count else { return nil }
        switch self.bytes[self.index] {
        case UInt8(ascii: "{"): return self.object(depth: depth)
        case UInt8(ascii: "["): return self.array(depth: depth)
        case UInt8(ascii: "\""): return self.string().map(JSONTree.string)
        case UInt8(ascii: "t"): return self.literal("true", .bool(true))
        case UInt8(ascii: "f"): return self.literal("false", .bool(false))
        case UInt8(ascii: "n"): return self.literal("null", .null)
        default: return self.integer()
        }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONTree) -> JSONTree? {
        let count = word.utf8CodeUnitCount
        guard self.index + count <= self.bytes.count else { return nil }
        for offset in 0..<count where self.bytes[self.index + offset] != word.utf8Start[offset] { return nil }
        self.index += count
        return value
    }

    private mutating func object(depth: Int) -> JSONTree? {
        self.index += 1
        var members: [(key: String, value: JSONTree)] = []
        self.skipWhitespace()
        if self.index < self.bytes.count, self.bytes[self.index] == UInt8(ascii: "}") {
            self.index += 1
            return .object(JSONObject(members: members))
        }
        while true {
            self.skipWhitespace()
            guard self.index < self.bytes.count, self.bytes[self.index] == UInt8(ascii: "\""), let key = self.string()
            else { return nil }
            guard !members.contains(where: { $0.key == key }) else { return nil }  // Foundation keeps the first
            self.skipWhitespace()
            guard self.index < self.bytes.count, self.bytes[self.index] == UInt8(ascii: ":") else { return nil }
            self.index += 1
            guard let value = self.value(depth: depth + 1) else { return nil }
            members.append((key, value))
            self.skipWhitespace()
            guard self.index < self.bytes.count else { return nil }
            switch self.bytes[self.index] {
            case UInt8(ascii: ","): self.index += 1
            case UInt8(ascii: "}"):
                self.index += 1
                return .object(JSONObject(members: members))
            default: return nil
            }
        }
    }

    private mutating func array(depth: Int) -> JSONTree? {
        self.index += 1
        var elements: [JSONTree] = []
        self.skipWhitespace()
        if self.index < self.bytes.count, self.bytes[self.index] == UInt8(ascii: "]") {
            self.index += 1
            return .array(elements)
        }
        while true {
            guard let value = self.value(depth: depth + 1) else { return nil }
            elements.append(value)
            self.skipWhitespace()
            guard self.index < self.bytes.count else { return nil }
            switch self.bytes[self.index] {
            case UInt8(ascii: ","): self.index += 1
            case UInt8(ascii: "]"):
                self.index += 1
                return .array(elements)
            default: return nil
            }
        }
    }

    /// `-?(0|[1-9][0-9]*)` within Int64; a fraction or exponent is left to Foundation.
    private mutating func integer() -> JSONTree? {
        var negative = false
        if self.bytes[self.index] == UInt8(ascii: "-") {
            negative = true
            self.index += 1
        }
        let start = self.index
        var magnitude: UInt64 = 0
        while self.index < self.bytes.count, case let digit = self.bytes[self.index] &- UInt8(ascii: "0"), digit < 10 {
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = times10.addingReportingOverflow(UInt64(digit))
            guard !overflow1, !overflow2 else { return nil }
            magnitude = next
            self.index += 1
        }
        let digits = self.index - start
        guard digits > 0, digits == 1 || self.bytes[start] != UInt8(ascii: "0") else { return nil }
        if self.index < self.bytes.count {
            switch self.bytes[self.index] {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
            default: break
            }
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return .integer(magnitude == UInt64(Int64.max) + 1 ? .min : -Int64(magnitude))
        }
        guard magnitude <= UInt64(Int64.max) else { return nil }
        return .integer(Int64(magnitude))
    }

    /// A string at `index` (which is its opening quote); nil for anything not plain: a raw
    /// control character, a bad escape, an escaped surrogate, bytes that are not UTF-8.
    private mutating func string() -> String? {
        self.index += 1
        let start = self.index
        // Bytes of 0x80 and up seen as they are (not made by an escape): only then can the
        // string be invalid UTF-8. Without them its bytes are ASCII or an escaped scalar's
        // UTF-8, which `String(decoding:)` takes as they are; `String(validating:as:)` runs
        // unspecialised generic code, hundreds of instructions for every string of every
        // message, so it is kept for the strings that need it.
        var high: UInt8 = 0
        // The common case: no escapes, so the bytes are the string.
        while self.index < self.bytes.count {
            let byte = self.bytes[self.index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: self.bytes[start..<self.index])
                self.index += 1
                return high < 0x80 ? String(decoding: slice, as: UTF8.self) : String(validating: slice, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { return nil }
            high |= byte
            self.index += 1
        }
        var scratch = Array(UnsafeBufferPointer(rebasing: self.bytes[start..<self.index]))
        while self.index < self.bytes.count {
            let byte = self.bytes[self.index]
            self.index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return high < 0x80
                    ? String(decoding: scratch, as: UTF8.self) : String(validating: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard self.index < self.bytes.count else { return nil }
                let escaped = self.bytes[self.index]
                self.index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escaped)
                case UInt8(ascii: "b"): scratch.append(0x08)
                case UInt8(ascii: "f"): scratch.append(0x0C)
                case UInt8(ascii: "n"): scratch.append(0x0A)
                case UInt8(ascii: "r"): scratch.append(0x0D)
                case UInt8(ascii: "t"): scratch.append(0x09)
                case UInt8(ascii: "u"):
                    // Surrogates: Foundation's call.
                    guard let scalar = self.hex4(), let unicode = Unicode.Scalar(scalar) else { return nil }
                    scratch.append(contentsOf: String(Character(unicode)).utf8)
                default: return nil
                }
            default:
                if byte < 0x20 { return nil }
                high |= byte
                scratch.append(byte)
            }
        }
        return nil
    }

    private mutating func hex4() -> UInt32? {
        guard self.index + 4 <= self.bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = self.bytes[self.index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            self.index += 1
        }
        return value
    }
}
