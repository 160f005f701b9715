/// Where the host gets identifiers and secrets. Injected so tests are deterministic.
public protocol IDGenerator: Sendable {
    /// A new UUID string in Apple's uppercase form, for participant identifiers, installs,
    /// messages and conversations.
    func makeUUID() -> String
    /// A new one-time launch token (the HMAC key an extension process signs with).
    func makeToken() -> String
}

/// Random identifiers for production: UUIDs and 256-bit tokens from the system's CSPRNG.
public struct RandomIDGenerator: IDGenerator {
    public init() {}

    public func makeUUID() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes[6] = (bytes[6] & 0x0f) | 0x40  // version 4
        bytes[8] = (bytes[8] & 0x3f) | 0x80  // RFC 4122 variant
        return Self.uuidString(bytes)
    }

    public func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(UInt8.random(in: 0...255, using: &generator), radix: 16).leftPadded(2) }.joined()
    }

    static func uuidString(_ bytes: [UInt8]) -> String {
        let hex = bytes.map { String($0, radix: 16, uppercase: true).leftPadded(2) }
        return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }.joined(separator: "-")
    }
}

/// Predictable identifiers for tests: UUIDs count up from 1, tokens are `token-N`.
public final class SequentialIDGenerator: IDGenerator, @unchecked Sendable {
    private var next = 0
    public init() {}

    public func makeUUID() -> String {
        self.next += 1
        let digits = String(self.next, radix: 16, uppercase: true).leftPadded(12)
        return "00000000-0000-4000-8000-\(digits)"
    }

    public func makeToken() -> String {
        self.next += 1
        return "token-\(self.next)"
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        self.count >= width ? self : String(repeating: "0", count: width - self.count) + self
    }
}
