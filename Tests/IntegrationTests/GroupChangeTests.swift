import Foundation
import MsgHostProtocol
import MsgHostTesting
import Testing

/// Group changes (SPEC §8), against a real daemon and real extension processes: Lee is added
/// to Kate and John's conversation — no callback says so, Kate's open app sees Lee's
/// identifier (the one `participants` gives her install) in its next callback, and Lee's phone
/// gets what is sent from then on, not before; Lee is removed — Kate's next callback no longer
/// names Lee, Lee's phone gets nothing more but keeps what it had (readable, nothing done in
/// it); and all of it survives `kill -9` and a restart.
@Suite(.serialized) struct GroupChangeTests {
    static let app = "com.example.recorder"
    static let lee = "lee@example.com"

    /// Touch payload: send a template message with this caption.
    static func send(_ caption: String) -> JSONValue {
        .object([
            "ops": .array([
                .object([
                    "request": .string("sendMessage"),
                    "body": .object([
                        "instance": .string("$instance"),
                        "message": .object([
                            "summaryText": .string(caption),
                            "layout": .object(["type": .string("template"), "caption": .string(caption)]),
                        ]),
                    ]),
                ])
            ])
        ])
    }

    /// The remote identifiers of the last `didReceive` Kate's recorder got.
    static func lastRemotes(_ daemon: TestDaemon, instance: String) throws -> [String] {
        let bodies = try daemon.fixtureLog(Self.app).filter { $0["callback"] == .string("didReceive") }.compactMap {
            $0["body"]
        }
        let received = try bodies.map {
            try JSONDecoder().decode(MessageCallbackBody.self, from: JSONEncoder().encode($0))
        }
        let last = try #require(received.last { $0.instance == instance }, "Kate's app got no didReceive")
        return last.conversation.remoteParticipantIdentifiers
    }

    static func identifier(_ daemon: TestDaemon, of person: String, on device: String) throws -> String {
        try #require(
            try daemon.participants(device, app: Self.app).participants.first { $0.person == person }?.identifier)
    }

    @Test func addRemoveAndRestart() throws {
        try TestDaemon.with(apps: [.fixture("recorder.py", bundleID: Self.app)]) { daemon in
            let conversation = daemon.conversation
            try daemon.control(.createPerson, CreatePersonRequest(handle: Self.lee, name: "Lee"), as: PersonResult.self)
            try daemon.control(
                .createDevice, CreateDeviceRequest(id: "lee-iphone", owner: Self.lee), as: DeviceResult.self)
            try daemon.control(
                .installApp, DeviceAppRequest(device: "lee-iphone", app: Self.app), as: InstallResult.self)
            let kate = try daemon.open(Self.app, on: "kate-iphone").instance
            try daemon.open(Self.app, on: "john-iphone")
            try daemon.touch("john-iphone", payload: Self.send("before Lee"))
            let john = try Self.identifier(daemon, of: TestDaemon.john, on: "kate-iphone")
            let leeForKate = try Self.identifier(daemon, of: Self.lee, on: "kate-iphone")
            #expect(try Self.lastRemotes(daemon, instance: kate) == [john])

            // Lee joins: no callback for it; the next one names Lee, as Kate's install sees Lee.
            let callbacksBefore = try daemon.callbacks(Self.app, instance: kate)
            let added = try daemon.control(
                .addMember, MemberRequest(conversation: conversation, person: Self.lee), as: ConversationResult.self)
            #expect(added.conversation.members == [TestDaemon.kate, TestDaemon.john, Self.lee])
            try daemon.settle()
            #expect(
                try daemon.callbacks(Self.app, instance: kate) == callbacksBefore,
                "Messages has no callback for a membership change")
            #expect(try daemon.events(kind: "memberAdded").map(\.detail) == [Self.lee])
            #expect(try daemon.transcript("lee-iphone").isEmpty, "a newcomer gets nothing sent before they joined")
            try daemon.touch("john-iphone", payload: Self.send("welcome Lee"))
            #expect(try Self.lastRemotes(daemon, instance: kate) == [john, leeForKate])
            #expect(try daemon.transcript("lee-iphone").map(\.senderName) == ["John Appleseed"])
            #expect(
                leeForKate != (try Self.identifier(daemon, of: Self.lee, on: "john-iphone")),
                "identifiers stay scoped per install")

            // Lee's own app sends into the conversation: Kate reads it under Lee's name.
            let leeApp = try daemon.open(Self.app, on: "lee-iphone").instance
            try daemon.touch("lee-iphone", payload: Self.send("hi from Lee"))
            #expect(try daemon.transcript("kate-iphone").last?.senderName == "Lee")

            // Lee leaves: the app open on Lee's phone is dismissed; Kate's next callback no longer names Lee.
            let removed = try daemon.control(
                .removeMember, MemberRequest(conversation: conversation, person: Self.lee), as: ConversationResult.self)
            #expect(removed.conversation.members == [TestDaemon.kate, TestDaemon.john])
            #expect(
                try daemon.callbacks(Self.app, instance: leeApp).suffix(4) == [
                    "viewWillDisappear", "viewDidDisappear", "willResignActive", "didResignActive",
                ])
            let leeHad = try daemon.transcript("lee-iphone")
            #expect(leeHad.count == 2)
            try daemon.touch("john-iphone", payload: Self.send("after Lee"))
            #expect(try Self.lastRemotes(daemon, instance: kate) == [john])
            #expect(try daemon.transcript("lee-iphone") == leeHad, "a leaver keeps what they had and gets nothing more")
            let reopen = #expect(throws: WireError.self) { try daemon.open(Self.app, on: "lee-iphone") }
            #expect(reopen?.isControl(.invalidState) == true)
            #expect(reopen?.description.contains("was removed from") == true)

            kill(daemon.pid, SIGKILL)
            #expect(daemon.waitForExit() != nil)
            try daemon.restart()

            let world = try daemon.control(.world, Empty(), as: WorldResult.self)
            #expect(world.conversations.first { $0.id == conversation }?.members == [TestDaemon.kate, TestDaemon.john])
            #expect(
                try daemon.transcript("lee-iphone") == leeHad,
                "a former member's transcript is still readable after a restart")
            let again = #expect(throws: WireError.self) {
                try daemon.control(
                    .typeText, TypeTextRequest(device: "lee-iphone", conversation: conversation, text: "let me in"))
            }
            #expect(again?.description.contains("was removed from") == true)
            // Rejoining after the restart: Lee is last, and gets what is sent from now on.
            let rejoined = try daemon.control(
                .addMember, MemberRequest(conversation: conversation, person: Self.lee), as: ConversationResult.self)
            #expect(rejoined.conversation.members == [TestDaemon.kate, TestDaemon.john, Self.lee])
            try daemon.open(Self.app, on: "john-iphone")
            try daemon.touch("john-iphone", payload: Self.send("welcome back"))
            #expect(try daemon.transcript("lee-iphone").count == leeHad.count + 1)
        }
    }
}
