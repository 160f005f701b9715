import Foundation
import MsgHostProtocol
import Testing

@testable import MessagesSDK

/// An app with UIKit views and no `setView`: after each callback the SDK sends its screen — the
/// picture and what is on it — and a tap (or a drag) on the screen reaches the view under the point.
final class ScreenController: MSMessagesAppViewController {
    let recorder: Recorder
    let status = UILabel()
    let send = UIButton(type: .system)

    init(_ recorder: Recorder) {
        self.recorder = recorder
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        self.view.backgroundColor = .white
        self.status.text = "Pick a scoop"
        self.status.frame = CGRect(x: 16, y: 16, width: 200, height: 24)
        self.view.addSubview(self.status)
        self.send.setTitle("Send", for: .normal)
        self.send.frame = CGRect(x: 16, y: 60, width: 100, height: 44)
        self.send.addAction(
            UIAction { [unowned self] _ in
                self.recorder.record("send tapped")
                self.status.text = "Sent"
            }, for: .touchUpInside)
        self.view.addSubview(self.send)
    }
}

@Suite(.serialized) struct ScreenTests {
    @Test func theViewsScreenIsSentAndATapOnItReachesTheButton() throws {
        let running = try DispatchTests.start(making: { ScreenController($0) })
        defer { running.stop() }
        let host = running.host
        let plain = InstanceBody(instance: "i1")
        try DispatchTests.call(host, .willBecomeActive, DispatchTests.activation())
        try DispatchTests.call(host, .didBecomeActive, DispatchTests.activation())
        let appeared = try host.expectAckAnsweringViews(of: host.send(CallbackType.viewWillAppear.rawValue, plain))
        let view = try #require(appeared.views.first, "the screen is sent as the app appears")
        guard case .screen(let image, let width, let height, let items)? = view.body.view.elements.first else {
            Issue.record("not a screen: \(view.body.view)")
            return
        }
        #expect(view.body.instance == "i1" && width == 390 && height == 292 && image.frame == 0)
        let png = try #require(view.buffers.first)
        let picture = try #require(UIImage(data: Data(png)))
        #expect(picture.pixelWidth == 780 && picture.pixelHeight == 584, "at the screen's scale, 2")
        let button = try #require(items.first { $0.role == .button })
        #expect(
            button.label == "Send" && button.x == 16 && button.y == 60 && button.width == 100 && button.height == 44)
        #expect(items.contains { $0.role == .text && $0.label == "Pick a scoop" })
        // Nothing changed: the next callback sends no screen.
        #expect(
            try host.expectAckAnsweringViews(of: host.send(CallbackType.viewDidAppear.rawValue, plain)).views.isEmpty)

        // A tap on the button's centre runs its action; the changed label is sent.
        let tapped = try host.expectAckAnsweringViews(
            of: host.send(
                CallbackType.touch.rawValue,
                TouchBody(instance: "i1", payload: .null, point: ScreenPoint(x: button.center.x, y: button.center.y))))
        #expect(running.recorder.calls == ["send tapped"])
        guard case .screen(_, _, _, let after)? = tapped.views.first?.body.view.elements.first else {
            Issue.record("no screen after the tap")
            return
        }
        #expect(after.contains { $0.role == .text && $0.label == "Sent" })
        // A drag that begins on the button and lifts far from it is no press (touchUpOutside);
        // one that lifts on it is, in the default ten moves.
        _ = try host.expectAckAnsweringViews(
            of: host.send(
                CallbackType.touch.rawValue,
                TouchBody(
                    instance: "i1", payload: .null, point: ScreenPoint(x: button.center.x, y: button.center.y),
                    to: ScreenPoint(x: 380, y: 280), steps: 5)))
        #expect(running.recorder.calls == ["send tapped"])
        _ = try host.expectAckAnsweringViews(
            of: host.send(
                CallbackType.touch.rawValue,
                TouchBody(
                    instance: "i1", payload: .null, point: ScreenPoint(x: 20, y: 64), to: ScreenPoint(x: 110, y: 100))))
        #expect(running.recorder.calls == ["send tapped", "send tapped"])
        // A tap on no control does nothing, and sends nothing new.
        #expect(
            try host.expectAckAnsweringViews(
                of: host.send(
                    CallbackType.touch.rawValue,
                    TouchBody(instance: "i1", payload: .null, point: ScreenPoint(x: 300, y: 250)))
            ).views.isEmpty)
        #expect(running.recorder.calls == ["send tapped", "send tapped"])
    }

    /// A view that is an accessibility element with a label (a cell that says what it shows)
    /// is one item, its subviews not listed apart, as VoiceOver reads it; a label alone does
    /// not make a view one.
    @MainActor @Test func anAccessibilityElementStandsForWhatIsInIt() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let cell = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
        let plus = UILabel(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        plus.text = "+"
        cell.addSubview(plus)
        cell.accessibilityLabel = "Create a new ice cream"
        window.addSubview(cell)
        #expect(ScreenCapture.items(in: window).map(\.label) == ["Create a new ice cream", "+"])
        cell.isAccessibilityElement = true
        let items = ScreenCapture.items(in: window)
        #expect(items.map(\.label) == ["Create a new ice cream"])
        #expect(items.first.map { [$0.x, $0.y, $0.width, $0.height] } == [10, 10, 100, 100])
    }

    /// A label wholly under an opaque view drawn after it is not on the screen's items (the
    /// storyboard's placeholder under a child controller's view); one under a clear view, one
    /// that sticks out, and a view's own children still are.
    @MainActor @Test func anItemUnderAnOpaqueViewIsLeftOut() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let root = UIView(frame: window.bounds)
        root.backgroundColor = .white
        let hidden = UILabel(frame: CGRect(x: 50, y: 90, width: 100, height: 20))
        hidden.text = "Hello World"
        let peeking = UILabel(frame: CGRect(x: 50, y: 150, width: 100, height: 60))
        peeking.text = "Peeking"
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 180))
        child.backgroundColor = .white
        let button = UIButton(type: .system)
        button.setTitle("Play", for: .normal)
        button.frame = CGRect(x: 10, y: 10, width: 60, height: 30)
        child.addSubview(button)
        let glass = UIView(frame: window.bounds)
        glass.backgroundColor = UIColor(white: 1, alpha: 0.5)
        let underGlass = UILabel(frame: CGRect(x: 10, y: 185, width: 40, height: 10))
        underGlass.text = "Under glass"
        root.addSubview(underGlass)
        for view in [hidden, peeking, child, glass] { root.addSubview(view) }
        window.addSubview(root)
        #expect(ScreenCapture.items(in: window).map(\.label) == ["Under glass", "Peeking", "Play"])
    }

    /// An `MSStickerView` is a `sticker` item whose value is its sticker's index among the
    /// screen's stickers, in item order: the host's Insert and Peel ask for the app's stickers.
    @MainActor @Test func aStickerViewIsAStickerItemNumberedAmongTheScreensStickers() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let stickers = try ["a", "b"].map {
            try MSSticker(
                contentsOfFileURL: URL(fileURLWithPath: "/tmp/\($0).png"), localizedDescription: "sticker \($0)")
        }
        for (index, sticker) in stickers.enumerated() {
            window.addSubview(
                MSStickerView(
                    frame: CGRect(x: 10 + 100 * CGFloat(index), y: 10, width: 80, height: 80), sticker: sticker))
        }
        // No sticker: nothing to list.
        window.addSubview(MSStickerView(frame: CGRect(x: 10, y: 100, width: 80, height: 80)))
        let items = ScreenCapture.items(in: window)
        #expect(items.map(\.role) == [.sticker, .sticker])
        #expect(items.map(\.value) == ["0", "1"] && items.map(\.label) == ["sticker a", "sticker b"])
        #expect(ScreenCapture.capture(window)?.stickers.map(\.localizedDescription) == ["sticker a", "sticker b"])
    }
}
