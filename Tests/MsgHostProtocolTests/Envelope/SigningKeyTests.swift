import Crypto
import Testing

@testable import MsgHostProtocol

/// `SigningKey` puts HMAC-SHA256 together from swift-crypto's `SHA256` (Signature.swift says
/// why): it must give exactly what swift-crypto's `HMAC<SHA256>` and RFC 4231 give.
@Suite struct SigningKeyTests {
    private static func hex(_ bytes: some Sequence<UInt8>) -> String {
        String(decoding: Signature.hexBytes(bytes), as: UTF8.self)
    }

    /// RFC 4231, test cases 1, 2 and 6 (a key longer than a block, hashed first).
    @Test(arguments: [
        (
            [UInt8](repeating: 0x0b, count: 20), "Hi There",
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
        ),
        (
            Array("Jefe".utf8), "what do ya want for nothing?",
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        ),
        (
            [UInt8](repeating: 0xaa, count: 131), "Test Using Larger Than Block-Size Key - Hash Key First",
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
        ),
    ])
    func theRFCVectors(key: [UInt8], data: String, mac: String) {
        #expect(String(decoding: SigningKey(key).sign([Array(data.utf8)]), as: UTF8.self) == mac)
    }

    /// Random keys (none, shorter than a block, a block, longer) and frames (none, empty ones,
    /// several), against swift-crypto's HMAC over the frames joined.
    @Test func agreesWithSwiftCryptosHMAC() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<300 {
            let keyLength = [0, 1, 32, 63, 64, 65, 200][round % 7]
            let key = (0..<keyLength).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let frames = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                (0..<Int.random(in: 0...300, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator)
                }
            }
            let expected = Self.hex(
                HMAC<SHA256>.authenticationCode(for: frames.flatMap { $0 }, using: SymmetricKey(data: key)))
            let signature = SigningKey(key).sign(frames)
            #expect(
                String(decoding: signature, as: UTF8.self) == expected,
                "key of \(keyLength) bytes, frames \(frames.map(\.count))")
            #expect(SigningKey(key).verify(signature, frames: frames))
        }
    }

    @Test func aSignatureOfOtherFramesOrAnotherKeyFails() {
        let key = SigningKey(Array("a connection's token".utf8))
        let signature = key.sign([Array("header".utf8), Array("body".utf8)])
        #expect(key.verify(signature, frames: [Array("header".utf8), Array("body".utf8)]))
        #expect(!key.verify(signature, frames: [Array("header".utf8), Array("bodY".utf8)]))
        #expect(
            !SigningKey(Array("another token".utf8)).verify(
                signature, frames: [Array("header".utf8), Array("body".utf8)]))
        #expect(!key.verify(Array(signature.dropLast()), frames: [Array("header".utf8), Array("body".utf8)]))
    }
}
