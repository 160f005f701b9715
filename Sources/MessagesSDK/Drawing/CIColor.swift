import Foundation

/// `CIColor`, Core Image's colour, as drawing code uses it outside filters: to read a
/// `UIColor`'s sRGB components (`CIColor(color:).red` …) and to make one back. There are no
/// Core Image filters here (porting guide §4).
public final class CIColor: @unchecked Sendable {
    public let red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat = 1) {
        (self.red, self.green, self.blue, self.alpha) = (
            CGColor.unit(red), CGColor.unit(green), CGColor.unit(blue), CGColor.unit(alpha)
        )
    }

    public convenience init(color: UIColor) { self.init(cgColor: color.cgColor) }
    public convenience init(cgColor: CGColor) {
        self.init(red: cgColor.red, green: cgColor.green, blue: cgColor.blue, alpha: cgColor.alpha)
    }

    public var numberOfComponents: Int { 4 }
    public var components: [CGFloat] { [self.red, self.green, self.blue, self.alpha] }
}

extension UIColor {
    public convenience init(ciColor: CIColor) {
        self.init(red: ciColor.red, green: ciColor.green, blue: ciColor.blue, alpha: ciColor.alpha)
    }
}
