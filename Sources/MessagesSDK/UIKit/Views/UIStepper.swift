import Foundation

/// `UIStepper`: − and + side by side, 94 × 29 points; a tap on a half steps `value` down or up
/// by `stepValue` within `minimumValue…maximumValue` (past an end it wraps round when `wraps`,
/// else stays) and sends `valueChanged` when the value changed, as UIKit does.
@preconcurrency @MainActor
open class UIStepper: UIControl {
    static let size = CGSize(width: 94, height: 29)

    open var value: Double = 0 {
        didSet {
            self.clampValue()
            self.setNeedsDisplay()
        }
    }
    open var minimumValue: Double = 0 { didSet { self.clampValue() } }
    open var maximumValue: Double = 100 { didSet { self.clampValue() } }
    open var stepValue: Double = 1
    open var wraps = false
    /// Holding a half repeats the step on iOS; a tap here is one step, so both are kept only.
    open var autorepeat = true
    open var isContinuous = true

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.size))
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        self.bounds.size = Self.size
    }

    open override var intrinsicContentSize: CGSize { Self.size }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.size }

    private func clampValue() {
        guard self.value.isFinite else {
            self.value = self.minimumValue
            return
        }
        if self.maximumValue < self.minimumValue { self.maximumValue = self.minimumValue }
        if self.value < self.minimumValue { self.value = self.minimumValue }
        if self.value > self.maximumValue { self.value = self.maximumValue }
    }

    /// The step a tap at `point` makes: the left half steps down, the right half up.
    override func tapChangesValue(at point: CGPoint) -> Bool {
        let step = self.stepValue.isFinite && self.stepValue > 0 ? self.stepValue : 1
        let old = self.value
        if point.x < self.bounds.midX {
            let next = old - step
            self.value = next < self.minimumValue ? (self.wraps ? self.maximumValue : self.minimumValue) : next
        } else {
            let next = old + step
            self.value = next > self.maximumValue ? (self.wraps ? self.minimumValue : self.maximumValue) : next
        }
        return self.value != old
    }

    open override func draw(_ rect: CGRect) {
        let box = CGRect(origin: self.bounds.origin, size: Self.size).insetBy(dx: 0.5, dy: 0.5)
        let tint = self.isEnabled ? (self.tintColor ?? .systemBlue) : UIColor(white: 0.75, alpha: 1)
        UIColor(white: 0.93, alpha: 1).setFill()
        UIBezierPath(roundedRect: box, cornerRadius: 8).fill()
        UIColor(white: 0.8, alpha: 1).setFill()
        UIRectFill(CGRect(x: box.midX - 0.5, y: box.minY + 6, width: 1, height: box.height - 12))
        let canGoDown = self.wraps || self.value > self.minimumValue
        let canGoUp = self.wraps || self.value < self.maximumValue
        let bar: CGFloat = 12
        let y = box.midY
        (canGoDown ? tint : UIColor(white: 0.75, alpha: 1)).setFill()
        UIRectFill(CGRect(x: box.minX + box.width / 4 - bar / 2, y: y - 1, width: bar, height: 2))
        (canGoUp ? tint : UIColor(white: 0.75, alpha: 1)).setFill()
        UIRectFill(CGRect(x: box.maxX - box.width / 4 - bar / 2, y: y - 1, width: bar, height: 2))
        UIRectFill(CGRect(x: box.maxX - box.width / 4 - 1, y: y - bar / 2, width: 2, height: bar))
    }
}
