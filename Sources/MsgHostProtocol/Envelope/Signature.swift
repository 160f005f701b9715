import Crypto

/// HMAC-SHA256 over every frame but the signature (PROTOCOL.md §2.1).
public enum Signature {
    /// The lowercase hex signature of `frames` (the envelope without its signature frame).
    public static func sign(_ frames: [[UInt8]], key: [UInt8]) -> [UInt8] {
        var hmac = HMAC<SHA256>(key: SymmetricKey(data: key))
        for frame in frames { hmac.update(data: frame) }
        return Array(hexString(Array(hmac.finalize())).utf8)
    }

    /// Compares in constant time, so a forger learns nothing from how fast a refusal comes.
    public static func verify(_ signature: [UInt8], frames: [[UInt8]], key: [UInt8]) -> Bool {
        let expected = sign(frames, key: key)
        guard expected.count == signature.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(expected, signature) { difference |= a ^ b }
        return difference == 0
    }

    static func hexString(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
