import Foundation
import MsgHostProtocol

/// The screen an instance's controller is shown on: a window the size of its presentation —
/// compact (the keyboard's place at the bottom of the screen), expanded (the whole screen) or
/// transcript (the live bubble's size) — that the host puts the controller's view in as
/// Messages shows the app and takes it out as Messages hides it, so that the controller and
/// its children hear UIKit's appearance, transition and layout calls in UIKit's order.
@MainActor
final class AppWindow {

    let window: UIWindow
    private unowned let controller: MSMessagesAppViewController
    private var coordinator: TransitionCoordinator?
    /// A live bubble's size, as its controller last answered `contentSizeThatFits`.
    private var bubbleSize = CGSize(width: 300, height: 300)
    /// Between Messages' `viewWillAppear` and `viewWillDisappear`: on screen.
    private(set) var isShown = false
    /// The screen last sent, so that an unchanged one is not sent again.
    private var sentScreen: (png: Data, items: [ScreenItem], stickers: [MSSticker])?
    /// `ScreenUpdates.generation` when the screen was last sent: no view has changed since, so
    /// it need not be drawn again to know that it is the same.
    private var capturedGeneration: UInt64?

    init(_ controller: MSMessagesAppViewController) {
        self.controller = controller
        self.window = UIWindow(frame: .zero)
        self.window.rootViewController = controller
        controller.loadViewIfNeeded()
    }

    /// Where a presentation style puts the app on the screen.
    func frame(for style: MSMessagesAppPresentationStyle) -> CGRect {
        let screen = UIScreen.main.bounds
        switch style {
        case .compact:
            let height = UIScreen.main.compactHeight
            return CGRect(x: 0, y: screen.height - height, width: screen.width, height: height)
        case .expanded: return screen
        case .transcript: return CGRect(origin: .zero, size: self.bubbleSize)
        }
    }

    /// `viewWillAppear`: the view takes the presentation's size and enters the window.
    func willAppear() {
        self.isShown = true
        self.capturedGeneration = nil
        self.place(self.frame(for: self.controller.presentationStyle))
        // Only Messages' own showing waits for its `viewDidAppear`; what the app presents
        // later (an alert) appears at once.
        self.window.holdsAppearanceEnds = true
        self.window.place(self.controller.view, at: 0, animated: true)
        self.window.holdsAppearanceEnds = false
        self.window.layoutIfNeeded()
    }

    /// `viewDidAppear`, and `viewDidDisappear`: the appearance calls held since the `will`.
    func didAppearOrDisappear() { self.window.endHeldAppearance() }

    func willDisappear() {
        self.isShown = false
        self.sentScreen = nil
        self.capturedGeneration = nil
        self.window.holdsAppearanceEnds = true
        self.controller.viewIfLoaded?.remove(animated: true)
        self.window.holdsAppearanceEnds = false
    }

    /// The screen to send after a callback, as the `screen` element of the instance's view, or
    /// nil: nothing changed since the last, the app declares its view itself (`setView`), it is
    /// not on screen, is being dismissed or draws a live bubble, or it has built no view.
    func screenToSend() -> (element: ViewElement, png: Data)? {
        if self.capturedGeneration == ScreenUpdates.generation { return nil }
        guard self.isShown, !self.controller.dismissRequested, !self.controller.declaresView,
            self.controller.presentationStyle != .transcript,
            let view = self.controller.viewIfLoaded, ScreenCapture.hasContent(view)
        else { return nil }
        self.window.layoutIfNeeded()
        guard let screen = ScreenCapture.capture(self.window) else { return nil }
        self.capturedGeneration = ScreenUpdates.generation
        // The host asks for the app's stickers (`stickers`) to insert or peel a sticker item.
        self.controller.viewStickers = screen.stickers
        if let sent = self.sentScreen, sent.png == screen.png, sent.items == screen.items { return nil }
        self.sentScreen = screen
        let size = self.window.bounds.size
        let element = ViewElement.screen(
            FrameReference(frame: 0), width: max(1, Int(size.width.rounded())),
            height: max(1, Int(size.height.rounded())), items: screen.items)
        return (element, screen.png)
    }

    /// The user tapped the screen (`tapScreen`): at `point`, then typed `text`.
    func touch(at point: ScreenPoint, long: Bool, text: String?) {
        self.window.touch(at: CGPoint(x: point.x, y: point.y), long: long)
        if let text, !text.isEmpty { _ = self.window.type(text) }
    }

    /// The user dragged on the screen (`tapScreen` with `to`): from `point` to `to`, through
    /// `steps` moves.
    func drag(from point: ScreenPoint, to end: ScreenPoint, steps: Int) {
        self.window.drag(from: CGPoint(x: point.x, y: point.y), to: CGPoint(x: end.x, y: end.y), steps: steps)
    }

    /// Messages' `willTransition(to:)` has been called: UIKit's `viewWillTransition(to:with:)`
    /// follows, then the view takes its new size and is laid out.
    func willTransition(to style: MSMessagesAppPresentationStyle) {
        let coordinator = TransitionCoordinator()
        self.coordinator = coordinator
        let frame = self.frame(for: style)
        self.controller.viewWillTransition(to: frame.size, with: coordinator)
        self.place(frame)
        self.window.layoutIfNeeded()
        coordinator.runAlongside()
    }

    /// Before Messages' `didTransition(to:)`: the coordinator's completions.
    func didTransition() {
        self.coordinator?.complete()
        self.coordinator = nil
    }

    /// A live bubble's controller chose its size.
    func bubbleSized(_ size: CGSize) {
        self.bubbleSize = size
        guard self.controller.presentationStyle == .transcript else { return }
        self.place(self.frame(for: .transcript))
        self.window.layoutIfNeeded()
    }

    private func place(_ frame: CGRect) {
        self.window.frame = frame
        let screen = UIScreen.main
        let safe = screen.bounds.inset(by: screen.safeAreaInsets)
        self.window.screenSafeAreaInsets =
            self.controller.presentationStyle == .transcript
            ? .zero
            : UIEdgeInsets(
                top: max(0, safe.minY - frame.minY), left: max(0, safe.minX - frame.minX),
                bottom: max(0, frame.maxY - safe.maxY), right: max(0, frame.maxX - safe.maxX))
        self.controller.view.frame = CGRect(origin: .zero, size: frame.size)
    }
}
