import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting
import Testing

/// The extension as built, under a real msghostd: Amber makes a poll with the view's inputs
/// (a choice, a date picker, a toggle), Ben and Chris vote on its bubble.
@Suite(.serialized) struct DatePollFlowTests {
    static let app = "com.example.datepoll"
    static let extensionApp = TestDaemon.App(
        bundleID: app, command: TestPaths.binary("DatePollExtension", override: "DATEPOLL_BINARY"), args: [],
        workingDirectory: "/")

    @Test func aPollIsMadeWithTheInputsAndVotedOn() throws {
        try TestDaemon.with(apps: [Self.extensionApp], world: .amberBenChris) { daemon in
            let conversation = daemon.conversation
            func send(_ device: String) throws {
                try daemon.control(.send, InputFieldRequest(device: device, conversation: conversation))
            }
            _ = try daemon.open(Self.app, on: "amber-iphone")
            try daemon.activate("amber-iphone", button: "new")
            try daemon.settle()
            // Two days, each added with the date picker; lunch; one day each.
            try daemon.activate("amber-iphone", button: "add", fields: ["day": "2026-12-24", "occasion": "lunch"])
            try daemon.settle()
            try daemon.activate("amber-iphone", button: "add", fields: ["day": "2026-12-20"])
            try daemon.settle()
            let view = try #require(try daemon.view("amber-iphone").view)
            #expect(
                view.elements.contains(
                    .choice(
                        id: "occasion",
                        options: [
                            ViewOption(id: "lunch", title: "Lunch"), ViewOption(id: "dinner", title: "Dinner"),
                            ViewOption(id: "drinks", title: "Drinks"),
                        ],
                        selected: "lunch", style: nil)))
            // A value that does not suit its input is refused by the host, naming it.
            #expect(throws: (any Error).self) {
                try daemon.activate("amber-iphone", button: "send", fields: ["several": "yes"])
            }
            #expect(throws: (any Error).self) {
                try daemon.activate("amber-iphone", button: "add", fields: ["day": "2026-02-30"])
            }
            try daemon.activate("amber-iphone", button: "send", fields: ["several": "false"])
            try send("amber-iphone")

            let poll = try #require(try daemon.transcript("ben-iphone").last)
            #expect(poll.rendered?.caption == "Let's meet for lunch")
            #expect(
                poll.message?.url
                    == "https://datepoll.example/?occasion=lunch&several=0&date=2026-12-20&date=2026-12-24")

            // Ben picks the 24th in the picker and votes.
            try daemon.control(
                .tap, TapRequest(device: "ben-iphone", conversation: conversation, entry: poll.entry),
                as: TapResult.self)
            try daemon.settle()
            try daemon.activate("ben-iphone", button: "vote", fields: ["vote-day": "2026-12-24"])
            try send("ben-iphone")
            let voted = try #require(try daemon.transcript("chris-iphone").last)
            #expect(voted.rendered?.caption == "I voted")
            #expect(voted.rendered?.subcaption == "Leading: Thu 24 Dec")
            #expect(try daemon.transcript("chris-iphone").map(\.kind) == ["summary", "message"])
        }
    }
}
