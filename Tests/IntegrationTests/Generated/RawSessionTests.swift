// raw: a test made by `msghostctl export-test --swift` from session.jsonl (8 steps).
//
// Each step is what the user or the admin did, on the manual clock at the time it was
// recorded; the expectations after it are what each device showed then: its entries as
// drawn (names rendered with that device's contacts), its input field, and the sends and
// requests refused, by Apple's code and name.
import Foundation
import MsgHostProtocol
import MsgHostTesting
import Testing

@Suite struct RawSessionTests {
    static let apps: [TestDaemon.App] = [
        TestDaemon.App(
            bundleID: "com.example.python-raw", command: "python3", args: ["app.py"],
            workingDirectory: TestPaths.repository + "/examples/python-raw", contexts: ["messages"], env: [:],
            manifest: [:])
    ]

    static let world = TestDaemon.World(
        members: [
            .init(handle: "kate@example.com", name: "Kate Bell", devices: [("kate-iphone", "ios17")]),
            .init(handle: "john@example.com", name: "John Appleseed", devices: [("john-iphone", "ios17")]),
        ], conversation: "kate-john")

    static let settings: [String: String] = [
        "clock": "manual",
        "events.capacity": "10000",
        "extensions.crashLimit": "3",
        "extensions.crashWindowMs": "60000",
        "extensions.idleGraceMs": "200",
        "extensions.killGraceMs": "1000",
        "extensions.launchTimeoutMs": "10000",
        "extensions.responseTimeoutMs": "10000",
        "extensions.terminateGraceMs": "200",
        "interaction.windowMs": "5000",
        "limits.maxFrameBytes": "16777216",
        "messages.expiryMs": "120000",
        "sessions.nilSummaryText": "\"\"",
    ]

    @Test func session() throws {
        try TestDaemon.with(apps: Self.apps, world: Self.world, settings: Self.settings) { daemon in
            let johnForKateIphonePythonRaw = try Self.identifier(
                daemon, "john@example.com", device: "kate-iphone", app: "com.example.python-raw")

            // Step 1 (0 ms): John Appleseed shows kate-john on john-iphone.
            try daemon.control(.show, ShowRequest(device: "john-iphone", conversation: "kate-john"))

            // Step 2 (0 ms): time passes.
            try daemon.control(.advanceClock, AdvanceClockRequest(milliseconds: 40))

            // Step 3 (40 ms): Kate Bell opens com.example.python-raw on kate-iphone in kate-john.
            let reply3 = try daemon.control(
                .open, OpenRequest(device: "kate-iphone", conversation: "kate-john", app: "com.example.python-raw"),
                as: OpenResult.self)
            #expect(reply3.presentationStyle.rawValue == "compact")

            // Step 4 (40 ms): time passes.
            try daemon.control(.advanceClock, AdvanceClockRequest(milliseconds: 1200))

            // Step 5 (1240 ms): Kate Bell touches the app on kate-iphone.
            try daemon.control(
                .touch,
                TouchRequest(
                    device: "kate-iphone",
                    payload: .object([
                        "caption": .string("A cone for $\(johnForKateIphonePythonRaw)"), "sends": .number(2),
                    ])))
            try daemon.settle()
            Self.expectEntries(
                try Self.shown(daemon, "john-iphone", "kate-john"),
                [
                    [
                        "kind": "message",
                        "from": "Kate Bell",
                        "app": "com.example.python-raw",
                        "rendering": "template",
                        "caption": "A cone for John Appleseed",
                        "summaryText": "A cone for John Appleseed",
                    ]
                ], "john-iphone in kate-john")
            Self.expectField(
                try Self.field(daemon, "john-iphone", "kate-john"), text: "", staged: nil, "john-iphone in kate-john")
            Self.expectEntries(
                try Self.shown(daemon, "kate-iphone", "kate-john"),
                [
                    [
                        "kind": "message",
                        "from": "Kate Bell",
                        "app": "com.example.python-raw",
                        "rendering": "template",
                        "caption": "A cone for John Appleseed",
                        "summaryText": "A cone for John Appleseed",
                    ]
                ], "kate-iphone in kate-john")
            Self.expectField(
                try Self.field(daemon, "kate-iphone", "kate-john"), text: "", staged: nil, "kate-iphone in kate-john")
            #expect(try Self.refusals(daemon) == ["9 sendWithoutRecentInteraction"])

            // Step 6 (1240 ms): John Appleseed types "thanks" on john-iphone in kate-john.
            try daemon.control(
                .typeText, TypeTextRequest(device: "john-iphone", conversation: "kate-john", text: "thanks"))
            try daemon.settle()
            Self.expectEntries(
                try Self.shown(daemon, "john-iphone", "kate-john"),
                [
                    [
                        "kind": "message",
                        "from": "Kate Bell",
                        "app": "com.example.python-raw",
                        "rendering": "template",
                        "caption": "A cone for John Appleseed",
                        "summaryText": "A cone for John Appleseed",
                    ]
                ], "john-iphone in kate-john")
            Self.expectField(
                try Self.field(daemon, "john-iphone", "kate-john"), text: "thanks", staged: nil,
                "john-iphone in kate-john")

            // Step 7 (1240 ms): Kate Bell closes the app on kate-iphone.
            try daemon.control(.close, DeviceRequest(device: "kate-iphone"))

            // Step 8 (1240 ms): time passes.
            try daemon.control(.advanceClock, AdvanceClockRequest(milliseconds: 600))
        }
    }

    /// An entry as its device draws it: kind, sender's name, app, texts as rendered.
    static func drawn(_ entry: TranscriptEntryValue) -> [String: String] {
        var fields = ["kind": entry.kind, "from": entry.senderName]
        fields["app"] = entry.app
        fields["rendering"] = entry.rendering
        if let rendered = entry.rendered {
            fields["caption"] = rendered.caption
            fields["subcaption"] = rendered.subcaption
            fields["trailingCaption"] = rendered.trailingCaption
            fields["trailingSubcaption"] = rendered.trailingSubcaption
            fields["imageTitle"] = rendered.imageTitle
            fields["imageSubtitle"] = rendered.imageSubtitle
            fields["summaryText"] = rendered.summaryText
        }
        fields["text"] = entry.text
        fields["file"] = entry.file?.filename
        if entry.expiring == true { fields["expiring"] = "true" }
        if entry.kept == true { fields["kept"] = "true" }
        return fields
    }

    /// What `device` shows of `conversation`, oldest first (the newest 50).
    static func shown(_ daemon: TestDaemon, _ device: String, _ conversation: String) throws -> [[String: String]] {
        try Self.page(daemon, device, conversation).map(Self.drawn)
    }

    static func page(_ daemon: TestDaemon, _ device: String, _ conversation: String) throws -> [TranscriptEntryValue] {
        try daemon.control(
            .transcript, TranscriptRequest(device: device, conversation: conversation), as: TranscriptResult.self
        ).entries
    }

    struct Field: Equatable {
        var text: String
        var staged: [String: String]?
    }

    /// `device`'s input field in `conversation`: its text and staged item.
    static func field(_ daemon: TestDaemon, _ device: String, _ conversation: String) throws -> Field {
        let field = try daemon.control(
            .inputField, InputFieldRequest(device: device, conversation: conversation), as: InputFieldResult.self)
        return Field(text: field.text, staged: field.staged.map(Self.drawn))
    }

    /// `actual` is `expected`, field by field: a difference names the entry, the field and both values.
    static func expectEntries(
        _ actual: [[String: String]], _ expected: [[String: String]], _ place: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(actual.count == expected.count, "\(place): how many entries are shown", sourceLocation: sourceLocation)
        for (index, (shown, wanted)) in zip(actual, expected).enumerated() {
            for key in Set(shown.keys).union(wanted.keys).sorted() {
                #expect(
                    shown[key] == wanted[key], "\(place), entry \(index + 1) of \(expected.count): \(key)",
                    sourceLocation: sourceLocation)
            }
        }
    }

    /// The input field holds `text` and `staged`, field by field.
    static func expectField(
        _ actual: Field, text: String, staged: [String: String]?, _ place: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(actual.text == text, "\(place), input field: text", sourceLocation: sourceLocation)
        #expect(
            (actual.staged == nil) == (staged == nil),
            "\(place), input field: staged item \(actual.staged.map { "\($0)" } ?? "none")",
            sourceLocation: sourceLocation)
        if let shown = actual.staged, let staged {
            for key in Set(shown.keys).union(staged.keys).sorted() {
                #expect(shown[key] == staged[key], "\(place), staged item: \(key)", sourceLocation: sourceLocation)
            }
        }
    }

    /// Every send or request refused so far: Apple's code and name.
    static func refusals(_ daemon: TestDaemon) throws -> [String] {
        try daemon.events().filter { ($0.kind == "sendRefused" || $0.kind == "requestRefused") && $0.code != nil }
            .map { "\($0.code ?? 0) \($0.name ?? "")" }
    }

    /// The id of the entry at `index` of `device`'s view of `conversation` (ids differ between daemons).
    static func entry(_ daemon: TestDaemon, _ device: String, _ conversation: String, at index: Int) throws -> Int {
        try Self.page(daemon, device, conversation)[index].entry
    }

    static func message(_ daemon: TestDaemon, _ device: String, _ conversation: String, at index: Int) throws -> String
    {
        try Self.page(daemon, device, conversation)[index].messageID
    }

    /// The identifier `person` has as `device`'s install of `app` sees them.
    static func identifier(_ daemon: TestDaemon, _ person: String, device: String, app: String) throws -> String {
        try #require(try daemon.participants(device, app: app).participants.first { $0.person == person }).identifier
    }
}
