import Foundation

@preconcurrency @MainActor
public protocol UITextViewDelegate: UIScrollViewDelegate {
    func textViewDidBeginEditing(_ textView: UITextView)
    func textViewDidEndEditing(_ textView: UITextView)
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    func textViewDidChange(_ textView: UITextView)
}

extension UITextViewDelegate {
    public func textViewDidBeginEditing(_ textView: UITextView) {}
    public func textViewDidEndEditing(_ textView: UITextView) {}
    public func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String)
        -> Bool
    { true }
    public func textViewDidChange(_ textView: UITextView) {}
}

/// `UITextView`: wrapped text, editable by default: a tap makes it the first responder, and
/// typing goes in (a newline is a new line, not a return key), asked of its delegate.
@preconcurrency @MainActor
open class UITextView: UIScrollView {
    open var text: String! = "" { didSet { self.setNeedsDisplay() } }
    open var font: UIFont? = UIFont.systemFont(ofSize: 17)
    open var textColor: UIColor? = UIColor.label
    open var textAlignment: NSTextAlignment = .natural
    open var isEditable = true
    open var isSelectable = true
    open var textContainerInset = UIEdgeInsets(top: 8, left: 5, bottom: 8, right: 5)
    open weak var textViewDelegate: (any UITextViewDelegate)?
    open override var delegate: (any UIScrollViewDelegate)? {
        didSet { self.textViewDelegate = self.delegate as? any UITextViewDelegate }
    }

    open override var canBecomeFirstResponder: Bool { self.isEditable }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        guard !self.isFirstResponder else { return true }
        guard super.becomeFirstResponder() else { return false }
        self.textViewDelegate?.textViewDidBeginEditing(self)
        return true
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        let was = self.isFirstResponder
        guard super.resignFirstResponder() else { return false }
        if was { self.textViewDelegate?.textViewDidEndEditing(self) }
        return true
    }

    open func insertText(_ string: String) {
        let current = self.text ?? ""
        let range = NSRange(location: (current as NSString).length, length: 0)
        guard self.isEditable,
            self.textViewDelegate?.textView(self, shouldChangeTextIn: range, replacementText: string) ?? true
        else { return }
        self.text = current + string
        self.textViewDelegate?.textViewDidChange(self)
    }

    open func deleteBackward() {
        let current = self.text ?? ""
        guard self.isEditable, let last = current.last else { return }
        let length = (String(last) as NSString).length
        let range = NSRange(location: (current as NSString).length - length, length: length)
        guard self.textViewDelegate?.textView(self, shouldChangeTextIn: range, replacementText: "") ?? true else {
            return
        }
        self.text = String(current.dropLast())
        self.textViewDelegate?.textViewDidChange(self)
    }

    var drawnText: NSAttributedString {
        let style = NSMutableParagraphStyle()
        style.alignment = self.textAlignment
        return NSAttributedString(
            string: self.text ?? "",
            attributes: [
                .font: self.font ?? UIFont.systemFont(ofSize: 17), .foregroundColor: self.textColor ?? .label,
                .paragraphStyle: style,
            ])
    }

    open override func draw(_ rect: CGRect) {
        let inner = self.bounds.inset(by: self.textContainerInset)
        guard inner.width > 0, !(self.text ?? "").isEmpty else { return }
        TextLayout.draw(self.drawnText, at: inner.origin, width: inner.width, height: max(1, inner.height))
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let insets = self.textContainerInset
        let width = size.width.isFinite && size.width > 0 ? size.width : self.bounds.width
        let text = TextLayout.size(of: self.drawnText, width: max(1, width - insets.left - insets.right))
        return CGSize(width: width, height: (text.height + insets.top + insets.bottom).rounded(.up))
    }
}
