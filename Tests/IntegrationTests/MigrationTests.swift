import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting
import Testing

/// A state directory written by an earlier release opens in this one with nothing
/// lost. `Tests/Fixtures/state-v3` was written by the release whose newest migration is
/// "v3: delivery rules" (scripts/make-migration-fixture, never rerun with newer code), and its
/// EXPECTED.json is what a control client saw of it then, and saw after the steps below.
/// Only the control API is used; compared are the fields a release must keep: entry and
/// message ids, participant identifiers, names, texts, times, seen/kept marks, files, held and
/// delayed deliveries and delivery rules. Not compared: install ids, and what happens anew
/// in each run (ids and times of messages sent by the test).
@Suite(.serialized) struct MigrationTests {
    static let fixture = "Tests/Fixtures/state-v3"
    static let recorder = "com.example.recorder"
    /// The transcript fields compared (the script keeps the same list); not `liveSize`, which
    /// a running live instance reports and the store does not keep.
    static let entryFields = [
        "index", "entry", "messageID", "kind", "sender", "senderName", "senderDevice", "app", "rendering",
        "senderParticipantIdentifier", "message", "rendered", "text", "file", "sentAt", "expiring", "kept",
    ]
    /// advanceClock's upper bound: past every time stored in the fixture (about 50 years ahead).
    static let pastEverything: Int64 = 3_155_760_000_000
    static let delayMs: Int64 = 60_000

    @Test func aStateDirectoryWrittenByV3OpensWithNothingLost() throws {
        let expected = try JSONDecoder().decode(
            JSONValue.self,
            from: Data(contentsOf: URL(fileURLWithPath: TestPaths.repository + "/" + Self.fixture + "/EXPECTED.json")))
        try #require(expected["migration"] == .string("v3: delivery rules"))
        let apps: [TestDaemon.App] = [.fixture("recorder.py", bundleID: Self.recorder), .pythonRaw()]
        try TestDaemon.with(apps: apps, settings: ["clock": "manual"], stateFixture: Self.fixture) { daemon in
            let view = View(daemon: daemon)

            // The world, as stored.
            let world = try view.request(.world)
            #expect(view.world(world) == expected["world"])
            for item in expected["participants"].array {
                let participants = try view.request(
                    .participants, DeviceAppRequest(device: item["device"].string, app: item["app"].string))
                #expect(
                    participants["participants"] == item["participants"],
                    "the identifiers \(item["device"].string)'s \(item["app"].string) sees")
            }
            let views = view.views(world)
            #expect(Set(views.map(\.key)) == Set(expected["transcripts"].object.keys))

            // Every transcript and input field, and every file they name.
            for (key, device, conversation) in views {
                let entries = try view.transcript(device, conversation)
                Self.expect(entries, expected["transcripts"][key].array, "the transcript of \(key)")
                for case .string(let url) in entries.map({ $0["file"]["url"] }) {
                    #expect(
                        FileManager.default.fileExists(
                            atPath: url.replacingOccurrences(of: "file://$STATE", with: daemon.directory + "/state")),
                        "\(url) of \(key)")
                }
                let field = try view.request(.inputField, InputFieldRequest(device: device, conversation: conversation))
                if case .object(let want) = expected["inputFields"][key] {
                    #expect(field["text"] == want["text"], "the text typed in \(key)")
                    #expect(
                        view.entry(field["staged"], known: nil) == (want["staged"] ?? .null),
                        "the item staged in \(key)")
                } else {
                    #expect(field["text"] == .string("") && field["staged"] == .null, "nothing was left in \(key)")
                }
            }

            // Time passes: the delayed delivery arrives, the seen, unkept expiring message goes;
            // the held ones are released in the order they were sent; the staged item is sent.
            let known = Set(
                expected["transcripts"].object.values.flatMap { $0.array.map { $0["messageID"].string } }
                    + expected["held"]["amber-old"].array.map(\.string))
            try daemon.advance(Self.pastEverything)
            try daemon.settle()
            let released = try view.request(.release, ReleaseRequest(device: "amber-old", order: "sent"))
            #expect(released["released"] == expected["held"]["amber-old"])
            try daemon.control(.send, InputFieldRequest(device: "kate-iphone", conversation: "kate-john"))
            try daemon.settle()
            for (key, device, conversation) in views {
                let entries = try view.transcript(device, conversation, known: known)
                Self.expect(
                    entries, expected["after"][key].array,
                    "the transcript of \(key) after the clock moved, the release and the send")
                let ids = try view.transcript(device, conversation).map { $0["entry"] }
                #expect(Set(ids).count == ids.count, "entry ids are unique in \(key)")
            }

            // The delivery rules are still in force: John's iPad still lags a minute behind…
            let staged = try #require(try view.transcript("john-iphone", "kate-john").last?["messageID"])
            #expect(try view.transcript("john-ipad", "kate-john").last?["messageID"] != staged, "still on its way")
            try daemon.advance(Self.delayMs)
            #expect(try view.transcript("john-ipad", "kate-john").last?["messageID"] == staged)
            // …and what is sent to Amber's old phone is held.
            let before = try view.transcript("amber-old", "picnic")
            try daemon.control(
                .typeText, TypeTextRequest(device: "john-iphone", conversation: "picnic", text: "One more thing"))
            try daemon.control(.send, InputFieldRequest(device: "john-iphone", conversation: "picnic"))
            #expect(try view.transcript("amber-old", "picnic") == before, "held")
            #expect(try view.request(.release, ReleaseRequest(device: "amber-old"))["released"].array.count == 1)
            #expect(try view.transcript("amber-old", "picnic").last?["text"] == .string("One more thing"))
        }
    }

    /// Entry by entry, so that a failure shows the entry that differs.
    static func expect(
        _ entries: [JSONValue], _ expected: [JSONValue], _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(entries.count == expected.count, "the number of entries in \(what)", sourceLocation: sourceLocation)
        for (index, (entry, want)) in zip(entries, expected).enumerated() where entry != want {
            #expect(entry == want, "entry \(index) of \(what)", sourceLocation: sourceLocation)
        }
    }

    /// The control API's replies as JSON, with what may differ between runs left out.
    struct View {
        let daemon: TestDaemon
        var statePrefix: String { "file://\(self.daemon.directory)/state/" }

        func request(_ command: ControlCommand, _ body: some Encodable = Empty()) throws -> JSONValue {
            try self.daemon.control(command, body, as: JSONValue.self)
        }

        /// The world as EXPECTED.json has it: installs without their ids, apps by bundle id
        /// (apps come from the manifests, not from the state directory), devices without the
        /// `model` added since (v8), which every device of a store from before must have as the
        /// default: an iPhone 14's screen, the one there was.
        func world(_ world: JSONValue) -> JSONValue {
            let devices = world["devices"].array.map { device -> JSONValue in
                #expect(device["model"] == .string("iPhone14"), "\(device)")
                return .object(device.object.filter { $0.key != "model" })
            }
            return .object([
                "people": world["people"], "devices": .array(devices), "conversations": world["conversations"],
                "installs": .array(
                    world["installs"].array.map { install in .object(install.object.filter { $0.key != "id" }) }),
                "apps": .array(world["apps"].array.map(\.["bundleID"]).sorted { $0.string < $1.string }),
            ])
        }

        /// Every device × conversation its owner is a member of, keyed "device conversation".
        func views(_ world: JSONValue) -> [(key: String, device: String, conversation: String)] {
            world["conversations"].array.flatMap { conversation in
                world["devices"].array.filter { conversation["members"].array.contains($0["owner"]) }.map { device in
                    (
                        key: device["id"].string + " " + conversation["id"].string, device: device["id"].string,
                        conversation: conversation["id"].string
                    )
                }
            }
        }

        func transcript(_ device: String, _ conversation: String, known: Set<String>? = nil) throws -> [JSONValue] {
            try self.request(.transcript, TranscriptRequest(device: device, conversation: conversation))["entries"]
                .array.map { self.entry($0, known: known) }
        }

        /// An entry's compared fields, file URLs relative to the state directory; an entry of
        /// a message not in `known` (sent in this run) without its ids and time.
        func entry(_ entry: JSONValue, known: Set<String>?) -> JSONValue {
            guard case .object(let fields) = entry else { return entry }
            var kept = fields.filter { MigrationTests.entryFields.contains($0.key) }.mapValues(self.normalized)
            if let known, !known.contains(entry["messageID"].string) {
                for key in ["entry", "messageID", "sentAt"] { kept[key] = nil }
                kept["new"] = .bool(true)
            }
            return .object(kept)
        }

        func normalized(_ value: JSONValue) -> JSONValue {
            switch value {
            case .string(let text): .string(text.replacingOccurrences(of: self.statePrefix, with: "file://$STATE/"))
            case .array(let values): .array(values.map(self.normalized))
            case .object(let fields): .object(fields.mapValues(self.normalized))
            default: value
            }
        }
    }
}

extension JSONValue {
    fileprivate subscript(key: String) -> JSONValue {
        if case .object(let fields) = self { return fields[key] ?? .null }
        return .null
    }
    fileprivate var array: [JSONValue] {
        if case .array(let values) = self { return values }
        return []
    }
    fileprivate var object: [String: JSONValue] {
        if case .object(let fields) = self { return fields }
        return [:]
    }
    fileprivate var string: String {
        if case .string(let text) = self { return text }
        return ""
    }
}
