import Foundation
import MsgHostProtocol
import MsgHostTesting
import Testing

/// §3.4: control requests that cannot be carried out, on a raw control socket (so the reply's
/// `replyTo` is checked, not filtered on).
extension ErrorTableTests {
    static let kateIPhone = ErrorScene.device
    static let probeApp = ErrorScene.probeApp
    /// An app whose command exits before it could say hello.
    static let exits = TestDaemon.App(
        bundleID: "com.example.exits", command: "/bin/sh", args: ["-c", "exit 3"], workingDirectory: "/")
    /// An app whose command is not there: the spawn reports the exec's errno.
    static let missing = TestDaemon.App(
        bundleID: "com.example.missing", command: "/nonexistent/msghost-extension", args: [], workingDirectory: "/")

    static func open(_ app: String, on device: String = kateIPhone) -> OpenRequest {
        OpenRequest(device: device, conversation: TestDaemon.conversation, app: app)
    }

    static let controlRows: [ErrorRow] = [
        ErrorRow(.control, .expect(.invalidRequest), "createDevice without owner", mentions: ["owner"]) {
            try $0.controlRequest(.createDevice, ["id": "x"])
        },
        ErrorRow(.control, .expect(.invalidRequest), "advanceClock by Int64.max", mentions: ["milliseconds"]) {
            try $0.controlRequest(.advanceClock, AdvanceClockRequest(milliseconds: .max))
        },
        // A JSON object with a number that is no integer is the field's fault, not a frame
        // that is not JSON: `invalidRequest` naming the field, never `malformedFrame`.
        ErrorRow(.control, .expect(.invalidRequest), "transcript with limit 2.5", mentions: ["limit", "integer"]) {
            try $0.controlRequest(
                .transcript,
                [
                    "device": .string(kateIPhone), "conversation": .string(TestDaemon.conversation),
                    "limit": .number(2.5),
                ] as [String: JSONValue])
        },
        ErrorRow(
            .control, .expect(.invalidRequest), "advanceClock by 1e20 milliseconds",
            mentions: ["milliseconds", "integer"]
        ) {
            try $0.controlRequest(.advanceClock, ["milliseconds": .number(1e20)] as [String: JSONValue])
        },
        ErrorRow(.control, .expect(.notFound), "open on an unknown device", mentions: ["nokia-3310"]) {
            try $0.controlRequest(.open, open(probeApp, on: "nokia-3310"))
        },
        ErrorRow(.control, .expect(.notFound), "reset an app with no manifest", mentions: ["com.example.nope"]) {
            try $0.controlRequest(.reset, DeviceAppRequest(device: kateIPhone, app: "com.example.nope"))
        },
        ErrorRow(.control, .expect(.alreadyExists), "createPerson with a taken handle", mentions: [TestDaemon.kate]) {
            try $0.controlRequest(.createPerson, CreatePersonRequest(handle: TestDaemon.kate, name: "Kate again"))
        },
        ErrorRow(.control, .expect(.invalidState), "touch with no app open", mentions: [kateIPhone]) {
            try $0.controlRequest(.touch, TouchRequest(device: kateIPhone))
        },
        ErrorRow(.control, .expect(.alreadyExists), "addMember of a member", mentions: [TestDaemon.john]) {
            try $0.controlRequest(
                .addMember, MemberRequest(conversation: TestDaemon.conversation, person: TestDaemon.john))
        },
        ErrorRow(
            .control, .expect(.invalidState), "removeMember from a pair",
            mentions: [TestDaemon.conversation, "at least 2"]
        ) {
            try $0.controlRequest(
                .removeMember, MemberRequest(conversation: TestDaemon.conversation, person: TestDaemon.john))
        },
        ErrorRow(
            .control, .expect(.launchFailed), "the command exits before hello", mentions: ["com.example.exits"],
            setup: .init(apps: [exits])
        ) {
            try $0.controlRequest(.open, open(exits.bundleID))
        },
        ErrorRow(
            .control, .expect(.launchFailed), "the command cannot be run",
            mentions: [
                "com.example.missing",
                "could not run /nonexistent/msghost-extension: No such file or directory (errno 2)",
            ],
            setup: .init(apps: [missing])
        ) {
            try $0.controlRequest(.open, open(missing.bundleID))
        },
        ErrorRow(
            .control, .expect(.launchFailed), "no hello within the manifest's launchTimeoutMs", mentions: [probeApp],
            setup: .init(probeManifest: ["launchTimeoutMs": "1000"])
        ) { scene in
            let id = try scene.postControl(.open, open(probeApp))
            try scene.awaitProbeLaunch()
            try scene.daemon.advance(1000)
            return try scene.controlReply(to: id)
        },
        ErrorRow(
            .control, .expect(.extensionFailed), "the extension dies while a touch waits on it", mentions: [probeApp]
        ) {
            try $0.crashDuringTouch()
        },
        ErrorRow(.control, .expect(.shuttingDown), "status after SIGTERM while an extension keeps the daemon stopping")
        { scene in
            let (probe, pid) = (try scene.probe, try scene.probePID)
            scene.daemonStops = true
            kill(scene.daemon.pid, SIGTERM)
            let notice = try probe.receive()  // terminate (daemonStopping), left unanswered
            #expect(notice.header.type == CallbackType.terminate.rawValue)
            let outcome = try scene.controlRequest(.status)
            kill(pid, SIGKILL)  // the last extension is gone: the daemon stops
            scene.afterwards.append {
                #expect(scene.daemon.waitForExit() == 0, "the daemon stops once its extensions are gone")
            }
            return outcome
        },
        ErrorRow(
            .control, .expect(.quarantined), "open after a crash with crashLimit 1", mentions: [probeApp],
            setup: .init(settings: ["clock": "manual", "extensions.crashLimit": "1"])
        ) { scene in
            _ = try scene.crashDuringTouch()
            return try scene.controlRequest(.open, open(probeApp))
        },
        ErrorRow(
            .control, .expect(.unavailable), "advanceClock on the system clock", mentions: ["manual"],
            setup: .init(settings: [:])
        ) {
            try $0.controlRequest(.advanceClock, AdvanceClockRequest(milliseconds: 1))
        },
    ]
}
