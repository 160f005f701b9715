import Foundation

/// `UIPanGestureRecognizer`: recognizes a finger dragged across its view (or a subview). It
/// begins once the touch has moved more than 10 points from where it went down (UIKit's
/// hysteresis; a tap recognizer fails there), is changed by each move after, and ends when
/// the finger lifts; its handlers run at each. A tap is no pan.
///
/// `translation(in:)` is measured from where the touch went down (or from where
/// `setTranslation(_:in:)` last put it), so at the end it is the whole drag.
/// `velocity(in:)` is the last move's length over a nominal 60 Hz step, in points a second:
/// the host plays a drag's moves a frame apart (UIWindow+Drag.swift).
@preconcurrency @MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    open var minimumNumberOfTouches = 1
    open var maximumNumberOfTouches = Int.max
    /// Where the translation is measured from, and the velocity now, in the window's points.
    private var origin = CGPoint.zero
    private var windowVelocity = CGPoint.zero

    /// How far the touch has moved since the gesture's origin, in `view`'s coordinates (nil:
    /// the window's).
    open func translation(in view: UIView?) -> CGPoint {
        let (now, origin) = (self.location(in: view), Self.point(self.origin, in: view))
        return CGPoint(x: now.x - origin.x, y: now.y - origin.y)
    }

    /// Makes the translation now `translation` (in `view`'s coordinates): a handler that
    /// moves its piece and sets `.zero` hears only the movement since.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        let now = self.location(in: view)
        let origin = CGPoint(x: now.x - translation.x, y: now.y - translation.y)
        self.origin = view?.convert(origin, to: nil) ?? origin
    }

    /// The touch's speed and direction, in points a second of `view`'s coordinates.
    open func velocity(in view: UIView?) -> CGPoint {
        let (now, before) = (
            Self.point(self.touchPoint, in: view),
            Self.point(self.touchPoint.offset(by: self.windowVelocity, scale: -1), in: view)
        )
        return CGPoint(x: now.x - before.x, y: now.y - before.y)
    }

    private static func point(_ point: CGPoint, in view: UIView?) -> CGPoint {
        view?.convert(point, from: nil) ?? point
    }

    // MARK: The host's drag

    /// The drag that began at `start` (window coordinates) has moved past the hysteresis to
    /// `point`, `previous` the step before: the gesture begins.
    func begin(from start: CGPoint, at point: CGPoint, previous: CGPoint, stepsPerSecond: Double) {
        self.origin = start
        self.move(to: point, previous: previous, stepsPerSecond: stepsPerSecond, as: .began)
    }

    /// Another move of the drag, or (`.ended`) the finger lifting where the last left it.
    func move(to point: CGPoint, previous: CGPoint, stepsPerSecond: Double, as state: State = .changed) {
        if state != .ended {
            self.windowVelocity = CGPoint(
                x: (point.x - previous.x) * stepsPerSecond, y: (point.y - previous.y) * stepsPerSecond)
        }
        self.touchPoint = point
        self.report(state)
    }
}

extension CGPoint {
    /// This point moved by `vector` times `scale`.
    fileprivate func offset(by vector: CGPoint, scale: CGFloat) -> CGPoint {
        CGPoint(x: self.x + vector.x * scale, y: self.y + vector.y * scale)
    }
}
