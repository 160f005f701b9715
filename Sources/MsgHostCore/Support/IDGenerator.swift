/// Where the host gets identifiers and secrets. Injected so tests are deterministic.
public protocol IDGenerator: Sendable {
    /// A new UUID string in Apple's uppercase form, for participant identifiers, installs,
    /// messages and conversations.
    mutating func makeUUID() -> String
    /// A new one-time launch token (the HMAC key an extension process signs with).
    mutating func makeToken() -> String
}

/// Random identifiers for production: UUIDs and 256-bit tokens from the system's CSPRNG.
public struct RandomIDGenerator: IDGenerator {
    public init() {}

    /// Two 64-bit draws from the CSPRNG (one `getrandom` each), not one per byte: a UUID is
    /// made for every message sent.
    public func makeUUID() -> String {
        var bytes = Self.randomBytes(16)
        bytes[6] = (bytes[6] & 0x0f) | 0x40  // version 4
        bytes[8] = (bytes[8] & 0x3f) | 0x80  // RFC 4122 variant
        return Self.uuidString(bytes)
    }

    public func makeToken() -> String {
        String(decoding: Self.hex(Self.randomBytes(32), digits: Self.lowerDigits), as: UTF8.self)
    }

    static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        while bytes.count < count {
            var word = generator.next()
            for _ in 0..<min(8, count - bytes.count) {
                bytes.append(UInt8(truncatingIfNeeded: word))
                word >>= 8
            }
        }
        return bytes
    }

    private static let upperDigits = Array("0123456789ABCDEF".utf8)
    private static let lowerDigits = Array("0123456789abcdef".utf8)

    private static func hex(_ bytes: some Sequence<UInt8>, digits: [UInt8]) -> [UInt8] {
        bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0f)]] }
    }

    static func uuidString(_ bytes: [UInt8]) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
            text.append(Self.upperDigits[Int(byte >> 4)])
            text.append(Self.upperDigits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

/// Identifiers that repeat from run to run: UUIDs (version 4 in form) from SplitMix64 seeded
/// with `seed`, for runs that must make the same session twice (`ids.seed`, the explorer).
/// Tokens stay random: a launch token is a secret, and no recording holds one.
public struct SeededIDGenerator: IDGenerator {
    private var state: UInt64

    public init(seed: UInt64) { self.state = seed }

    public mutating func makeUUID() -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        for _ in 0..<2 {
            var word = self.next()
            for _ in 0..<8 {
                bytes.append(UInt8(truncatingIfNeeded: word))
                word >>= 8
            }
        }
        bytes[6] = (bytes[6] & 0x0f) | 0x40
        bytes[8] = (bytes[8] & 0x3f) | 0x80
        return RandomIDGenerator.uuidString(bytes)
    }

    public func makeToken() -> String { RandomIDGenerator().makeToken() }

    /// SplitMix64 (Steele, Lea and Flood, 2014).
    private mutating func next() -> UInt64 {
        self.state &+= 0x9E37_79B9_7F4A_7C15
        var z = self.state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Predictable identifiers for tests: UUIDs count up from 1, tokens are `token-N`.
public struct SequentialIDGenerator: IDGenerator {
    private var next = 0
    public init() {}

    public mutating func makeUUID() -> String {
        self.next += 1
        let digits = String(self.next, radix: 16, uppercase: true).leftPadded(12)
        return "00000000-0000-4000-8000-\(digits)"
    }

    public mutating func makeToken() -> String {
        self.next += 1
        return "token-\(self.next)"
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        self.count >= width ? self : String(repeating: "0", count: width - self.count) + self
    }
}
