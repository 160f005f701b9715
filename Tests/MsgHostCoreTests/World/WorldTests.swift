import HashTreeCollections
import MsgHostProtocol
import MsgHostStore
import Testing

@testable import MsgHostCore

/// Pins down the world's rules (SPEC §1): creation checks (duplicates, unknown owners and
/// members, conversations of fewer than 2 different people); one install per (device, app), a
/// reinstall being a new install with all-new participant identifiers; identifiers unique per
/// (install, person); delivery to every member's every device; and that replaying the changes
/// a world made rebuilds the same world.
@Suite struct WorldTests {
    static let t0 = Instant(milliseconds: 1_000)

    /// Amber (phone, mac) and Ben (phone) in `ab`; Cleo (phone) outside it; `app` on Amber's
    /// phone and Ben's phone. Returns the world and every change it made, in order.
    static func makeWorld() throws -> (World, [WorldChange]) {
        var world = World()
        var changes: [WorldChange] = []
        changes += try world.createPerson(handle: "amber", name: "Amber")
        changes += try world.createPerson(handle: "ben", name: "Ben")
        changes += try world.createPerson(handle: "cleo", name: "Cleo")
        changes += try world.createDevice(id: "amber-phone", owner: "amber", platform: .ios17)
        changes += try world.createDevice(id: "amber-mac", owner: "amber", platform: .macos)
        changes += try world.createDevice(id: "ben-phone", owner: "ben", platform: .ios10)
        changes += try world.createDevice(id: "cleo-phone", owner: "cleo", platform: .ios17)
        changes += try world.createConversation(id: "ab", members: ["ben", "amber"])
        changes += try world.install(app: "app", on: "amber-phone", id: "install-a", at: t0)
        changes += try world.install(app: "app", on: "ben-phone", id: "install-b", at: t0)
        return (world, changes)
    }

    static func message(_ id: String, from sender: String = "amber", device: String = "amber-phone") -> StoredMessage {
        StoredMessage(
            id: id, conversation: "ab", app: "app", sender: sender, senderDevice: device, senderInstall: "install-a",
            sentAt: 5, message: MessageValue(summaryText: id))
    }

    // MARK: Creation checks

    @Test func creatingAPersonTwiceIsAlreadyExistsAndKeepsTheFirst() throws {
        var (world, _) = try Self.makeWorld()
        let error = #expect(throws: WireError.self) { try world.createPerson(handle: "amber", name: "Other") }
        #expect(error?.isControl(.alreadyExists) == true)
        #expect(world.people["amber"]?.name == "Amber")
    }

    @Test func emptyHandleOrNameIsInvalidRequestNamingTheField() {
        var world = World()
        let handle = #expect(throws: WireError.self) { try world.createPerson(handle: " ", name: "X") }
        #expect(handle?.isControl(.invalidRequest) == true)
        #expect(handle?.description.contains("handle") == true)
        let name = #expect(throws: WireError.self) { try world.createPerson(handle: "x", name: "") }
        #expect(name?.description.contains("name") == true)
        #expect(world.people.isEmpty)
    }

    @Test func aDeviceOfAnUnknownOwnerIsNotFound() throws {
        var (world, _) = try Self.makeWorld()
        let error = #expect(throws: WireError.self) {
            try world.createDevice(id: "new", owner: "nobody", platform: .ios17)
        }
        #expect(error?.isControl(.notFound) == true)
        #expect(error?.description.contains("nobody") == true)
        #expect(world.devices["new"] == nil)
    }

    @Test func creatingADeviceTwiceIsAlreadyExists() throws {
        var (world, _) = try Self.makeWorld()
        let error = #expect(throws: WireError.self) {
            try world.createDevice(id: "ben-phone", owner: "amber", platform: .macos)
        }
        #expect(error?.isControl(.alreadyExists) == true)
        #expect(world.devices["ben-phone"] == Device(id: "ben-phone", owner: "ben", platform: .ios10))
    }

    @Test func creatingAConversationTwiceIsAlreadyExists() throws {
        var (world, _) = try Self.makeWorld()
        let error = #expect(throws: WireError.self) {
            try world.createConversation(id: "ab", members: ["amber", "cleo"])
        }
        #expect(error?.isControl(.alreadyExists) == true)
        #expect(world.conversations["ab"]?.members == ["ben", "amber"])
    }

    @Test(arguments: [["amber"], ["amber", "amber"], [], ["amber", "amber", "amber"]])
    func fewerThanTwoDifferentMembersIsInvalidRequest(members: [String]) throws {
        var (world, _) = try Self.makeWorld()
        let error = #expect(throws: WireError.self) { try world.createConversation(id: "solo", members: members) }
        #expect(error?.isControl(.invalidRequest) == true)
        #expect(error?.description.contains("members") == true)
        #expect(world.conversations["solo"] == nil)
    }

    @Test func anUnknownMemberIsNotFound() throws {
        var (world, _) = try Self.makeWorld()
        let error = #expect(throws: WireError.self) {
            try world.createConversation(id: "x", members: ["amber", "ghost"])
        }
        #expect(error?.isControl(.notFound) == true)
        #expect(world.conversations["x"] == nil)
    }

    @Test func repeatedMembersAreKeptOnceInFirstSeenOrder() throws {
        var (world, _) = try Self.makeWorld()
        _ = try world.createConversation(id: "group", members: ["cleo", "amber", "cleo", "ben"])
        #expect(world.conversations["group"]?.members == ["cleo", "amber", "ben"])
    }

    // MARK: Installs and participant identifiers

    @Test func installingTwiceIsAlreadyExists() throws {
        var (world, _) = try Self.makeWorld()
        let error = #expect(throws: WireError.self) {
            try world.install(app: "app", on: "amber-phone", id: "again", at: Self.t0)
        }
        #expect(error?.isControl(.alreadyExists) == true)
        #expect(world.installs["again"] == nil)
        #expect(world.install(device: "amber-phone", app: "app")?.id == "install-a")
    }

    @Test func installingOnAnUnknownDeviceIsNotFound() {
        var world = World()
        let error = #expect(throws: WireError.self) {
            try world.install(app: "app", on: "nowhere", id: "i", at: Self.t0)
        }
        #expect(error?.isControl(.notFound) == true)
    }

    @Test func uninstallingWhatIsNotInstalledIsNotFound() throws {
        var (world, _) = try Self.makeWorld()
        let error = #expect(throws: WireError.self) { try world.uninstall(app: "app", from: "cleo-phone") }
        #expect(error?.isControl(.notFound) == true)
    }

    @Test func anIdentifierIsStableForTheLifeOfTheInstall() throws {
        var ids = SequentialIDGenerator()
        var (world, _) = try Self.makeWorld()
        let (first, made) = world.participantIdentifier(install: "install-a", person: "ben", ids: &ids)
        #expect(made == [.participantAssigned(installID: "install-a", person: "ben", identifier: first)])
        let (again, none) = world.participantIdentifier(install: "install-a", person: "ben", ids: &ids)
        #expect(again == first)
        #expect(none.isEmpty)
    }

    @Test func twoDevicesNeverShareAnIdentifierForTheSamePerson() throws {
        var ids = SequentialIDGenerator()
        var (world, _) = try Self.makeWorld()
        var seen: Set<String> = []
        for install in ["install-a", "install-b"] {
            for person in ["amber", "ben", "cleo"] {
                let (identifier, _) = world.participantIdentifier(install: install, person: person, ids: &ids)
                #expect(seen.insert(identifier).inserted, "\(identifier) reused for \(person) in \(install)")
            }
        }
        #expect(seen.count == 6)
    }

    @Test func aReinstallIsANewInstallWithAllNewIdentifiersWhileOtherInstallsKeepTheirs() throws {
        var ids = SequentialIDGenerator()
        var (world, _) = try Self.makeWorld()
        let people = ["amber", "ben", "cleo"]
        let before = people.map { world.participantIdentifier(install: "install-a", person: $0, ids: &ids).0 }
        let otherBefore = people.map { world.participantIdentifier(install: "install-b", person: $0, ids: &ids).0 }

        let (removed, changes) = try world.uninstall(app: "app", from: "amber-phone")
        #expect(removed.id == "install-a")
        #expect(changes == [.installRemoved(installID: "install-a")])
        #expect(
            world.participants["install-a"].map { Set($0.values) } == Set(before),
            "retired, kept for translating what it sent")
        #expect(world.install(device: "amber-phone", app: "app") == nil)

        _ = try world.install(app: "app", on: "amber-phone", id: "install-a2", at: Self.t0.adding(milliseconds: 1))
        let reinstall = try #require(world.install(device: "amber-phone", app: "app"))
        #expect(reinstall.id == "install-a2")
        let after = people.map { world.participantIdentifier(install: reinstall.id, person: $0, ids: &ids).0 }
        #expect(Set(after).isDisjoint(with: before))
        #expect(Set(after).isDisjoint(with: otherBefore))
        #expect(Set(after).count == people.count)
        let otherAfter = people.map { world.participantIdentifier(install: "install-b", person: $0, ids: &ids).0 }
        #expect(otherAfter == otherBefore)
    }

    // MARK: Delivery and replay

    @Test func deliverAppendsToEveryDeviceOfEveryMemberAndNoOtherInOrder() throws {
        var (world, _) = try Self.makeWorld()
        let changes = try world.storeAndArrive(Self.message("m1"))
        #expect(changes.first == .messageStored(Self.message("m1")))
        _ = try world.storeAndArrive(Self.message("m2", from: "ben", device: "ben-phone"))
        for device in ["amber-phone", "amber-mac", "ben-phone"] {
            #expect(try world.transcript(device: device, conversation: "ab").map(\.id) == ["m1", "m2"], "\(device)")
        }
        #expect(try world.transcript(device: "cleo-phone", conversation: "ab").isEmpty)
        let appended = changes.compactMap {
            if case .transcriptEntryAdded(let device, _, _) = $0 { device } else { nil }
        }
        #expect(Set(appended) == ["amber-phone", "amber-mac", "ben-phone"])
        #expect(appended.count == 3)
    }

    @Test func replayingTheChangesRebuildsTheSameWorld() throws {
        var ids = SequentialIDGenerator()
        var (world, changes) = try Self.makeWorld()
        for person in ["amber", "ben"] {
            changes += world.participantIdentifier(install: "install-a", person: person, ids: &ids).1
        }
        changes += try world.storeAndArrive(Self.message("m1"))
        changes += try world.uninstall(app: "app", from: "ben-phone").1
        changes += try world.install(app: "app", on: "ben-phone", id: "install-b2", at: Self.t0)
        changes += world.participantIdentifier(install: "install-b2", person: "amber", ids: &ids).1
        changes += try world.storeAndArrive(Self.message("m2", from: "ben", device: "ben-phone"))

        // What the store does: it keeps every change, and the directory is replayed over it.
        let history = InMemoryHistory()
        history.record(changes)
        let rebuilt = try World(replaying: changes, history: history)
        #expect(rebuilt == world)
        #expect(try rebuilt.transcript(device: "amber-mac", conversation: "ab").map(\.id) == ["m1", "m2"])
        #expect(rebuilt.installs["install-b"] == nil)
    }
}
