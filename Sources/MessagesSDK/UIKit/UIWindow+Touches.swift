import Foundation

/// The user's touches on the screen, as UIKit delivers them: the window finds the view under
/// the point (`hitTest`), then the first gesture recognizer of that view or of a view above it
/// that waits for this kind of touch takes it; failing that, the first control on that way
/// gets its events (a text field becomes the first responder). An `SKView` on that way gives the
/// tap to its scene as `touchesBegan` then `touchesEnded`. A tap on no view, or on a view
/// nothing answers, does nothing.
extension UIWindow {
    /// What a touch reached, for the host to report.
    enum TouchOutcome: Equatable {
        case none
        case recognized(UIGestureRecognizer)
        case control(UIControl)
        /// A view that takes raw touches (an `SKView`, which hands them to its scene).
        case touches(UIView)

        static func == (a: TouchOutcome, b: TouchOutcome) -> Bool {
            switch (a, b) {
            case (.none, .none): true
            case (.recognized(let x), .recognized(let y)): x === y
            case (.control(let x), .control(let y)): x === y
            case (.touches(let x), .touches(let y)): x === y
            default: false
            }
        }
    }

    /// A tap (or, `long`, a long press) at `point` in the window's coordinates.
    @discardableResult
    func touch(at point: CGPoint, long: Bool = false) -> TouchOutcome {
        guard point.x.isFinite, point.y.isFinite, let hit = self.hitTest(point, with: UIEvent()) else { return .none }
        var view: UIView? = hit
        while let current = view {
            for recognizer in current.recognizers where recognizer.recognize(tapAt: point, long: long) {
                if recognizer.cancelsTouchesInView { return .recognized(recognizer) }
            }
            if let textView = current as? UITextView, !long, textView.isEditable {
                textView.becomeFirstResponder()
                return .none
            }
            if let view = current as? SKView, view.receivesTouches {
                view.tapped(at: point, long: long)
                return .touches(view)
            }
            if let control = current as? UIControl, !long {
                control.tapped(at: control.convert(point, from: self))
                return .control(control)
            }
            view = current.superview
        }
        return .none
    }

    /// Typed text goes to the first responder if it takes text (a text field).
    func type(_ text: String) -> Bool {
        if let picker = UIResponder.firstResponder as? UIDatePicker, picker.window === self {
            picker.typed(text)
            return true
        }
        if let view = UIResponder.firstResponder as? UITextView, view.window === self {
            view.insertText(text)
            return true
        }
        guard let field = UIResponder.firstResponder as? UITextField, field.window === self else { return false }
        for character in text {
            if character == "\n" { field.pressReturn() } else { field.insertText(String(character)) }
        }
        return true
    }
}
