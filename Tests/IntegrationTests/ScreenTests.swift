import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting
import Testing

/// An app whose screen is UIKit views (Tests/Fixtures/ScreenApp) under a real daemon: its
/// screen is in `view` with what is on it, and a tap at a point reaches the control there —
/// a segment, a text field typed into, a button that sends — with Messages' rules intact.
@Suite struct ScreenTests {
    static let app = "com.example.screen"

    static func screenApp() -> TestDaemon.App {
        TestDaemon.App(bundleID: app, command: TestPaths.binary("ScreenApp", override: "SCREEN_APP_BINARY"), args: [],
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
            #expect(items.map(\.role) == [.text, .segmentedControl, .textField, .button, .button])
            #expect(items.map(\.label) == ["Choose a flavour", nil, "A note", "Send", "Send twice"])
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
            let refusals = try daemon.control(.events, EventsRequest(), as: EventsResult.self).events.filter { $0.kind == "sendRefused" }
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
            let tap = try CommandRun(TestPaths.msghostctl, ["tap-screen", "kate-iphone", "--label", "Send", "--endpoint", daemon.control.endpoint])
            #expect(tap.status == 0 && tap.stdout.hasPrefix("tapped \"Send\" on kate-iphone's app"), "\(tap.stdout)\(tap.stderr)")
            #expect(tap.stdout.contains("  sent from kate-iphone in \(daemon.conversation): message "), "\(tap.stdout)")
            let lost = try CommandRun(TestPaths.msghostctl, ["tap-screen", "kate-iphone", "--label", "Nope", "--endpoint", daemon.control.endpoint])
            #expect(lost.status == 3 && lost.stderr.contains("labels: \"Sent Chocolate\""), "\(lost.stderr)")
            let shown = try CommandRun(TestPaths.msghostctl, ["view", "kate-iphone", "--endpoint", daemon.control.endpoint])
            #expect(shown.stdout.contains("screen 390×292 points: file://") && shown.stdout.contains("[Send] button at 16,146 120×44"), "\(shown.stdout)")
        }
    }
}
