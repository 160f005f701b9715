import Foundation

/// `CGColor`: a colour in sRGB, red, green, blue and alpha from 0 to 1. Core Graphics' colour
/// spaces are left out: everything here draws in sRGB.
public final class CGColor: @unchecked Sendable, Equatable {
    public let components: [CGFloat]?
    let red: CGFloat, green: CGFloat, blue: CGFloat
    public let alpha: CGFloat

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = Self.unit(red)
        self.green = Self.unit(green)
        self.blue = Self.unit(blue)
        self.alpha = Self.unit(alpha)
        self.components = [self.red, self.green, self.blue, self.alpha]
    }

    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(red: gray, green: gray, blue: gray, alpha: alpha)
    }

    public var numberOfComponents: Int { 4 }

    public func copy(alpha: CGFloat) -> CGColor? {
        CGColor(red: self.red, green: self.green, blue: self.blue, alpha: alpha)
    }

    public static func == (lhs: CGColor, rhs: CGColor) -> Bool { lhs.components == rhs.components }

    public static let black = CGColor(gray: 0, alpha: 1)
    public static let white = CGColor(gray: 1, alpha: 1)
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// Components are clamped to 0…1 as UIKit does for sRGB; NaN counts as 0.
    static func unit(_ value: CGFloat) -> CGFloat { value.isNaN ? 0 : min(max(value, 0), 1) }
}

/// `UIColor`: an sRGB colour, the classic and system colours by their UIKit names, and
/// `setFill()`/`setStroke()`/`set()` for the current context (`UIGraphicsGetCurrentContext()`).
///
/// The system colours have their light-appearance values; there is no dark mode and there
/// are no pattern colours. `UIColor(named:)` reads an asset catalog's colour set in the app's
/// resources (AssetCatalog.swift).
/// What a `#colorLiteral` with no type around it is (`#colorLiteral(…).cgColor`), as UIKit declares.
public typealias _ColorLiteralType = UIColor

open class UIColor: NSObject, _ExpressibleByColorLiteral, @unchecked Sendable {
    public let cgColor: CGColor

    public init(cgColor: CGColor) {
        self.cgColor = cgColor
        super.init()
    }

    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(cgColor: CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }

    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(cgColor: CGColor(gray: white, alpha: alpha))
    }

    /// `#colorLiteral(red:green:blue:alpha:)`, which Xcode's colour picker writes: a
    /// `UIColor` of those sRGB components, as on iOS.
    public required convenience init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }

    /// Hue, saturation and brightness, each 0…1 (a hue of 1 is red again), as UIKit takes them.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (hue.isFinite ? hue - hue.rounded(.down) : 0) * 6
        let s = CGColor.unit(saturation)
        let v = CGColor.unit(brightness)
        let sector = Int(h) % 6
        let f = h - CGFloat(Int(h))
        let p = v * (1 - s)
        let q = v * (1 - s * f)
        let t = v * (1 - s * (1 - f))
        let (r, g, b): (CGFloat, CGFloat, CGFloat) =
            switch sector {
            case 0: (v, t, p)
            case 1: (q, v, p)
            case 2: (p, v, t)
            case 3: (p, q, v)
            case 4: (t, p, v)
            default: (v, p, q)
            }
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// UIKit's `getRed(_:green:blue:alpha:)`; always true here, where every colour is RGB.
    open func getRed(
        _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
        blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        red?.pointee = self.cgColor.red
        green?.pointee = self.cgColor.green
        blue?.pointee = self.cgColor.blue
        alpha?.pointee = self.cgColor.alpha
        return true
    }

    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(red: self.cgColor.red, green: self.cgColor.green, blue: self.cgColor.blue, alpha: alpha)
    }

    /// Fills of the current context use this colour from now on (until its state is restored).
    open func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(self.cgColor) }
    /// Strokes of the current context use this colour from now on.
    open func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(self.cgColor) }
    /// Both.
    open func set() {
        self.setFill()
        self.setStroke()
    }

    open override func isEqual(_ object: Any?) -> Bool {
        (object as? UIColor)?.cgColor == self.cgColor
    }

    open override var hash: Int { self.cgColor.components.hashValue }

    open override var description: String {
        "UIColor(red: \(self.cgColor.red), green: \(self.cgColor.green), blue: \(self.cgColor.blue), alpha: \(self.cgColor.alpha))"
    }

    private static func rgb(_ red: Int, _ green: Int, _ blue: Int, _ alpha: CGFloat = 1) -> UIColor {
        UIColor(red: CGFloat(red) / 255, green: CGFloat(green) / 255, blue: CGFloat(blue) / 255, alpha: alpha)
    }

    // The classic colours, with UIKit's values.
    open class var black: UIColor { UIColor(white: 0, alpha: 1) }
    open class var darkGray: UIColor { UIColor(white: 1.0 / 3, alpha: 1) }
    open class var lightGray: UIColor { UIColor(white: 2.0 / 3, alpha: 1) }
    open class var white: UIColor { UIColor(white: 1, alpha: 1) }
    open class var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    open class var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    open class var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    open class var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    open class var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    open class var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    open class var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    open class var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    open class var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    open class var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    open class var clear: UIColor { UIColor(white: 0, alpha: 0) }

    // The system colours (iOS 13+, light appearance).
    open class var systemRed: UIColor { rgb(255, 59, 48) }
    open class var systemOrange: UIColor { rgb(255, 149, 0) }
    open class var systemYellow: UIColor { rgb(255, 204, 0) }
    open class var systemGreen: UIColor { rgb(52, 199, 89) }
    open class var systemMint: UIColor { rgb(0, 199, 190) }
    open class var systemTeal: UIColor { rgb(48, 176, 199) }
    open class var systemCyan: UIColor { rgb(50, 173, 230) }
    open class var systemBlue: UIColor { rgb(0, 122, 255) }
    open class var systemIndigo: UIColor { rgb(88, 86, 214) }
    open class var systemPurple: UIColor { rgb(175, 82, 222) }
    open class var systemPink: UIColor { rgb(255, 45, 85) }
    open class var systemBrown: UIColor { rgb(162, 132, 94) }
    open class var systemGray: UIColor { rgb(142, 142, 147) }
    open class var systemGray2: UIColor { rgb(174, 174, 178) }
    open class var systemGray3: UIColor { rgb(199, 199, 204) }
    open class var systemGray4: UIColor { rgb(209, 209, 214) }
    open class var systemGray5: UIColor { rgb(229, 229, 234) }
    open class var systemGray6: UIColor { rgb(242, 242, 247) }
    open class var label: UIColor { rgb(0, 0, 0) }
    open class var secondaryLabel: UIColor { rgb(60, 60, 67, 0.6) }
    open class var tertiaryLabel: UIColor { rgb(60, 60, 67, 0.3) }
    open class var placeholderText: UIColor { rgb(60, 60, 67, 0.3) }
    open class var systemBackground: UIColor { rgb(255, 255, 255) }
    open class var secondarySystemBackground: UIColor { rgb(242, 242, 247) }
    open class var tertiarySystemBackground: UIColor { rgb(255, 255, 255) }
    open class var separator: UIColor { rgb(60, 60, 67, 0.29) }
    open class var link: UIColor { rgb(0, 122, 255) }
}
