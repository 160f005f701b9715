/// The device models a world's devices can be (a device's `model`), each with its screen as
/// UIKit reports it (`UIScreen.main`): the size in points, the scale, the safe area's insets in
/// portrait, and the height of the compact app (where the keyboard sits).
///
/// The sizes and scales are Apple's (Human Interface Guidelines, device screen sizes), the
/// safe areas those UIKit reports in portrait. The compact heights stand for the system
/// keyboard's on each model, where Messages puts a compact app: Apple documents no figure, so
/// they are approximations (docs/DECISIONS.md), the iPhone 14's the 292 points msghost always
/// used. The default is the iPhone 14, the screen every device had before devices had models,
/// so a world without models draws as it always did.
public enum DeviceModel: String, Codable, Hashable, Sendable, CaseIterable {
    case iPhoneSE, iPhone14, iPhone15, iPhone15ProMax, iPad

    public static let `default` = DeviceModel.iPhone14

    /// Apple's name for it.
    public var name: String {
        switch self {
        case .iPhoneSE: "iPhone SE"
        case .iPhone14: "iPhone 14"
        case .iPhone15: "iPhone 15"
        case .iPhone15ProMax: "iPhone 15 Pro Max"
        case .iPad: "iPad"
        }
    }

    public var screen: ScreenGeometry {
        switch self {
        case .iPhoneSE:
            ScreenGeometry(
                width: 375, height: 667, scale: 2, safeArea: .init(top: 20, left: 0, bottom: 0, right: 0),
                compactHeight: 260)
        case .iPhone14:
            ScreenGeometry(
                width: 390, height: 844, scale: 3, safeArea: .init(top: 47, left: 0, bottom: 34, right: 0),
                compactHeight: 292)
        case .iPhone15:
            ScreenGeometry(
                width: 393, height: 852, scale: 3, safeArea: .init(top: 59, left: 0, bottom: 34, right: 0),
                compactHeight: 292)
        case .iPhone15ProMax:
            ScreenGeometry(
                width: 430, height: 932, scale: 3, safeArea: .init(top: 59, left: 0, bottom: 34, right: 0),
                compactHeight: 302)
        case .iPad:
            ScreenGeometry(
                width: 820, height: 1180, scale: 2, safeArea: .init(top: 24, left: 0, bottom: 20, right: 0),
                compactHeight: 398)
        }
    }
}

/// A device's screen, as the daemon tells an extension (`MSGHOST_SCREEN`, PROTOCOL.md §4.1).
public struct ScreenGeometry: Codable, Hashable, Sendable {
    public var width: Double
    public var height: Double
    public var scale: Double
    public var safeArea: Insets
    public var compactHeight: Double
    /// The model it is (Apple's idiom follows: an iPad is `pad`).
    public var model: DeviceModel?

    public init(
        width: Double, height: Double, scale: Double, safeArea: Insets, compactHeight: Double, model: DeviceModel? = nil
    ) {
        (self.width, self.height, self.scale, self.safeArea, self.compactHeight, self.model) = (
            width, height, scale, safeArea, compactHeight, model
        )
    }

    /// Whether every number is one a screen can have: sizes 1–4,096 points, a scale of 1–4,
    /// insets and the compact height within the screen. A screen read from outside (the
    /// environment) that is not is refused, naming the first number that is wrong.
    public func check() -> String? {
        for (name, value, range) in [
            ("width", self.width, 1.0...4_096), ("height", self.height, 1.0...4_096), ("scale", self.scale, 1.0...4),
        ]
        where !(value.isFinite && range.contains(value)) {
            return "\(name) \(value) is out of range (\(Int(range.lowerBound)) to \(Int(range.upperBound)))"
        }
        for (name, value, limit) in [
            ("safeArea.top", self.safeArea.top, self.height), ("safeArea.bottom", self.safeArea.bottom, self.height),
            ("safeArea.left", self.safeArea.left, self.width), ("safeArea.right", self.safeArea.right, self.width),
            ("compactHeight", self.compactHeight, self.height),
        ]
        where !(value.isFinite && value >= 0 && value <= limit) {
            return "\(name) \(value) is out of range (0 to \(limit))"
        }
        if self.safeArea.top + self.safeArea.bottom >= self.height
            || self.safeArea.left + self.safeArea.right >= self.width
        {
            return "the safe area leaves nothing of the screen"
        }
        return nil
    }

    /// Edge insets in points.
    public struct Insets: Codable, Hashable, Sendable {
        public var top: Double, left: Double, bottom: Double, right: Double
        public init(top: Double, left: Double, bottom: Double, right: Double) {
            (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
        }
    }
}

extension DeviceModel {
    /// The screen with the model named, as the daemon passes it on.
    public var namedScreen: ScreenGeometry {
        var screen = self.screen
        screen.model = self
        return screen
    }
}
