import Foundation

/// A control tracking a touch that moves (a drag that began on it), as UIKit's does: the
/// touch is `touchDown` when it goes down, each move is `touchDragInside` or
/// `touchDragOutside` — `touchDragExit` on the move that leaves, `touchDragEnter` on the one
/// that comes back — and the lift is `touchUpInside` (with the value change and the primary
/// action a tap there makes) only if it ends inside, else `touchUpOutside`. A touch a gesture
/// recognizer takes over is `touchCancel`. The control is highlighted while the touch is
/// inside.
///
/// Inside is UIKit's: the bounds grown by 70 points on every side, so a finger that slips
/// off a button a little still presses it (a control "leaves the control about 70 pixels"
/// before `touchDragExit`, stackoverflow.com/questions/14340122). A disabled control takes no
/// touch.
extension UIControl {
    /// How far outside its bounds a touch still counts as inside the control.
    static let touchSlop: CGFloat = 70

    /// Whether `point` (in the control's coordinates) counts as inside it for a touch.
    func countsAsInside(_ point: CGPoint) -> Bool {
        self.bounds.insetBy(dx: -Self.touchSlop, dy: -Self.touchSlop).contains(point)
    }

    /// A touch went down on the control: false, and nothing sent, if it is disabled.
    func trackingBegan(at point: CGPoint) -> Bool {
        guard self.isEnabled else { return false }
        (self.isTracking, self.isTouchInside, self.isHighlighted) = (true, true, true)
        self.sendActions(for: .touchDown)
        return true
    }

    /// The touch moved to `point` (in the control's coordinates).
    func trackingMoved(to point: CGPoint) {
        guard self.isTracking else { return }
        let (was, now) = (self.isTouchInside, self.countsAsInside(point))
        (self.isTouchInside, self.isHighlighted) = (now, now)
        self.sendActions(
            for: now ? (was ? .touchDragInside : .touchDragEnter) : (was ? .touchDragExit : .touchDragOutside))
    }

    /// The finger lifted at `point` (in the control's coordinates).
    func trackingEnded(at point: CGPoint) {
        guard self.isTracking else { return }
        let inside = self.countsAsInside(point)
        (self.isTracking, self.isTouchInside, self.isHighlighted) = (false, inside, false)
        if inside { self.touchedUpInside(at: point) } else { self.sendActions(for: .touchUpOutside) }
    }

    /// A gesture recognizer took the touch over.
    func trackingCancelled() {
        guard self.isTracking else { return }
        (self.isTracking, self.isTouchInside, self.isHighlighted) = (false, false, false)
        self.sendActions(for: .touchCancel)
    }
}
