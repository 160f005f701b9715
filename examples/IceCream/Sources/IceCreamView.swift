import MessagesSDK

/// An ice cream as a view, as in Apple's sample: its part images stacked in image views,
/// topping over scoops over base, laid out in a 400-point design square scaled to the view's
/// bounds. The builder shows one; the bubble's image and the sticker are one drawn with
/// `drawHierarchy(in:afterScreenUpdates:)` (IceCream+Image.swift), so what the person sees while
/// building is the picture that is sent.
final class IceCreamView: UIView {
    var iceCream: IceCream? {
        didSet { self.update() }
    }

    private let baseView = UIImageView()
    private let scoopsView = UIImageView()
    private let toppingView = UIImageView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        for view in [self.baseView, self.scoopsView, self.toppingView] {
            view.contentMode = .scaleToFill
            self.addSubview(view)
        }
        self.isAccessibilityElement = true
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    private func update() {
        self.baseView.image = self.iceCream?.base.map(IceCreamArt.image(for:))
        self.scoopsView.image = self.iceCream?.scoops.map(IceCreamArt.image(for:))
        self.toppingView.image = self.iceCream?.topping.map(IceCreamArt.image(for:))
        self.accessibilityLabel = self.iceCream.flatMap { $0.base == nil ? nil : "An ice cream: \($0.spoken)" }
    }

    /// The parts' places in the design square, as Apple's artwork is positioned.
    override func layoutSubviews() {
        super.layoutSubviews()
        let scale = min(self.bounds.width, self.bounds.height) / IceCream.designSide
        func place(_ view: UIView, _ origin: CGPoint, _ size: CGSize) {
            view.frame = CGRect(
                x: origin.x * scale, y: origin.y * scale, width: size.width * scale, height: size.height * scale)
        }
        place(self.baseView, CGPoint(x: 100, y: 205), IceCreamArt.baseSize)
        place(self.scoopsView, CGPoint(x: 100, y: 20), IceCreamArt.scoopsSize)
        place(self.toppingView, CGPoint(x: 100, y: 8), IceCreamArt.toppingSize)
    }
}
