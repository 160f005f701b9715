import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// The input field's rules in the directory (SPEC §4): typing replaces the text, an insert
/// replaces the staged item, Send empties the field and hands over what it held, Cancel
/// deletes only the staged item; an empty field or nothing staged is refused, and only a
/// member's device has a field.
@Suite struct WorldInputFieldTests {
    static func item(_ text: String) -> StagedItem {
        StagedItem(app: "app", install: "app@amber-phone", instance: "i1", content: .text(text), stagedAt: 1)
    }

    @Test func insertReplacesTheStagedItemAndSendEmptiesTheField() throws {
        var world = try WorldTranscriptsTests.makeWorld()
        _ = try world.type("hello", device: "amber-phone", conversation: "ab")
        _ = world.stage(Self.item("first"), device: "amber-phone", conversation: "ab")
        _ = world.stage(Self.item("second"), device: "amber-phone", conversation: "ab")
        let (device, field, changes) = try world.takeForSending(device: "amber-phone", conversation: "ab")
        #expect(device.owner == "amber" && field.text == "hello" && field.staged == Self.item("second"))
        #expect(!changes.isEmpty && world.inputField(device: "amber-phone", conversation: "ab").isEmpty)
        #expect(throws: WireError.self, "nothing to send") {
            try world.takeForSending(device: "amber-phone", conversation: "ab")
        }
    }

    @Test func cancelDeletesOnlyTheStagedItem() throws {
        var world = try WorldTranscriptsTests.makeWorld()
        #expect(throws: WireError.self, "nothing staged") {
            try world.cancelStaged(device: "amber-phone", conversation: "ab")
        }
        _ = try world.type("kept", device: "amber-phone", conversation: "ab")
        _ = world.stage(Self.item("gone"), device: "amber-phone", conversation: "ab")
        #expect(try world.cancelStaged(device: "amber-phone", conversation: "ab").1 == Self.item("gone"))
        #expect(world.inputField(device: "amber-phone", conversation: "ab") == InputField(text: "kept"))
    }

    @Test func onlyAMembersDeviceHasAField() throws {
        var world = try WorldTranscriptsTests.makeWorld()
        _ = try world.createPerson(handle: "cleo", name: "Cleo")
        _ = try world.createDevice(id: "cleo-phone", owner: "cleo", platform: .ios17)
        #expect(throws: WireError.self) { try world.type("hi", device: "cleo-phone", conversation: "ab") }
        #expect(throws: WireError.self) { try world.field(device: "nobody", conversation: "ab") }
    }
}
