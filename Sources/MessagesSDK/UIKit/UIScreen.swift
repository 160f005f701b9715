import Foundation
import MsgHostProtocol

/// `UIEdgeInsets` and `CGRect.inset(by:)`, with which apps lay out what they draw.
public struct UIEdgeInsets: Equatable, Hashable, Sendable {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
    }
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

extension CGRect {
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(
            x: self.minX + insets.left, y: self.minY + insets.top,
            width: self.width - insets.left - insets.right, height: self.height - insets.top - insets.bottom)
    }
}

/// `UIScreen`: the screen of the device the extension serves, in points, as the daemon tells
/// it (`MSGHOST_SCREEN`, PROTOCOL.md §4.1, from the device's model): an iPhone 14's when it
/// does not — 390 × 844 points at 3 pixels a point, its safe area 47 points in from the top
/// (the notch) and 34 from the bottom (the home indicator).
public final class UIScreen: Sendable {
    /// Set once, as the process starts (`MSExtensionMain`), before any view is made.
    nonisolated(unsafe) public private(set) static var main = UIScreen(DeviceModel.default.namedScreen)

    public let scale: CGFloat
    public let bounds: CGRect
    public var nativeScale: CGFloat { self.scale }
    /// The parts of the screen the hardware covers, for views' `safeAreaInsets`.
    let safeAreaInsets: UIEdgeInsets
    /// The compact app's height, home indicator included: where the keyboard would be.
    let compactHeight: CGFloat
    let idiom: UIUserInterfaceIdiom

    init(_ screen: ScreenGeometry) {
        self.scale = screen.scale
        self.bounds = CGRect(x: 0, y: 0, width: screen.width, height: screen.height)
        self.safeAreaInsets = UIEdgeInsets(
            top: screen.safeArea.top, left: screen.safeArea.left, bottom: screen.safeArea.bottom,
            right: screen.safeArea.right)
        self.compactHeight = screen.compactHeight
        self.idiom = screen.model == .iPad ? .pad : .phone
    }

    /// The screen of the launch environment, before anything draws.
    static func use(_ screen: ScreenGeometry) { self.main = UIScreen(screen) }
}

extension UIView {
    /// How far the screen's hardware (the Dynamic Island, the home indicator) reaches into this
    /// view, from the window's own safe area.
    public var safeAreaInsets: UIEdgeInsets {
        guard let window = self.window else { return .zero }
        let safe = window.bounds.inset(by: window.screenSafeAreaInsets)
        let mine = self.convert(self.bounds, to: window)
        return UIEdgeInsets(
            top: max(0, safe.minY - mine.minY), left: max(0, safe.minX - mine.minX),
            bottom: max(0, mine.maxY - safe.maxY), right: max(0, mine.maxX - safe.maxX))
    }
}

/// `UITraitCollection`: the environment a controller draws for.
public struct UITraitCollection: Equatable, Sendable {
    public var horizontalSizeClass: UIUserInterfaceSizeClass
    public var verticalSizeClass: UIUserInterfaceSizeClass
    public var userInterfaceIdiom: UIUserInterfaceIdiom
    public var userInterfaceStyle: UIUserInterfaceStyle
    public var displayScale: CGFloat

    public init(
        horizontalSizeClass: UIUserInterfaceSizeClass = .unspecified,
        verticalSizeClass: UIUserInterfaceSizeClass = .unspecified,
        userInterfaceIdiom: UIUserInterfaceIdiom = .unspecified,
        userInterfaceStyle: UIUserInterfaceStyle = .unspecified, displayScale: CGFloat = 0
    ) {
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.userInterfaceIdiom = userInterfaceIdiom
        self.userInterfaceStyle = userInterfaceStyle
        self.displayScale = displayScale
    }

    /// The device in portrait, light: an iPhone's compact width and regular height, or an
    /// iPad's regular both ways; the screen's scale.
    public static var current: UITraitCollection {
        let screen = UIScreen.main
        let pad = screen.idiom == .pad
        return UITraitCollection(
            horizontalSizeClass: pad ? .regular : .compact, verticalSizeClass: .regular,
            userInterfaceIdiom: screen.idiom,
            userInterfaceStyle: .light, displayScale: screen.scale)
    }
}

public enum UIUserInterfaceSizeClass: Int, Sendable { case unspecified, compact, regular }
public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1
    case phone, pad, tv, carPlay
    case mac = 5
    case vision = 6
}
public enum UIUserInterfaceStyle: Int, Sendable { case unspecified, light, dark }

/// What `viewWillTransition(to:with:)` is given: blocks to run with the change and after it.
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinator: AnyObject {
    var isAnimated: Bool { get }
    var transitionDuration: TimeInterval { get }
    @discardableResult
    func animate(
        alongsideTransition animation: ((any UIViewControllerTransitionCoordinator) -> Void)?,
        completion: ((any UIViewControllerTransitionCoordinator) -> Void)?
    ) -> Bool
}

/// The host's coordinator: the alongside blocks run as the views take their new size, the
/// completions once the transition is over (nothing animates here).
@MainActor
final class TransitionCoordinator: UIViewControllerTransitionCoordinator {
    var isAnimated: Bool { false }
    var transitionDuration: TimeInterval { 0 }
    private var alongside: [(any UIViewControllerTransitionCoordinator) -> Void] = []
    private var completions: [(any UIViewControllerTransitionCoordinator) -> Void] = []

    func animate(
        alongsideTransition animation: ((any UIViewControllerTransitionCoordinator) -> Void)?,
        completion: ((any UIViewControllerTransitionCoordinator) -> Void)?
    ) -> Bool {
        if let animation { self.alongside.append(animation) }
        if let completion { self.completions.append(completion) }
        return true
    }

    func runAlongside() {
        let blocks = self.alongside
        self.alongside = []
        for block in blocks { block(self) }
    }

    func complete() {
        let blocks = self.completions
        self.completions = []
        for block in blocks { block(self) }
    }
}

public struct UIInterfaceOrientationMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let portrait = UIInterfaceOrientationMask(rawValue: 1 << 1)
    public static let portraitUpsideDown = UIInterfaceOrientationMask(rawValue: 1 << 2)
    public static let landscapeRight = UIInterfaceOrientationMask(rawValue: 1 << 3)
    public static let landscapeLeft = UIInterfaceOrientationMask(rawValue: 1 << 4)
    public static let landscape: UIInterfaceOrientationMask = [.landscapeLeft, .landscapeRight]
    public static let all: UIInterfaceOrientationMask = [.portrait, .portraitUpsideDown, .landscape]
    public static let allButUpsideDown: UIInterfaceOrientationMask = [.portrait, .landscape]
}

public enum UIInterfaceOrientation: Int, Sendable {
    case unknown, portrait, portraitUpsideDown, landscapeLeft, landscapeRight
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}

public enum UIStatusBarStyle: Int, Sendable {
    case `default`, lightContent
    case darkContent = 3
}
