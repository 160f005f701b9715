import Foundation

/// `UILabel`: text drawn in the view, centred vertically as UIKit draws it, wrapped when
/// `numberOfLines` is not 1. Its intrinsic size is the text's, so layout sizes it to fit.
@preconcurrency @MainActor
open class UILabel: UIView {
    open var text: String? { didSet { self.changed() } }
    open var attributedText: NSAttributedString? { didSet { self.changed() } }
    open var font: UIFont! = UIFont.systemFont(ofSize: 17) { didSet { self.changed() } }
    open var textColor: UIColor! = UIColor.label { didSet { self.setNeedsDisplay() } }
    open var textAlignment: NSTextAlignment = .natural { didSet { self.setNeedsDisplay() } }
    /// 1 by default; 0 for as many as the text needs.
    open var numberOfLines = 1 { didSet { self.changed() } }
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail
    open var adjustsFontSizeToFitWidth = false
    open var minimumScaleFactor: CGFloat = 0
    open var isEnabled = true
    /// The width a multi-line label wraps at when layout asks for its size.
    open var preferredMaxLayoutWidth: CGFloat = 0 { didSet { self.invalidateIntrinsicContentSize() } }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        self.isUserInteractionEnabled = false
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        self.isUserInteractionEnabled = false
    }

    /// The text with the label's font, colour and alignment where it has none of its own.
    var drawnText: NSAttributedString? {
        if let attributed = self.attributedText, attributed.length > 0 { return attributed }
        guard let text = self.text, !text.isEmpty else { return nil }
        let style = NSMutableParagraphStyle()
        style.alignment = self.textAlignment
        return NSAttributedString(
            string: text,
            attributes: [
                .font: self.font ?? UIFont.systemFont(ofSize: 17),
                .foregroundColor: (self.isEnabled ? self.textColor : UIColor.gray) ?? UIColor.label,
                .paragraphStyle: style,
            ])
    }

    private func changed() {
        self.invalidateIntrinsicContentSize()
        self.setNeedsDisplay()
    }

    /// The width to wrap at, or nil for one line a paragraph.
    private func wrapWidth(_ width: CGFloat) -> CGFloat? {
        self.numberOfLines == 1 ? nil : (width > 0 && width.isFinite ? width : nil)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        guard let text = self.drawnText else { return .zero }
        let measured = TextLayout.size(of: text, width: self.wrapWidth(size.width))
        return CGSize(width: measured.width.rounded(.up), height: self.limitedHeight(measured.height).rounded(.up))
    }

    open override var intrinsicContentSize: CGSize {
        guard self.drawnText != nil else { return .zero }
        return self.sizeThatFits(CGSize(width: self.preferredMaxLayoutWidth, height: .greatestFiniteMagnitude))
    }

    /// At most `numberOfLines` lines of the font's height.
    private func limitedHeight(_ height: CGFloat) -> CGFloat {
        guard self.numberOfLines > 0, let font = self.font else { return height }
        return min(height, CGFloat(self.numberOfLines) * font.lineHeight)
    }

    open override func draw(_ rect: CGRect) {
        guard let text = self.drawnText else { return }
        let width = self.wrapWidth(self.bounds.width)
        let height = self.limitedHeight(TextLayout.size(of: text, width: width).height)
        let top = self.bounds.minY + max(0, (self.bounds.height - height) / 2)
        // One line: aligned within the bounds' width; wrapped lines align themselves.
        var origin = CGPoint(x: self.bounds.minX, y: top)
        if width == nil {
            let lineWidth = TextLayout.size(of: text, width: nil).width
            switch self.textAlignment {
            case .center: origin.x += (self.bounds.width - lineWidth) / 2
            case .right: origin.x += self.bounds.width - lineWidth
            default: break
            }
        }
        // A wrapped text is laid out (and aligned) at its width and clipped to the lines shown.
        TextLayout.draw(text, at: origin, width: width, height: width == nil ? nil : min(height, self.bounds.height))
    }
}
