import Foundation

/// `UIResponder`: what views and view controllers are, on the way a touch or a key travels.
/// One responder at a time is the first responder (the text field being typed in); it is
/// the one keys go to once the screen is drawn and typed into.
///
/// This class and every public UIKit type of the SDK is `@preconcurrency @MainActor`: Swift
/// imports UIKit's main-actor annotations from Objective-C that way, so code in the Swift 5
/// language mode (porting guide §11) that reads a view from a nonisolated function or a
/// `@Sendable` closure compiles as it does against iOS, with a warning at most, while Swift 6
/// code is checked in full (Tests/Fixtures/Swift5Main).
@preconcurrency @MainActor
open class UIResponder {
    /// The first responder, held weakly: a view that goes away stops being it.
    private static weak var current: UIResponder?

    public init() {}

    /// Called on iOS once an object is loaded from a nib or storyboard. Nothing is loaded from
    /// one here (porting guide §3), so, as for a view made in code on iOS, it is never called;
    /// an override, and its call to super, build as they are.
    open func awakeFromNib() {}

    /// Called only by Interface Builder when it draws an `@IBDesignable` view, never at run
    /// time, on iOS as here.
    open func prepareForInterfaceBuilder() {}

    /// The next responder up: a view's view controller or superview, a controller's view's
    /// superview or its presenter.
    open var next: UIResponder? { nil }

    open var canBecomeFirstResponder: Bool { false }
    open var canResignFirstResponder: Bool { true }
    open var isFirstResponder: Bool { UIResponder.current === self }

    /// Becomes the first responder if it can and the current one lets go.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard self.canBecomeFirstResponder else { return false }
        if let current = UIResponder.current, current !== self, !current.resignFirstResponder() { return false }
        UIResponder.current = self
        return true
    }

    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard self.canResignFirstResponder else { return false }
        if UIResponder.current === self { UIResponder.current = nil }
        return true
    }

    // MARK: Touches

    /// A touch began, moved, ended or was cancelled on this responder. As in UIKit, what a
    /// responder does not override goes to the next one up (`next`). The window gives the
    /// host's taps to the gesture recognizers and controls under them (UIWindow+Touches.swift);
    /// these are called for the views that take raw touches, an `SKView`'s scene and nodes.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        self.next?.touchesBegan(touches, with: event)
    }
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        self.next?.touchesMoved(touches, with: event)
    }
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        self.next?.touchesEnded(touches, with: event)
    }
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        self.next?.touchesCancelled(touches, with: event)
    }

    /// The first responder now, for the host's typing (nil when none).
    static var firstResponder: UIResponder? { self.current }
}

/// `UIEvent`: what a touch belongs to. The host's taps are one touch each.
@preconcurrency @MainActor
open class UIEvent {
    public enum EventType: Int, Sendable { case touches, motion, remoteControl, presses, scroll, hover, transform }
    open var type: EventType { .touches }
    /// When the event happened, in seconds (the host's clock).
    public let timestamp: TimeInterval
    public init(timestamp: TimeInterval = 0) { self.timestamp = timestamp }
}
