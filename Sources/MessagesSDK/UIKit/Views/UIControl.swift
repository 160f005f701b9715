import Foundation

/// `UIAction`: a closure a control runs for its events. Linux has no Objective-C runtime, so
/// `addTarget(_:action:for:)` with a `#selector` cannot compile here: closures are the way,
/// with UIKit's own spellings (`addAction(_:for:)`, `UIButton(primaryAction:)`).
@preconcurrency @MainActor
open class UIAction {
    public let title: String
    public let image: UIImage?
    public let identifier: UIAction.Identifier
    let handler: @MainActor (UIAction) -> Void
    /// The control that sent it, while its handler runs.
    public internal(set) weak var sender: AnyObject?

    public struct Identifier: Hashable, Sendable {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    public init(
        title: String = "", image: UIImage? = nil, identifier: UIAction.Identifier? = nil,
        handler: @escaping @MainActor (UIAction) -> Void
    ) {
        self.title = title
        self.image = image
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.handler = handler
    }
}

/// `UIControl`: a view that turns touches into events (`touchUpInside`, `valueChanged` …) and
/// runs the actions added for them.
@preconcurrency @MainActor
open class UIControl: UIView {
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
    }

    open var isEnabled = true { didSet { self.setNeedsDisplay() } }
    open var isSelected = false { didSet { self.setNeedsDisplay() } }
    open var isHighlighted = false { didSet { self.setNeedsDisplay() } }
    /// Whether a touch that began on the control is still down (a drag under way), and whether
    /// it is inside now, as UIKit counts inside (UIControl+Tracking.swift).
    open internal(set) var isTracking = false
    open internal(set) var isTouchInside = false

    open var state: State {
        var state = State.normal
        if !self.isEnabled { state.insert(.disabled) }
        if self.isSelected { state.insert(.selected) }
        if self.isHighlighted { state.insert(.highlighted) }
        return state
    }

    private var actions: [(action: UIAction, events: Event)] = []

    open func addAction(_ action: UIAction, for events: Event) {
        self.actions.append((action, events))
    }

    open func removeAction(_ action: UIAction, for events: Event) {
        self.actions.removeAll { $0.action === action && $0.events == events }
    }

    open func removeAction(identifiedBy identifier: UIAction.Identifier, for events: Event) {
        self.actions.removeAll { $0.action.identifier == identifier && $0.events == events }
    }

    /// Runs every action added for one of `events`, in the order they were added.
    open func sendActions(for events: Event) {
        for (action, registered) in self.actions where !registered.intersection(events).isEmpty {
            self.sendAction(action)
        }
    }

    open func sendAction(_ action: UIAction) {
        action.sender = self
        action.handler(action)
        action.sender = nil
    }

    /// The events a tap at `point` (in the control's coordinates) makes: a button's
    /// `touchUpInside` and primary action; a switch or a segmented control changes its value
    /// first and adds `valueChanged`. Nothing for a disabled control.
    func tapped(at point: CGPoint) {
        guard self.isEnabled else { return }
        self.sendActions(for: [.touchDown])
        self.touchedUpInside(at: point)
    }

    /// The finger lifted inside the control, at `point`: its value changes as a tap there
    /// changes it, then `touchUpInside` and the primary action.
    func touchedUpInside(at point: CGPoint) {
        self.sendActions(
            for: self.tapChangesValue(at: point)
                ? [.valueChanged, .touchUpInside, .primaryActionTriggered] : [.touchUpInside, .primaryActionTriggered])
    }

    /// What a tap changes of the control's value, before its events; true when it did.
    func tapChangesValue(at point: CGPoint) -> Bool { false }
}
