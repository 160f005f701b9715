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
/// only the hashing of its frames (issue 16; the schedule was a fifth of the HMAC time per
/// message). Copying the prepared state is cheap: the hash state is copied on write.
///
/// `@unchecked Sendable`: swift-crypto's `HMAC` is not marked Sendable, but the prepared state
/// is never mutated — each signature works on its own copy, which copies the shared hash
/// state before its first update — so sharing a key between threads only reads it.
public struct SigningKey: @unchecked Sendable {
    private let prepared: HMAC<SHA256>
    /// The key's bytes, for comparing keys (attach keys, tests).
    public let bytes: [UInt8]

    public init(_ key: [UInt8]) {
        self.bytes = key
        self.prepared = HMAC<SHA256>(key: SymmetricKey(data: key))
    }

    public func sign(_ frames: [[UInt8]]) -> [UInt8] {
        var hmac = self.prepared
        for frame in frames { hmac.update(data: frame) }
        return Signature.hexBytes(hmac.finalize())
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
