import Testing

@testable import MsgHostCore

/// Production identifiers: RFC 4122 version-4 UUIDs in Apple's uppercase form, and 256-bit
/// tokens in lowercase hex, all different.
@Suite struct IDGeneratorTests {
    @Test func uuidsAreVersion4InApplesFormAndUnique() {
        let generator = RandomIDGenerator()
        let uuids = (0..<2_000).map { _ in generator.makeUUID() }
        #expect(Set(uuids).count == uuids.count)
        for uuid in uuids {
            let groups = uuid.split(separator: "-", omittingEmptySubsequences: false)
            #expect(groups.map(\.count) == [8, 4, 4, 4, 12], "\(uuid)")
            #expect(uuid.allSatisfy { "0123456789ABCDEF-".contains($0) }, "\(uuid)")
            #expect(groups[2].first == "4" && "89AB".contains(groups[3].first!), "\(uuid)")
        }
        // Every hex digit shows up in the random positions: the bytes are not stuck.
        #expect(Set(uuids.joined().filter { $0 != "-" }).count == 16)
    }

    @Test func tokensAre256BitsOfLowercaseHex() {
        let generator = RandomIDGenerator()
        let tokens = (0..<200).map { _ in generator.makeToken() }
        #expect(Set(tokens).count == tokens.count)
        #expect(tokens.allSatisfy { $0.count == 64 && $0.allSatisfy { "0123456789abcdef".contains($0) } })
    }

    /// `ids.seed`: the same seed makes the same UUIDs, in Apple's form; another seed others;
    /// tokens stay random (secrets).
    @Test func aSeededGeneratorRepeatsItsUUIDsButNotItsTokens() {
        var one = SeededIDGenerator(seed: 7)
        var two = SeededIDGenerator(seed: 7)
        var other = SeededIDGenerator(seed: 8)
        let uuids = (0..<100).map { _ in one.makeUUID() }
        #expect(uuids == (0..<100).map { _ in two.makeUUID() })
        #expect(Set(uuids).count == 100 && uuids.first != other.makeUUID())
        for uuid in uuids {
            let groups = uuid.split(separator: "-")
            #expect(
                groups.map(\.count) == [8, 4, 4, 4, 12] && groups[2].first == "4" && "89AB".contains(groups[3].first!),
                "\(uuid)")
        }
        #expect(one.makeToken() != two.makeToken())
    }
}
