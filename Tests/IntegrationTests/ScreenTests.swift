import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting
import Testing

/// An app whose screen is UIKit views (Tests/Fixtures/ScreenApp) under a real daemon: its
/// screen is in `view` with what is on it, and a tap at a point reaches the control there —
/// a segment, a text field typed into, a button that sends — and a drag the views there — a
/// board's raw touches, a piece's pan gesture — with Messages' rules intact.
@Suite struct ScreenTests {
    static let app = "com.example.screen"

    static func screenApp() -> TestDaemon.App {
        TestDaemon.App(
            bundleID: app, command: TestPaths.binary("ScreenApp", override: "SCREEN_APP_BINARY"), args: [],
            workingDirectory: TestPaths.repository + "/Tests/Fixtures/ScreenApp")
    }

    @Test func aTapOnTheAppsScreenReachesItsViewsAndTheirSendsFollowTheRules() throws {
        try TestDaemon.with(apps: [Self.screenApp()]) { daemon in
            try daemon.open(Self.app, on: "kate-iphone")
            try daemon.settle()
            let view = try #require(try daemon.view("kate-iphone").view)
            guard case .screen(let image, let width, let height, let items)? = view.elements.first else {
                throw TestDaemonError(description: "no screen: \(view)")
            }
            #expect(width == 390 && height == 292)
            let picture = try Data(contentsOf: try #require(image.url.flatMap(URL.init(string:))))
            #expect(picture.starts(with: [0x89, 0x50, 0x4E, 0x47]), "the screen is a PNG in the daemon's store")
            #expect(
                items.map(\.role) == [
                    .text, .segmentedControl, .textField, .button, .button, .view, .view, .button, .button,
                ])
            #expect(
                items.map(\.label) == [
                    "Choose a flavour", nil, "A note", "Send", "Send twice", "Board", "Piece", "Later", "Close",
                ])
            let segments = items[1]
            #expect(segments.value == "Vanilla")

            // Chocolate, the segment on the right; a note typed into the field; then Send.
            try daemon.tapScreen("kate-iphone", x: segments.x + segments.width * 0.75, y: segments.center.y)
            try daemon.tapScreen("kate-iphone", label: "A note", text: "for John")
            let now = try daemon.screenItems("kate-iphone")
            #expect(now[1].value == "Chocolate" && now[2].value == "for John")
            try daemon.tapScreen("kate-iphone", label: "Send")
            try daemon.settle()
            #expect(try daemon.transcript("john-iphone").last?.rendered?.caption == "Chocolate · for John")
            #expect(try daemon.screenItems("kate-iphone").first?.label == "Sent Chocolate")

            // One tap, two sends: the second is refused, as any send without a touch of its own.
            let before = try daemon.transcript("john-iphone").count
            try daemon.tapScreen("kate-iphone", label: "Send twice")
            try daemon.settle()
            #expect(try daemon.transcript("john-iphone").count == before + 1)
            let refusals = try daemon.control(.events, EventsRequest(), as: EventsResult.self).events.filter {
                $0.kind == "sendRefused"
            }
            #expect(refusals.last?.code == 9 && refusals.last?.name == "sendWithoutRecentInteraction")

            // Off the screen, or where the app has no screen: the control client's mistake.
            for (x, y) in [(-1.0, 10.0), (390, 10), (10, 292)] {
                #expect(throws: WireError.self) { try daemon.tapScreen("kate-iphone", x: x, y: y) }
            }
            do {
                try daemon.tapScreen("john-iphone", x: 1, y: 1)
                Issue.record("a device with no app open took a tap")
            } catch let error as WireError {
                #expect(error.name == "invalidState", "\(error)")
            }
            // msghostctl finds an item by its label; an unknown label says which there are.
            let tap = try CommandRun(
                TestPaths.msghostctl,
                ["tap-screen", "kate-iphone", "--label", "Send", "--endpoint", daemon.control.endpoint])
            #expect(
                tap.status == 0 && tap.stdout.hasPrefix("tapped \"Send\" on kate-iphone's app"),
                "\(tap.stdout)\(tap.stderr)")
            #expect(tap.stdout.contains("  sent from kate-iphone in \(daemon.conversation): message "), "\(tap.stdout)")
            let lost = try CommandRun(
                TestPaths.msghostctl,
                ["tap-screen", "kate-iphone", "--label", "Nope", "--endpoint", daemon.control.endpoint])
            #expect(lost.status == 3 && lost.stderr.contains("labels: \"Sent Chocolate\""), "\(lost.stderr)")
            let shown = try CommandRun(
                TestPaths.msghostctl, ["view", "kate-iphone", "--endpoint", daemon.control.endpoint])
            #expect(
                shown.stdout.contains("screen 390×292 points: file://")
                    && shown.stdout.contains("[Send] button at 16,146 120×44"), "\(shown.stdout)")
        }
    }

    @Test func aDragOnTheAppsScreenIsPlayedToItsViewsAsOneTouch() throws {
        try TestDaemon.with(apps: [Self.screenApp()]) { daemon in
            try daemon.open(Self.app, on: "kate-iphone")
            try daemon.settle()
            // The board hears the raw touches: began, a move per step, ended where it lifted.
            try daemon.dragScreen(
                "kate-iphone", from: ScreenPoint(x: 26, y: 210), to: ScreenPoint(x: 236, y: 270), steps: 5)
            #expect(try daemon.screenItems("kate-iphone")[5].label == "Board: began 10,10, 5 moves, ended 220,70")

            // The piece's pan moves it to where it is dropped; the drop's send is allowed, as
            // a send after a tap is: the drag is one user touch.
            try daemon.dragScreen("kate-iphone", from: "Piece", to: ScreenPoint(x: 200, y: 250))
            try daemon.settle()
            #expect(try daemon.transcript("john-iphone").last?.rendered?.caption == "Piece dropped at 200,250")
            let items = try daemon.screenItems("kate-iphone")
            #expect(items.first?.label == "Dropped at 200,250")
            let piece = try #require(items.first { $0.label == "Piece" })
            #expect(piece.center.x == 200 && piece.center.y == 250, "\(piece)")
            let events = try daemon.control(.events, EventsRequest(), as: EventsResult.self).events
            #expect(
                events.contains { $0.kind == "touch" && $0.detail == "screen drag from 330, 230 to 200, 250" },
                "\(events.map { $0.detail ?? "" })")
            #expect(!events.contains { $0.kind == "sendRefused" })

            // Onto the board by label, from msghostctl: the piece again, its send again allowed.
            let dragged = try CommandRun(
                TestPaths.msghostctl,
                [
                    "tap-screen", "kate-iphone", "--label", "Piece", "--to-label",
                    "Board: began 10,10, 5 moves, ended 220,70", "--steps", "3", "--endpoint", daemon.control.endpoint,
                ])
            #expect(
                dragged.status == 0 && dragged.stdout.hasPrefix("dragged \"Piece\" to \"Board: began"),
                "\(dragged.stdout)\(dragged.stderr)")
            #expect(
                dragged.stdout.contains("  sent from kate-iphone in \(daemon.conversation): message "),
                "\(dragged.stdout)")
            try daemon.settle()
            #expect(try daemon.transcript("john-iphone").last?.rendered?.caption == "Piece dropped at 136,240")

            // Each number is checked where it enters, and a drag is neither long nor typed into.
            let refused: [(TapScreenRequest, String)] = [
                (TapScreenRequest(device: "kate-iphone", x: 10, y: 10, to: ScreenPoint(x: 390, y: 10)), "to.x: "),
                (TapScreenRequest(device: "kate-iphone", x: 10, y: 10, to: ScreenPoint(x: 10, y: -1)), "to.y: "),
                (
                    TapScreenRequest(device: "kate-iphone", x: 10, y: 10, to: ScreenPoint(x: 20, y: 20), steps: 0),
                    "steps: "
                ),
                (
                    TapScreenRequest(device: "kate-iphone", x: 10, y: 10, long: true, to: ScreenPoint(x: 20, y: 20)),
                    "long: "
                ),
                (
                    TapScreenRequest(device: "kate-iphone", x: 10, y: 10, text: "hi", to: ScreenPoint(x: 20, y: 20)),
                    "text: "
                ),
            ]
            for (request, field) in refused {
                do {
                    _ = try daemon.control(.tapScreen, request, as: Empty.self)
                    Issue.record("\(request) was taken")
                } catch let error as WireError {
                    #expect(error.name == "invalidRequest" && error.description.hasPrefix(field), "\(error)")
                }
            }
            let bad = try CommandRun(
                TestPaths.msghostctl,
                [
                    "tap-screen", "kate-iphone", "--at", "10,10", "--to", "20,20", "--long", "--endpoint",
                    daemon.control.endpoint,
                ])
            #expect(
                bad.status != 0 && bad.stderr.contains("--long: a drag (--to) is not a long press"), "\(bad.stderr)")
        }
    }

    /// A `Timer` fires in an extension as in an iOS app's (MSExtensionMain runs the main run
    /// loop), and what it changes reaches the screen with no callback after it.
    @Test func aTimerFiresAndWhatItChangesIsShown() throws {
        try TestDaemon.with(apps: [Self.screenApp()]) { daemon in
            try daemon.open(Self.app, on: "kate-iphone")
            try daemon.settle()
            try daemon.tapScreen("kate-iphone", label: "Later")
            try daemon.eventually("the timer's title on the screen") {
                try daemon.screenItems("kate-iphone").first?.label == "The timer fired"
            }
        }
    }

    /// An app that dismisses itself and changes its views on the way out sends no screen after
    /// the dismiss: the host closed it, and a screen then would be refused.
    @Test func anAppThatDismissesItselfSendsNoScreenAfter() throws {
        try TestDaemon.with(apps: [Self.screenApp()]) { daemon in
            try daemon.open(Self.app, on: "kate-iphone")
            try daemon.settle()
            try daemon.tapScreen("kate-iphone", label: "Close")
            try daemon.settle()
            let events = try daemon.control(.events, EventsRequest(), as: EventsResult.self).events
            #expect(events.contains { $0.kind == "closed" }, "\(events.map(\.kind))")
            #expect(
                !events.contains { $0.kind == "requestRefused" }, "\(events.filter { $0.kind == "requestRefused" })")
        }
    }

    /// Each device's model gives its apps their screen (`MSGHOST_SCREEN`): an iPhone SE's
    /// compact app is 375 points wide over the SE's keyboard height; an iPad's is 820 wide,
    /// and expanded it is the whole 820 × 1180 screen.
    @Test func theScreenIsTheDeviceModels() throws {
        let world = TestDaemon.World(
            members: [
                .init(
                    handle: TestDaemon.kate, name: "Kate Bell", devices: [("kate-iphone", "ios17")],
                    models: ["kate-iphone": "iPhoneSE"]),
                .init(
                    handle: TestDaemon.john, name: "John Appleseed", devices: [("john-ipad", "ios17")],
                    models: ["john-ipad": "iPad"]),
            ], conversation: TestDaemon.conversation)
        try TestDaemon.with(apps: [Self.screenApp()], world: world) { daemon in
            let devices = try daemon.control(.world, Empty(), as: WorldResult.self).devices
            #expect(devices.map(\.model) == [.iPad, .iPhoneSE])
            for (device, width, height) in [("kate-iphone", 375, 260), ("john-ipad", 820, 398)] {
                try daemon.open(Self.app, on: device)
                try daemon.settle()
                guard
                    case .screen(_, let shownWidth, let shownHeight, _)? = try daemon.view(device).view?.elements.first
                else {
                    throw TestDaemonError(description: "no screen on \(device)")
                }
                #expect(shownWidth == width && shownHeight == height, "\(device): \(shownWidth)×\(shownHeight)")
            }
            _ = try daemon.control(.chevron, DeviceRequest(device: "john-ipad"), as: OpenResult.self)
            try daemon.settle()
            guard case .screen(_, let width, let height, _)? = try daemon.view("john-ipad").view?.elements.first else {
                throw TestDaemonError(description: "no expanded screen on the iPad")
            }
            #expect(width == 820 && height == 1180)
            let listed = try CommandRun(TestPaths.msghostctl, ["world", "--endpoint", daemon.control.endpoint])
            #expect(listed.stdout.contains("  john-ipad  iPad, ios17, owned by john@example.com"), "\(listed.stdout)")
        }
    }
}
