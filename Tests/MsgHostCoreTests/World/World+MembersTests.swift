import HashTreeCollections
import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// Pins down group changes in the world: a newcomer joins last and gets what is
/// sent after, never before; a leaver's devices keep what they had and get nothing more; a
/// rejoin is a join; a pair cannot lose a member; failures change nothing; replaying the
/// changes rebuilds the same world, former members included.
@Suite struct WorldMembersTests {
    static func text(_ id: String, from sender: String, device: String) -> StoredMessage {
        StoredMessage(
            id: id, conversation: "ab", app: nil, sender: sender, senderDevice: device, senderInstall: nil, sentAt: 1,
            content: .text(id))
    }

    static func ids(_ world: World, _ device: String) throws -> [String] {
        try world.entries(device: device, conversation: "ab").map(\.messageID)
    }

    @Test func aNewcomerJoinsLastAndReceivesOnlyWhatIsSentAfter() throws {
        var (world, _) = try WorldTests.makeWorld()
        _ = try world.storeAndArrive(Self.text("before", from: "amber", device: "amber-phone"))
        let changes = try world.addMember("cleo", to: "ab")
        #expect(changes == [.memberAdded(conversation: "ab", person: "cleo")])
        #expect(world.conversations["ab"]?.members == ["ben", "amber", "cleo"])
        _ = try world.storeAndArrive(Self.text("after", from: "ben", device: "ben-phone"))
        #expect(try Self.ids(world, "cleo-phone") == ["after"])
        #expect(try Self.ids(world, "amber-phone") == ["before", "after"])
    }

    @Test func aLeaverKeepsWhatTheyHadAndReceivesNothingMore() throws {
        var (world, _) = try WorldTests.makeWorld()
        _ = try world.addMember("cleo", to: "ab")
        _ = try world.storeAndArrive(Self.text("m1", from: "cleo", device: "cleo-phone"))
        #expect(try world.removeMember("ben", from: "ab") == [.memberRemoved(conversation: "ab", person: "ben")])
        #expect(world.conversations["ab"]?.members == ["amber", "cleo"])
        #expect(world.isFormerMember("ben", of: "ab"))
        _ = try world.storeAndArrive(Self.text("m2", from: "amber", device: "amber-phone"))
        #expect(try Self.ids(world, "ben-phone") == ["m1"])
        #expect(try Self.ids(world, "cleo-phone") == ["m1", "m2"])
    }

    @Test func aRejoinIsAJoinAtTheEnd() throws {
        var (world, _) = try WorldTests.makeWorld()
        _ = try world.addMember("cleo", to: "ab")
        _ = try world.removeMember("ben", from: "ab")
        _ = try world.addMember("ben", to: "ab")
        #expect(world.conversations["ab"]?.members == ["amber", "cleo", "ben"])
        #expect(!world.isFormerMember("ben", of: "ab"))
        #expect(world.formerMembers.isEmpty)
    }

    @Test(arguments: [
        ("add", "ghost-conversation", "cleo", ControlErrorCode.notFound),
        ("add", "ab", "ghost", .notFound),
        ("add", "ab", "amber", .alreadyExists),
        ("remove", "ab", "cleo", .notFound),
        ("remove", "ab", "ghost", .notFound),
        ("remove", "ab", "amber", .invalidState),
    ])
    func aRefusedChangeNamesWhatIsWrongAndChangesNothing(
        _ verb: String, _ conversation: String, _ person: String, _ code: ControlErrorCode
    ) throws {
        var (world, _) = try WorldTests.makeWorld()
        let before = world
        let error = #expect(throws: WireError.self) {
            _ =
                verb == "add"
                ? try world.addMember(person, to: conversation) : try world.removeMember(person, from: conversation)
        }
        #expect(error?.isControl(code) == true)
        #expect(error?.description.contains(person == "ghost" ? "ghost" : conversation) == true)
        #expect(world == before)
    }

    @Test func replayingTheChangesRebuildsMembersAndFormerMembers() throws {
        var (world, changes) = try WorldTests.makeWorld()
        changes += try world.addMember("cleo", to: "ab")
        changes += try world.removeMember("amber", from: "ab")
        let replayed = World(replaying: changes)
        #expect(replayed == world)
        #expect(replayed.conversations["ab"]?.members == ["ben", "cleo"])
        #expect(replayed.formerMembers == ["ab": ["amber"]])
    }
}
