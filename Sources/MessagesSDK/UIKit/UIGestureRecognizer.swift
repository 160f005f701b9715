import Foundation

/// `UIGestureRecognizer`: a view's recognizer of a touch pattern, which calls its handlers when
/// it recognizes one. Linux has no Objective-C runtime, so `init(target:action:)` with a
/// `#selector` cannot compile here; the closure initialiser and `addTarget` take closures.
@preconcurrency @MainActor
open class UIGestureRecognizer {
    public enum State: Int, Sendable { case possible, began, changed, ended, cancelled, failed }

    public internal(set) weak var view: UIView?
    open var isEnabled = true
    open var cancelsTouchesInView = true
    public internal(set) var state = State.possible
    /// Final, as `addTarget`: a `@MainActor` closure type in an overridable member of this
    /// `@preconcurrency` class is mangled differently in a subclass's vtable compiled in
    /// another batch (UIPanGestureRecognizer.swift), which then fails to link (SKNode.run).
    private final var handlers: [@MainActor (UIGestureRecognizer) -> Void] = []
    /// Where the recognized touch was, in the window's coordinates.
    var touchPoint = CGPoint.zero

    public init() {}

    /// Calls `handler` with the recognizer each time it recognizes its gesture.
    public init(handler: @escaping @MainActor (UIGestureRecognizer) -> Void) {
        self.handlers = [handler]
    }

    public final func addTarget(_ handler: @escaping @MainActor (UIGestureRecognizer) -> Void) {
        self.handlers.append(handler)
    }

    /// Where the touch is in `view`'s coordinates (nil: the window's).
    open func location(in view: UIView?) -> CGPoint {
        view?.convert(self.touchPoint, from: nil) ?? self.touchPoint
    }

    open var numberOfTouches: Int { self.state == .possible ? 0 : 1 }

    /// The host's tap at `point` (window coordinates) on the recognizer's view: recognized when
    /// the tap is the kind this recognizer waits for.
    func recognize(tapAt point: CGPoint, long: Bool) -> Bool {
        guard self.isEnabled, self.accepts(long: long) else { return false }
        self.touchPoint = point
        self.report(.ended)
        return true
    }

    /// The recognizer enters `state` and calls its handlers; once it has ended it is possible
    /// again, ready for the next touch.
    func report(_ state: State) {
        self.state = state
        for handler in self.handlers { handler(self) }
        if state == .ended || state == .cancelled || state == .failed { self.state = .possible }
    }

    func accepts(long: Bool) -> Bool { false }
}

@preconcurrency @MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    open var numberOfTapsRequired = 1
    open var numberOfTouchesRequired = 1
    override func accepts(long: Bool) -> Bool {
        !long && self.numberOfTapsRequired == 1 && self.numberOfTouchesRequired == 1
    }
}

@preconcurrency @MainActor
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    open var minimumPressDuration: TimeInterval = 0.5
    open var numberOfTouchesRequired = 1
    override func accepts(long: Bool) -> Bool { long && self.numberOfTouchesRequired == 1 }
}

extension UIView {
    public var gestureRecognizers: [UIGestureRecognizer]? {
        get { self.recognizers.isEmpty ? nil : self.recognizers }
        set {
            for recognizer in self.recognizers { recognizer.view = nil }
            self.recognizers = newValue ?? []
            for recognizer in self.recognizers { recognizer.view = self }
        }
    }

    public func addGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        self.recognizers.append(recognizer)
        recognizer.view = self
    }

    public func removeGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        self.recognizers.removeAll { $0 === recognizer }
        if recognizer.view === self { recognizer.view = nil }
    }
}
