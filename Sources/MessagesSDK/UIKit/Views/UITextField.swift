import Foundation

/// `UITextFieldDelegate`: each method optional, as in UIKit (defaults below).
@preconcurrency @MainActor
public protocol UITextFieldDelegate: AnyObject {
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool
    func textFieldDidBeginEditing(_ textField: UITextField)
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool
    func textFieldDidEndEditing(_ textField: UITextField)
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String)
        -> Bool
    func textFieldDidChangeSelection(_ textField: UITextField)
    func textFieldShouldClear(_ textField: UITextField) -> Bool
    func textFieldShouldReturn(_ textField: UITextField) -> Bool
}

extension UITextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidBeginEditing(_ textField: UITextField) {}
    public func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidEndEditing(_ textField: UITextField) {}
    public func textField(
        _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
    ) -> Bool { true }
    public func textFieldDidChangeSelection(_ textField: UITextField) {}
    public func textFieldShouldClear(_ textField: UITextField) -> Bool { true }
    public func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
}

/// `UITextField`: one line of editable text. A tap makes it the first responder (asking its
/// delegate); what the user types arrives through `insertText(_:)`, `deleteBackward()` and
/// the return key, each asked of the delegate and sent as UIKit's editing events.
@preconcurrency @MainActor
open class UITextField: UIControl {
    public enum BorderStyle: Int, Sendable { case none, line, bezel, roundedRect }
    public enum ViewMode: Int, Sendable { case never, whileEditing, unlessEditing, always }

    open var text: String? = "" { didSet { self.setNeedsDisplay() } }
    open var placeholder: String? { didSet { self.setNeedsDisplay() } }
    open var font: UIFont? = UIFont.systemFont(ofSize: 17)
    open var textColor: UIColor? = UIColor.label
    open var textAlignment: NSTextAlignment = .natural
    open var borderStyle = BorderStyle.none
    open var clearButtonMode = ViewMode.never
    open var isSecureTextEntry = false
    open var keyboardType = UIKeyboardType.default
    open var returnKeyType = UIReturnKeyType.default
    open var autocapitalizationType = UITextAutocapitalizationType.sentences
    open var autocorrectionType = UITextAutocorrectionType.default
    open weak var delegate: (any UITextFieldDelegate)?
    public private(set) var isEditing = false

    open override var canBecomeFirstResponder: Bool { self.isEnabled }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        guard !self.isFirstResponder else { return true }
        guard self.delegate?.textFieldShouldBeginEditing(self) ?? true, super.becomeFirstResponder() else {
            return false
        }
        self.isEditing = true
        self.delegate?.textFieldDidBeginEditing(self)
        self.sendActions(for: .editingDidBegin)
        return true
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard self.isFirstResponder else { return super.resignFirstResponder() }
        guard self.delegate?.textFieldShouldEndEditing(self) ?? true, super.resignFirstResponder() else { return false }
        self.isEditing = false
        self.delegate?.textFieldDidEndEditing(self)
        self.sendActions(for: .editingDidEnd)
        return true
    }

    /// Typed text, at the end: the delegate may refuse it.
    open func insertText(_ string: String) {
        let current = self.text ?? ""
        let range = NSRange(location: (current as NSString).length, length: 0)
        guard self.delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: string) ?? true else {
            return
        }
        self.text = current + string
        self.sendActions(for: .editingChanged)
        self.delegate?.textFieldDidChangeSelection(self)
    }

    /// The delete key: the last character goes, if the delegate lets it.
    open func deleteBackward() {
        let current = self.text ?? ""
        guard let last = current.last else { return }
        let length = (String(last) as NSString).length
        let range = NSRange(location: (current as NSString).length - length, length: length)
        guard self.delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: "") ?? true else {
            return
        }
        self.text = String(current.dropLast())
        self.sendActions(for: .editingChanged)
        self.delegate?.textFieldDidChangeSelection(self)
    }

    /// The return key: the delegate is asked, then `editingDidEndOnExit` (which, in UIKit,
    /// ends editing only when an action is registered for it; apps resign in their delegate).
    func pressReturn() {
        _ = self.delegate?.textFieldShouldReturn(self)
        self.sendActions(for: .editingDidEndOnExit)
    }

    public var hasText: Bool { !(self.text ?? "").isEmpty }

    open override var intrinsicContentSize: CGSize {
        let height =
            (self.font ?? UIFont.systemFont(ofSize: 17)).lineHeight + (self.borderStyle == .roundedRect ? 14 : 4)
        return CGSize(width: UIView.noIntrinsicMetric, height: height.rounded(.up))
    }

    open override func draw(_ rect: CGRect) {
        if self.borderStyle == .roundedRect || self.borderStyle == .line || self.borderStyle == .bezel {
            UIColor.white.setFill()
            let outline = UIBezierPath(
                roundedRect: self.bounds.insetBy(dx: 0.5, dy: 0.5),
                cornerRadius: self.borderStyle == .roundedRect ? 5 : 0)
            outline.fill()
            UIColor(white: 0.8, alpha: 1).setStroke()
            outline.stroke()
        }
        let shown = self.text.flatMap {
            $0.isEmpty ? nil : (self.isSecureTextEntry ? String(repeating: "•", count: $0.count) : $0)
        }
        guard let string = shown ?? self.placeholder else { return }
        let color = shown == nil ? UIColor.placeholderText : (self.textColor ?? .label)
        let text = NSAttributedString(
            string: string, attributes: [.font: self.font ?? UIFont.systemFont(ofSize: 17), .foregroundColor: color])
        let size = text.size()
        let inner = self.bounds.insetBy(dx: self.borderStyle == .none ? 0 : 7, dy: 0)
        let x: CGFloat =
            switch self.textAlignment {
            case .center: inner.midX - size.width / 2
            case .right: inner.maxX - size.width
            default: inner.minX
            }
        TextLayout.draw(text, at: CGPoint(x: x, y: inner.midY - size.height / 2), width: nil, height: nil)
    }

    override func tapChangesValue(at point: CGPoint) -> Bool {
        self.becomeFirstResponder()
        return false
    }
}

public enum UIKeyboardType: Int, Sendable {
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress,
        decimalPad, twitter, webSearch, asciiCapableNumberPad
}
public enum UIReturnKeyType: Int, Sendable {
    case `default`, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`
}
public enum UITextAutocapitalizationType: Int, Sendable { case none, words, sentences, allCharacters }
public enum UITextAutocorrectionType: Int, Sendable { case `default`, no, yes }
