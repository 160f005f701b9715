import Foundation
import Testing

@testable import MessagesSDK

/// A drag that begins on a control is tracked as UIKit tracks it: touchDown, then a drag
/// event per move (inside, outside, exit, enter; inside is the bounds grown by 70 points),
/// and touchUpInside only for a lift inside.
@MainActor @Suite struct UIControlTrackingTests {
    static let names: [(UIControl.Event, String)] = [
        (.touchDown, "down"), (.touchDragInside, "inside"), (.touchDragOutside, "outside"), (.touchDragEnter, "enter"),
        (.touchDragExit, "exit"), (.touchUpInside, "up inside"), (.touchUpOutside, "up outside"),
        (.touchCancel, "cancel"),
        (.primaryActionTriggered, "primary"), (.valueChanged, "changed"),
    ]

    /// A window with `control` 100×40 at (100, 100), and what it has sent since last asked.
    static func window<Control: UIControl>(_ control: Control) -> (UIWindow, Control, () -> [String]) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        control.frame = CGRect(x: 100, y: 100, width: 100, height: 40)
        window.addSubview(control)
        let log = Log()
        for (event, name) in Self.names { control.addAction(UIAction { _ in log.names.append(name) }, for: event) }
        return (
            window, control,
            {
                defer { log.names = [] }
                return log.names
            }
        )
    }

    final class Log { var names: [String] = [] }

    @Test func aDragThatEndsInsideIsATouchUpInsideAndOneThatLeavesIsNot() {
        let (window, control, events) = Self.window(UIControl())
        #expect(window.drag(from: CGPoint(x: 110, y: 110), to: CGPoint(x: 190, y: 130), steps: 2) == .control(control))
        #expect(events() == ["down", "inside", "inside", "up inside", "primary"])
        #expect(!control.isTracking && !control.isHighlighted)
        // The bottom is at 140, inside reaches 210: 200 is in, 280 out.
        window.drag(from: CGPoint(x: 150, y: 120), to: CGPoint(x: 150, y: 280), steps: 2)
        #expect(events() == ["down", "inside", "exit", "up outside"])
        let out = window.drag(from: CGPoint(x: 190, y: 120), to: CGPoint(x: 390, y: 120), steps: 4)
        #expect(out == .control(control) && events() == ["down", "inside", "exit", "outside", "outside", "up outside"])
        // A lift within 70 points of the bounds is still inside; one past them is not.
        window.drag(from: CGPoint(x: 190, y: 120), to: CGPoint(x: 269, y: 120), steps: 1)
        #expect(events() == ["down", "inside", "up inside", "primary"])
        window.drag(from: CGPoint(x: 190, y: 120), to: CGPoint(x: 271, y: 120), steps: 1)
        #expect(events() == ["down", "exit", "up outside"])
    }

    @Test func aTouchThatComesBackEntersAndIsHighlightedOnlyInside() {
        // A drag is a straight line, so it never comes back; a touch tracked by hand can.
        let (_, control, events) = Self.window(UIControl())
        #expect(control.trackingBegan(at: CGPoint(x: 50, y: 20)) && control.isHighlighted && control.isTracking)
        control.trackingMoved(to: CGPoint(x: 50, y: 200))
        #expect(!control.isHighlighted && !control.isTouchInside)
        control.trackingMoved(to: CGPoint(x: 50, y: 90))
        #expect(control.isHighlighted && control.isTouchInside, "90 is within 70 of the bottom at 40")
        control.trackingEnded(at: CGPoint(x: 50, y: 90))
        #expect(events() == ["down", "exit", "enter", "up inside", "primary"])
    }

    @Test func aDragEndingOnAnotherSegmentChoosesIt() {
        let (window, segments, events) = Self.window(UISegmentedControl(items: ["A", "B"]))
        segments.selectedSegmentIndex = 0
        window.drag(from: CGPoint(x: 120, y: 120), to: CGPoint(x: 180, y: 120), steps: 3)
        // The lift's events are sent at once: their actions run in the order they were added.
        #expect(events() == ["down", "inside", "inside", "inside", "up inside", "primary", "changed"])
        #expect(segments.selectedSegmentIndex == 1)
    }

    @Test func aDisabledControlTakesNoDragAndAPanTakesItOver() {
        let (window, control, events) = Self.window(UIControl())
        control.isEnabled = false
        window.drag(from: CGPoint(x: 150, y: 120), to: CGPoint(x: 160, y: 120), steps: 2)
        #expect(events().isEmpty)
        control.isEnabled = true
        let pan = UIPanGestureRecognizer { _ in }
        control.addGestureRecognizer(pan)
        #expect(window.drag(from: CGPoint(x: 150, y: 120), to: CGPoint(x: 190, y: 120), steps: 2) == .recognized(pan))
        #expect(events() == ["down", "cancel"], "the pan began at the first move, 20 points on")
        #expect(!control.isTracking && !control.isHighlighted)
    }
}
