import Foundation

/// `UITouch`: one finger on the screen. The host's taps are one touch each, with no movement:
/// a touch begins and ends at the same point (`phase` says which the receiver is hearing). A
/// drag is one touch too, the same object from its beginning to its end, which moves a step
/// at a time (UIWindow+Drag.swift): `previousLocation(in:)` is where the step before left it.
/// Its locations are kept in the window's coordinates and converted on request, as UIKit does.
@preconcurrency @MainActor
open class UITouch: Hashable {
    public enum Phase: Int, Sendable {
        case began, moved, stationary, ended, cancelled, regionEntered, regionMoved, regionExited
    }
    public enum TouchType: Int, Sendable { case direct, indirect, pencil, indirectPointer }

    open internal(set) var phase: Phase
    open internal(set) var tapCount: Int
    open internal(set) var timestamp: TimeInterval
    open var type: TouchType { .direct }
    /// The view the touch began in (the hit-tested view), and its window.
    open internal(set) weak var view: UIView?
    open internal(set) weak var window: UIWindow?
    /// Where the touch is, and where it was before its last move, in the window's coordinates.
    var windowPoint: CGPoint
    var previousWindowPoint: CGPoint

    init(at point: CGPoint, in view: UIView?, phase: Phase = .began, tapCount: Int = 1, timestamp: TimeInterval = 0) {
        self.windowPoint = point
        self.previousWindowPoint = point
        self.view = view
        self.window = view?.window
        self.phase = phase
        self.tapCount = tapCount
        self.timestamp = timestamp
    }

    /// The touch's point in `view`'s coordinates; nil means the window's.
    open func location(in view: UIView?) -> CGPoint {
        guard let view else { return self.windowPoint }
        return view.convert(self.windowPoint, from: nil)
    }

    /// Where the touch was before its last move (a tap's is where it is), in `view`'s
    /// coordinates; nil means the window's.
    open func previousLocation(in view: UIView?) -> CGPoint {
        guard let view else { return self.previousWindowPoint }
        return view.convert(self.previousWindowPoint, from: nil)
    }

    /// One step of a drag: the touch moves to `point` (in the window) at `timestamp`.
    func move(to point: CGPoint, at timestamp: TimeInterval) {
        self.previousWindowPoint = self.windowPoint
        self.windowPoint = point
        self.timestamp = timestamp
        self.phase = .moved
    }

    /// The finger lifts where the last move left it (`previousLocation` is that place too).
    func end() {
        self.previousWindowPoint = self.windowPoint
        self.phase = .ended
    }

    public nonisolated static func == (lhs: UITouch, rhs: UITouch) -> Bool { lhs === rhs }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
