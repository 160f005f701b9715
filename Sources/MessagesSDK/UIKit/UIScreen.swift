import Foundation

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
        CGRect(x: self.minX + insets.left, y: self.minY + insets.top,
               width: self.width - insets.left - insets.right, height: self.height - insets.top - insets.bottom)
    }
}

/// `UIScreen`: the device's screen, in points. Until the world's devices carry their model,
/// every device has an iPhone 14's: 390 × 844 points, its safe area 47 points in from the top
/// (the notch) and 34 from the bottom (the home indicator). msghost draws at 2 pixels a point
/// where UIKit would use the device's 2 or 3.
public final class UIScreen: Sendable {
    public static let main = UIScreen()
    public let scale: CGFloat = 2
    public let bounds = CGRect(x: 0, y: 0, width: 390, height: 844)
    public var nativeScale: CGFloat { self.scale }
    /// The parts of the screen the hardware covers, for views' `safeAreaInsets`.
    let safeAreaInsets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
}

extension UIView {
    /// How far the screen's hardware (the Dynamic Island, the home indicator) reaches into this
    /// view, from the window's own safe area.
    public var safeAreaInsets: UIEdgeInsets {
        guard let window = self.window else { return .zero }
        let safe = window.bounds.inset(by: window.screenSafeAreaInsets)
        let mine = self.convert(self.bounds, to: window)
        return UIEdgeInsets(top: max(0, safe.minY - mine.minY), left: max(0, safe.minX - mine.minX),
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

    public init(horizontalSizeClass: UIUserInterfaceSizeClass = .unspecified, verticalSizeClass: UIUserInterfaceSizeClass = .unspecified,
                userInterfaceIdiom: UIUserInterfaceIdiom = .unspecified, userInterfaceStyle: UIUserInterfaceStyle = .unspecified, displayScale: CGFloat = 0) {
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.userInterfaceIdiom = userInterfaceIdiom
        self.userInterfaceStyle = userInterfaceStyle
        self.displayScale = displayScale
    }

    /// An iPhone in portrait, light: compact width, regular height.
    public static let current = UITraitCollection(horizontalSizeClass: .compact, verticalSizeClass: .regular, userInterfaceIdiom: .phone,
                                                  userInterfaceStyle: .light, displayScale: 3)
}

public enum UIUserInterfaceSizeClass: Int, Sendable { case unspecified, compact, regular }
public enum UIUserInterfaceIdiom: Int, Sendable { case unspecified = -1, phone, pad, tv, carPlay, mac = 5, vision = 6 }
public enum UIUserInterfaceStyle: Int, Sendable { case unspecified, light, dark }

/// What `viewWillTransition(to:with:)` is given: blocks to run with the change and after it.
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinator: AnyObject {
    var isAnimated: Bool { get }
    var transitionDuration: TimeInterval { get }
    @discardableResult
    func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinator) -> Void)?,
                 completion: ((any UIViewControllerTransitionCoordinator) -> Void)?) -> Bool
}

/// The host's coordinator: the alongside blocks run as the views take their new size, the
/// completions once the transition is over (nothing animates here).
@MainActor
final class TransitionCoordinator: UIViewControllerTransitionCoordinator {
    var isAnimated: Bool { false }
    var transitionDuration: TimeInterval { 0 }
    private var alongside: [(any UIViewControllerTransitionCoordinator) -> Void] = []
    private var completions: [(any UIViewControllerTransitionCoordinator) -> Void] = []

    func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinator) -> Void)?,
                 completion: ((any UIViewControllerTransitionCoordinator) -> Void)?) -> Bool {
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

public enum UIStatusBarStyle: Int, Sendable { case `default`, lightContent, darkContent = 3 }
