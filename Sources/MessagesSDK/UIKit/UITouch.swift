import Foundation

/// `UITouch`: one finger on the screen. The host's taps are one touch each, with no movement:
/// a touch begins and ends at the same point (`phase` says which the receiver is hearing).
/// Its location is kept in the window's coordinates and converted on request, as UIKit does.
@preconcurrency @MainActor
open class UITouch: Hashable {
    public enum Phase: Int, Sendable { case began, moved, stationary, ended, cancelled, regionEntered, regionMoved, regionExited }
    public enum TouchType: Int, Sendable { case direct, indirect, pencil, indirectPointer }

    open internal(set) var phase: Phase
    open internal(set) var tapCount: Int
    open internal(set) var timestamp: TimeInterval
    open var type: TouchType { .direct }
    /// The view the touch began in (the hit-tested view), and its window.
    open internal(set) weak var view: UIView?
    open internal(set) weak var window: UIWindow?
    /// Where the touch is, in the window's coordinates.
    var windowPoint: CGPoint

    init(at point: CGPoint, in view: UIView?, phase: Phase = .began, tapCount: Int = 1, timestamp: TimeInterval = 0) {
        self.windowPoint = point
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

    /// The host's touches do not move, so the previous location is the location.
    open func previousLocation(in view: UIView?) -> CGPoint { self.location(in: view) }

    public nonisolated static func == (lhs: UITouch, rhs: UITouch) -> Bool { lhs === rhs }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
