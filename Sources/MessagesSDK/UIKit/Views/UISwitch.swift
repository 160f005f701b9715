import Foundation

/// `UISwitch`: on or off, 51 × 31 points; a tap flips it and sends `valueChanged`.
@preconcurrency @MainActor
open class UISwitch: UIControl {
    open var isOn = false { didSet { self.setNeedsDisplay() } }
    open var onTintColor: UIColor? = UIColor.systemGreen
    open var thumbTintColor: UIColor? = UIColor.white

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.size))
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        self.bounds.size = Self.size
    }

    static let size = CGSize(width: 51, height: 31)

    open func setOn(_ on: Bool, animated: Bool) { self.isOn = on }

    open override var intrinsicContentSize: CGSize { Self.size }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.size }

    override func tapChangesValue(at point: CGPoint) -> Bool {
        self.isOn.toggle()
        return true
    }

    open override func draw(_ rect: CGRect) {
        let track = CGRect(origin: self.bounds.origin, size: Self.size)
        (self.isOn ? (self.onTintColor ?? .systemGreen) : UIColor(white: 0.9, alpha: 1)).setFill()
        UIBezierPath(roundedRect: track, cornerRadius: track.height / 2).fill()
        let knob = CGRect(x: self.isOn ? track.maxX - 29 : track.minX + 2, y: track.minY + 2, width: 27, height: 27)
        (self.thumbTintColor ?? .white).setFill()
        UIBezierPath(ovalIn: knob).fill()
    }
}
