import Crypto

/// HMAC-SHA256 over every frame but the signature (PROTOCOL.md §2.1).
public enum Signature {
    /// The lowercase hex signature of `frames` (the envelope without its signature frame).
    public static func sign(_ frames: [[UInt8]], key: [UInt8]) -> [UInt8] {
        SigningKey(key).sign(frames)
    }

    /// Compares in constant time, so a forger learns nothing from how fast a refusal comes.
    public static func verify(_ signature: [UInt8], frames: [[UInt8]], key: [UInt8]) -> Bool {
        SigningKey(key).verify(signature, frames: frames)
    }

    static func hexBytes(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(64)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return out
    }
}

/// A connection's signing key with its HMAC key schedule done once: the inner and outer
/// padded keys are hashed when the key is made, so signing or verifying a message costs
/// only the hashing of its frames (the schedule, done per message, is a fifth of its HMAC
/// time). Copying the prepared state is cheap: the hash state is copied on write.
///
/// HMAC-SHA256 (RFC 2104) is put together here from swift-crypto's `SHA256`, fed through its
/// one non-generic entry, `update(bufferPointer:)`: swift-crypto's own `HMAC<H>` is generic
/// over the hash and over `DataProtocol`, and not inlinable, so every frame went through the
/// runtime's generic dispatch (`CollectionOfOne` iterators, metadata lookups) and every digest
/// through a generic `withUnsafeBytes`, a cost on the hot path beside the hashing itself
/// (docs/DECISIONS.md). `SigningKeyTests` checks it against `HMAC<SHA256>` and RFC 4231.
///
/// `@unchecked Sendable`: the prepared states are never mutated — each signature works on its
/// own copy, which copies the shared hash state before its first update — so sharing a key
/// between threads only reads it.
public struct SigningKey: @unchecked Sendable {
    /// SHA-256 after the key xor ipad (0x36 repeated), and after the key xor opad (0x5c).
    private let inner: SHA256
    private let outer: SHA256
    /// The key's bytes, for comparing keys (attach keys, tests).
    public let bytes: [UInt8]

    public init(_ key: [UInt8]) {
        self.bytes = key
        // A key longer than a block is hashed first; either way it is padded with zeros.
        var block = key.count > SHA256.blockByteCount ? Array(SHA256.hash(data: key)) : key
        block += [UInt8](repeating: 0, count: SHA256.blockByteCount - block.count)
        var inner = SHA256()
        var outer = SHA256()
        block.map { $0 ^ 0x36 }.withUnsafeBytes { inner.update(bufferPointer: $0) }
        block.map { $0 ^ 0x5c }.withUnsafeBytes { outer.update(bufferPointer: $0) }
        (self.inner, self.outer) = (inner, outer)
    }

    public func sign(_ frames: [[UInt8]]) -> [UInt8] {
        var inner = self.inner
        for frame in frames { frame.withUnsafeBytes { inner.update(bufferPointer: $0) } }
        var outer = self.outer
        inner.finalize().withUnsafeBytes { outer.update(bufferPointer: $0) }
        return outer.finalize().withUnsafeBytes { Signature.hexBytes($0) }
    }

    /// Compares in constant time, so a forger learns nothing from how fast a refusal comes.
    public func verify(_ signature: [UInt8], frames: [[UInt8]]) -> Bool {
        let expected = self.sign(frames)
        guard expected.count == signature.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(expected, signature) { difference |= a ^ b }
        return difference == 0
    }
}

extension SigningKey: ExpressibleByArrayLiteral {
    /// A key written out as its bytes (tests, fixtures).
    public init(arrayLiteral bytes: UInt8...) { self.init(bytes) }
}
