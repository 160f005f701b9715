import Foundation

/// `UIButton`: a title and an image per control state, drawn centred; a tap runs the actions
/// added for `touchUpInside` and `primaryActionTriggered` (`addAction`, `UIButton(primaryAction:)`).
/// A `system` button draws its title in the tint colour, as UIKit does.
@preconcurrency @MainActor
open class UIButton: UIControl {
    public enum ButtonType: Int, Sendable {
        case custom = 0
        case system, detailDisclosure, infoLight, infoDark, contactAdd, close, plain
    }

    public let buttonType: ButtonType
    /// The label the title is drawn with: its font and line count are the button's.
    public let titleLabel: UILabel? = UILabel()
    public let imageView: UIImageView? = UIImageView()
    open var contentEdgeInsets = UIEdgeInsets.zero { didSet { self.invalidateIntrinsicContentSize() } }

    private var titles: [State: String] = [:]
    private var titleColors: [State: UIColor] = [:]
    private var images: [State: UIImage] = [:]

    public init(type buttonType: ButtonType) {
        self.buttonType = buttonType
        super.init(frame: .zero)
        self.titleLabel?.font = UIFont.systemFont(ofSize: 15)
    }

    public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: buttonType)
        if let action = primaryAction {
            self.setTitle(action.title, for: .normal)
            if let image = action.image { self.setImage(image, for: .normal) }
            self.addAction(action, for: .primaryActionTriggered)
        }
    }

    public override init(frame: CGRect) {
        self.buttonType = .custom
        super.init(frame: frame)
        self.titleLabel?.font = UIFont.systemFont(ofSize: 15)
    }

    public required init?(coder: NSCoder) {
        self.buttonType = .system
        super.init(coder: coder)
        self.titleLabel?.font = UIFont.systemFont(ofSize: 15)
    }

    open func setTitle(_ title: String?, for state: State) {
        self.titles[state] = title
        self.invalidateIntrinsicContentSize()
        self.setNeedsDisplay()
    }

    open func title(for state: State) -> String? { self.titles[state] ?? self.titles[.normal] }
    open func setTitleColor(_ color: UIColor?, for state: State) { self.titleColors[state] = color }
    open func titleColor(for state: State) -> UIColor? { self.titleColors[state] ?? self.titleColors[.normal] }

    open func setImage(_ image: UIImage?, for state: State) {
        self.images[state] = image
        self.invalidateIntrinsicContentSize()
        self.setNeedsDisplay()
    }

    open func image(for state: State) -> UIImage? { self.images[state] ?? self.images[.normal] }

    open var currentTitle: String? { self.title(for: self.state) }
    open var currentImage: UIImage? { self.image(for: self.state) }
    open var currentTitleColor: UIColor {
        if let color = self.titleColor(for: self.state) { return color }
        let tint = self.buttonType == .custom ? UIColor.white : (self.tintColor ?? UIColor.systemBlue)
        return self.isEnabled ? tint : UIColor.systemGray
    }

    /// The title as drawn: the label's font, the state's colour.
    private var drawnTitle: NSAttributedString? {
        guard let title = self.currentTitle, !title.isEmpty else { return nil }
        return NSAttributedString(
            string: title,
            attributes: [
                .font: self.titleLabel?.font ?? UIFont.systemFont(ofSize: 15), .foregroundColor: self.currentTitleColor,
            ])
    }

    open override var intrinsicContentSize: CGSize {
        let title = self.drawnTitle.map { TextLayout.size(of: $0, width: nil) } ?? .zero
        let image = self.currentImage?.size ?? .zero
        let insets = self.contentEdgeInsets
        // A system button with a title is at least 30 points high, as UIKit's.
        let height = max(title.height, image.height, self.buttonType == .system && title.height > 0 ? 30 : 0)
        return CGSize(
            width: (title.width + image.width + insets.left + insets.right).rounded(.up),
            height: (height + insets.top + insets.bottom).rounded(.up))
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { self.intrinsicContentSize }

    open override func draw(_ rect: CGRect) {
        let title = self.drawnTitle
        let titleSize = title.map { TextLayout.size(of: $0, width: nil) } ?? .zero
        let image = self.currentImage
        let imageSize = image?.size ?? .zero
        let content = self.bounds.inset(by: self.contentEdgeInsets)
        var x = content.midX - (titleSize.width + imageSize.width) / 2
        if let image {
            image.draw(
                in: CGRect(
                    x: x, y: content.midY - imageSize.height / 2, width: imageSize.width, height: imageSize.height))
            x += imageSize.width
        }
        if let title {
            TextLayout.draw(title, at: CGPoint(x: x, y: content.midY - titleSize.height / 2), width: nil, height: nil)
        }
    }
}

extension UIView {
    /// UIKit's animations end at once here: the changes are made, then the completion runs
    /// with `true`, so code that animates to a state is at that state when the call returns.
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animations()
    }

    public class func animate(
        withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)?
    ) {
        animations()
        completion?(true)
    }

    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        animations()
        completion?(true)
    }

    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping damping: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: UIView.AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        animations()
        completion?(true)
    }

    public class func transition(
        with view: UIView, duration: TimeInterval, options: UIView.AnimationOptions = [],
        animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil
    ) {
        animations?()
        completion?(true)
    }

    public class func performWithoutAnimation(_ actions: () -> Void) { actions() }

    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        public static let curveEaseInOut = AnimationOptions([])
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
    }
}
