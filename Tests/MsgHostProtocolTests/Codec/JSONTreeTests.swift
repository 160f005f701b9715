import Testing

@testable import MsgHostProtocol

/// `JSONTree`'s strings: ASCII takes the fast way (`String(decoding:)`), anything with a byte
/// of 0x80 or above is validated, so invalid UTF-8 is refused whichever way it came.
@Suite struct JSONTreeTests {
    private static func string(_ bytes: [UInt8]) -> String? {
        guard case .string(let value)? = JSONTree.parse([UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\"")]) else {
            return nil
        }
        return value
    }

    @Test func asciiAndValidUTF8AreRead() {
        #expect(Self.string(Array("didStartSending".utf8)) == "didStartSending")
        #expect(Self.string(Array("café 🍦".utf8)) == "café 🍦")
        #expect(Self.string(Array(#"a\"b\\c\u00e9\n"#.utf8)) == "a\"b\\cé\n")
        #expect(Self.string(Array(#"\u00e9 and é"#.utf8)) == "é and é")
        #expect(Self.string([]) == "")
    }

    @Test(arguments: [
        [0xFF] as [UInt8],  // never in UTF-8
        [0x61, 0xC3],  // a sequence cut short
        [0xC0, 0xAF],  // an overlong "/"
        [0xED, 0xA0, 0x80],  // a surrogate, encoded
        [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
        [0x5C, 0x6E, 0x80],  // a continuation byte after an escape
    ])
    func invalidUTF8IsRefused(_ bytes: [UInt8]) {
        #expect(Self.string(bytes) == nil)
    }
}
