import CCairo
import Foundation

/// `UIFont`: a family (fontconfig finds it, or a fallback) and a size in points. The system
/// font is DejaVu Sans here (Debian's fonts-dejavu-core) where iOS has San Francisco, so text
/// is a little wider than on a phone.
open class UIFont: NSObject, @unchecked Sendable {
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)

        /// Pango's (CSS's) weight, 100–900.
        var pango: Int32 {
            let steps: [(CGFloat, Int32)] = [
                (-0.7, 100), (-0.5, 200), (-0.2, 300), (0.1, 400), (0.26, 500), (0.35, 600), (0.5, 700), (0.6, 800),
            ]
            return steps.first { self.rawValue < $0.0 }?.1 ?? 900
        }
    }

    static let systemFamily = "DejaVu Sans"

    public let familyName: String
    public let pointSize: CGFloat
    let weight: Weight
    let italic: Bool

    init(family: String, size: CGFloat, weight: Weight, italic: Bool) {
        self.familyName = family
        self.pointSize = size.isFinite && size > 0 ? min(size, 1_000) : 12
        self.weight = weight
        self.italic = italic
        super.init()
    }

    /// A font by family name (`"Helvetica"`, `"Georgia-Bold"`: a `-Bold` or `-Italic` suffix
    /// sets the weight or slant); fontconfig substitutes a near family for one not installed,
    /// so only an empty name or a size that is not positive gives nil.
    public convenience init?(name: String, size: CGFloat) {
        guard !name.isEmpty, size.isFinite, size > 0 else { return nil }
        let parts = name.split(separator: "-", maxSplits: 1).map(String.init)
        let style = parts.count > 1 ? parts[1].lowercased() : ""
        self.init(
            family: parts[0], size: size, weight: style.contains("bold") ? .bold : .regular,
            italic: style.contains("italic") || style.contains("oblique"))
    }

    open var fontName: String { self.familyName }
    open var lineHeight: CGFloat { self.pointSize * 1.2 }

    open class func systemFont(ofSize size: CGFloat) -> UIFont {
        UIFont(family: systemFamily, size: size, weight: .regular, italic: false)
    }
    open class func systemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
        UIFont(family: systemFamily, size: size, weight: weight, italic: false)
    }
    open class func boldSystemFont(ofSize size: CGFloat) -> UIFont {
        UIFont(family: systemFamily, size: size, weight: .bold, italic: false)
    }
    open class func italicSystemFont(ofSize size: CGFloat) -> UIFont {
        UIFont(family: systemFamily, size: size, weight: .regular, italic: true)
    }
    open class func monospacedSystemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
        UIFont(family: "DejaVu Sans Mono", size: size, weight: weight, italic: false)
    }
    open func withSize(_ size: CGFloat) -> UIFont {
        UIFont(family: self.familyName, size: size, weight: self.weight, italic: self.italic)
    }

    /// UIKit's default for attributed text without a font: Helvetica 12.
    static let attributedTextDefault = UIFont(family: "Helvetica", size: 12, weight: .regular, italic: false)

    /// A Pango description (caller frees), its size absolute in the context's units (points).
    func pangoDescription() -> OpaquePointer {
        let description = pango_font_description_new()!
        pango_font_description_set_family(description, "\(self.familyName),\(Self.systemFamily),sans-serif")
        pango_font_description_set_absolute_size(description, Double(self.pointSize) * Double(PANGO_SCALE))
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(self.weight.pango)))
        pango_font_description_set_style(description, self.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        return description
    }
}

extension NSAttributedString.Key {
    /// The text's `UIFont` (Helvetica 12 when absent, as in UIKit).
    public static let font = NSAttributedString.Key("NSFont")
    /// The text's `UIColor` (black when absent).
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// A `UIColor` behind the text.
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    /// An `NSParagraphStyle`: its alignment applies in `draw(in:)`.
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
}

public enum NSTextAlignment: Int, Sendable {
    case left = 0
    case center = 1
    case right = 2
    case justified = 3
    case natural = 4
}

public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0
    case byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// `NSParagraphStyle`: the alignment and line breaking of text drawn in a rectangle.
open class NSParagraphStyle: NSObject, @unchecked Sendable {
    open internal(set) var alignment: NSTextAlignment = .natural
    open internal(set) var lineBreakMode: NSLineBreakMode = .byWordWrapping
    open class var `default`: NSParagraphStyle { NSParagraphStyle() }
}

open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    open override var alignment: NSTextAlignment {
        get { super.alignment }
        set { super.alignment = newValue }
    }
    open override var lineBreakMode: NSLineBreakMode {
        get { super.lineBreakMode }
        set { super.lineBreakMode = newValue }
    }
}
