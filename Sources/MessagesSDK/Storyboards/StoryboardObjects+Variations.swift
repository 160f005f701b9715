import Foundation

extension StoryboardObjects {
    /// One of a storyboard constraint's size-class variations (`<variation key="…">`): for the
    /// size classes it names (nil: any), whether the constraint is installed and its constant.
    public struct Variation: Sendable {
        public var width: UIUserInterfaceSizeClass?
        public var height: UIUserInterfaceSizeClass?
        public var installed: Bool?
        public var constant: CGFloat?

        public init(
            width: UIUserInterfaceSizeClass? = nil, height: UIUserInterfaceSizeClass? = nil, installed: Bool? = nil,
            constant: CGFloat? = nil
        ) {
            (self.width, self.height, self.installed, self.constant) = (width, height, installed, constant)
        }

        /// How many size classes it names: the more, the later it applies.
        var specificity: Int { (self.width == nil ? 0 : 1) + (self.height == nil ? 0 : 1) }

        func matches(_ traits: UITraitCollection) -> Bool {
            (self.width.map { $0 == traits.horizontalSizeClass } ?? true)
                && (self.height.map { $0 == traits.verticalSizeClass } ?? true)
        }
    }

    /// Applies the variations that match the device's size classes (`UITraitCollection.current`)
    /// to `constraint`, the general before the specific as Interface Builder does, and says
    /// whether it is installed: an iPad's constraint excluded on an iPhone is never made active.
    public static func vary(
        _ constraint: NSLayoutConstraint, _ variations: [Variation], traits: UITraitCollection = .current
    ) -> Bool {
        var installed = true
        for variation in variations.enumerated().sorted(by: {
            ($0.element.specificity, $0.offset) < ($1.element.specificity, $1.offset)
        }).map(\.element)
        where variation.matches(traits) {
            if let value = variation.installed { installed = value }
            if let constant = variation.constant { constraint.constant = constant }
        }
        return installed
    }
}
