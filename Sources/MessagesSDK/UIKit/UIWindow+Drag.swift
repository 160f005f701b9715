import Foundation

/// The user's drag on the screen, as UIKit delivers one: a single `UITouch` goes down at the
/// first point, moves `steps` times, evenly spaced, the last move at the end point, and
/// lifts there, its moves a nominal 60 Hz frame apart.
///
/// The view hit-tested where the touch went down keeps it for its whole life. Its raw touches
/// go to the first of that view and its superviews that is a control (which tracks it,
/// UIControl+Tracking.swift) or an `SKView` showing a scene (whose node under the first point
/// takes it: `touchesBegan`, `touchesMoved` for each step, `touchesEnded`); else to the hit
/// view itself, which passes what it does not override up the responder chain. Meanwhile the
/// gesture recognizers of that view and its superviews watch: once the touch has moved more
/// than 10 points from where it went down, the first pan recognizer among them begins, and
/// the touches of the view are cancelled if it `cancelsTouchesInView`; tap recognizers fail.
/// A drag that stays within 10 points is a tap to the tap recognizers when it lifts.
extension UIWindow {
    /// How far a touch may move and still be a tap; past it a pan begins (UIKit's hysteresis).
    static let tapMovement: CGFloat = 10
    /// A drag's moves a second: one a frame at 60 Hz.
    static let dragStepsPerSecond: Double = 60

    /// A drag from `start` to `end` (in the window's coordinates) through `steps` moves (1–100).
    @discardableResult
    func drag(from start: CGPoint, to end: CGPoint, steps: Int) -> TouchOutcome {
        guard start.x.isFinite, start.y.isFinite, end.x.isFinite, end.y.isFinite,
            let hit = self.hitTest(start, with: UIEvent())
        else { return .none }
        let steps = min(max(steps, 1), 100)
        let path = Array(sequence(first: hit, next: { $0.superview }))
        let recognizers = path.flatMap(\.recognizers).filter(\.isEnabled)
        var receiver = DragReceiver(path: path, at: start)
        let downAt = ProcessInfo.processInfo.systemUptime
        let touch = UITouch(at: start, in: receiver.view, timestamp: downAt)
        receiver.began(touch, with: UIEvent(timestamp: downAt))
        var pan: UIPanGestureRecognizer?
        var farthest: CGFloat = 0
        for step in 1...steps {
            let share = CGFloat(step) / CGFloat(steps)
            let point = CGPoint(x: start.x + (end.x - start.x) * share, y: start.y + (end.y - start.y) * share)
            let event = UIEvent(timestamp: downAt + Double(step) / Self.dragStepsPerSecond)
            touch.move(to: point, at: event.timestamp)
            farthest = max(farthest, hypot(point.x - start.x, point.y - start.y))
            if let pan {
                pan.move(to: point, previous: touch.previousWindowPoint, stepsPerSecond: Self.dragStepsPerSecond)
            } else if farthest > Self.tapMovement,
                let first = recognizers.lazy.compactMap({ $0 as? UIPanGestureRecognizer }).first
            {
                pan = first
                first.begin(
                    from: start, at: point, previous: touch.previousWindowPoint, stepsPerSecond: Self.dragStepsPerSecond
                )
                if first.cancelsTouchesInView { receiver.finished(touch, with: event, cancelled: true) }
            }
            receiver.moved(touch, with: event)
        }
        let lifted = UIEvent(timestamp: touch.timestamp)
        touch.end()
        if let pan {
            pan.move(to: end, previous: end, stepsPerSecond: Self.dragStepsPerSecond, as: .ended)
            receiver.finished(touch, with: lifted)
            return .recognized(pan)
        }
        if farthest <= Self.tapMovement {
            for recognizer in recognizers
            where recognizer.recognize(tapAt: end, long: false) && recognizer.cancelsTouchesInView {
                receiver.finished(touch, with: lifted, cancelled: true)
                return .recognized(recognizer)
            }
        }
        receiver.finished(touch, with: lifted)
        return receiver.outcome
    }
}

/// Who hears a drag's raw touches: a control, a scene's node, or the hit view; nothing more
/// once they are cancelled.
@MainActor
private struct DragReceiver {
    private enum Kind {
        case control(UIControl)
        case node(SKNode, in: SKView)
        case view(UIView)
        case nothing
    }

    private var kind: Kind
    private var live = true

    init(path: [UIView], at point: CGPoint) {
        self.kind = .view(path[0])
        for view in path {
            if let view = view as? SKView, view.receivesTouches {
                self.kind = view.touchTarget(at: point).map { .node($0, in: view) } ?? .nothing
                return
            }
            if let control = view as? UIControl {
                self.kind = .control(control)
                return
            }
        }
    }

    /// The view the touch belongs to (`UITouch.view`).
    var view: UIView? {
        switch self.kind {
        case .control(let control): control
        case .node(_, let view): view
        case .view(let view): view
        case .nothing: nil
        }
    }

    var outcome: UIWindow.TouchOutcome {
        switch self.kind {
        case .control(let control): .control(control)
        case .node(_, let view): .touches(view)
        case .view(let view): .touches(view)
        case .nothing: .none
        }
    }

    mutating func began(_ touch: UITouch, with event: UIEvent) {
        switch self.kind {
        case .control(let control): self.live = control.trackingBegan(at: touch.location(in: control))
        case .node(let node, _): node.touchesBegan([touch], with: event)
        case .view(let view): view.touchesBegan([touch], with: event)
        case .nothing: self.live = false
        }
    }

    func moved(_ touch: UITouch, with event: UIEvent) {
        guard self.live else { return }
        switch self.kind {
        case .control(let control): control.trackingMoved(to: touch.location(in: control))
        case .node(let node, _): node.touchesMoved([touch], with: event)
        case .view(let view): view.touchesMoved([touch], with: event)
        case .nothing: break
        }
    }

    /// The touch lifted, or (`cancelled`) a gesture recognizer took it: the last the receiver
    /// hears of it.
    mutating func finished(_ touch: UITouch, with event: UIEvent, cancelled: Bool = false) {
        guard self.live else { return }
        self.live = false
        if cancelled { touch.phase = .cancelled }
        switch self.kind {
        case .control(let control):
            cancelled ? control.trackingCancelled() : control.trackingEnded(at: touch.location(in: control))
        case .node(let node, _):
            cancelled ? node.touchesCancelled([touch], with: event) : node.touchesEnded([touch], with: event)
        case .view(let view):
            cancelled ? view.touchesCancelled([touch], with: event) : view.touchesEnded([touch], with: event)
        case .nothing: break
        }
    }
}
