import Foundation
import Testing

@testable import MessagesSDK

/// Taps on the screen reach what UIKit would give them to: the control under the finger, a
/// gesture recognizer of the view under it, the first responder for typing.
@MainActor @Suite struct TouchesTests {
    final class FieldDelegate: UITextFieldDelegate {
        var log: [String] = []
        func textFieldDidBeginEditing(_ textField: UITextField) { self.log.append("began") }
        func textField(
            _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
        ) -> Bool {
            self.log.append("change \(range.location) \"\(string)\"")
            return string != "x"
        }
        func textFieldShouldReturn(_ textField: UITextField) -> Bool {
            self.log.append("return")
            textField.resignFirstResponder()
            return true
        }
        func textFieldDidEndEditing(_ textField: UITextField) { self.log.append("ended") }
    }

    @Test func aTapReachesTheControlUnderItBeforeAnAncestorsRecognizer() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let card = UIView(frame: window.bounds)
        window.addSubview(card)
        var log: [String] = []
        let tap = UITapGestureRecognizer { recognizer in log.append("card tapped at \(recognizer.location(in: card))") }
        card.addGestureRecognizer(tap)
        let button = UIButton(primaryAction: UIAction(title: "Send") { _ in log.append("send") })
        button.frame = CGRect(x: 100, y: 100, width: 80, height: 40)
        card.addSubview(button)
        let label = UILabel(frame: CGRect(x: 105, y: 105, width: 70, height: 30))
        label.text = "over the button"
        card.addSubview(label)

        #expect(
            window.touch(at: CGPoint(x: 120, y: 120)) == .control(button),
            "the label takes no touches: the button under it does")
        #expect(window.touch(at: CGPoint(x: 20, y: 30)) == .recognized(tap))
        #expect(log == ["send", "card tapped at CGPoint(x: 20.0, y: 30.0)"])
        // A long press is no tap: the button ignores it, and so does the tap recognizer.
        #expect(window.touch(at: CGPoint(x: 120, y: 120), long: true) == .none)
        let press = UILongPressGestureRecognizer { _ in log.append("long press") }
        card.addGestureRecognizer(press)
        #expect(window.touch(at: CGPoint(x: 120, y: 120), long: true) == .recognized(press))
        // Outside every view, or not a number: nothing.
        #expect(window.touch(at: CGPoint(x: 400, y: 10)) == .none)
        #expect(window.touch(at: CGPoint(x: CGFloat.nan, y: 10)) == .none)
        // A hidden button lets the tap through to what is below.
        button.isHidden = true
        #expect(window.touch(at: CGPoint(x: 120, y: 120)) == .recognized(tap))
    }

    @Test func switchesAndSegmentsChangeTheirValueOnATap() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let toggle = UISwitch(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
        var changes: [String] = []
        toggle.addAction(UIAction { _ in changes.append("switch \(toggle.isOn)") }, for: .valueChanged)
        window.addSubview(toggle)
        #expect(toggle.bounds.size == CGSize(width: 51, height: 31))
        window.touch(at: CGPoint(x: 20, y: 20))
        window.touch(at: CGPoint(x: 20, y: 20))
        let segments = UISegmentedControl(items: ["Cone", "Cup", "Waffle"])
        segments.frame = CGRect(x: 0, y: 100, width: 300, height: 32)
        segments.addAction(
            UIAction { _ in changes.append("segment \(segments.selectedSegmentIndex)") }, for: .valueChanged)
        window.addSubview(segments)
        window.touch(at: CGPoint(x: 250, y: 110))
        window.touch(at: CGPoint(x: 250, y: 110))  // the selected one again: no change
        segments.setEnabled(false, forSegmentAt: 0)
        window.touch(at: CGPoint(x: 10, y: 110))
        #expect(changes == ["switch true", "switch false", "segment 2"])
        #expect(segments.selectedSegmentIndex == 2 && segments.titleForSegment(at: 1) == "Cup")
    }

    @Test func aTappedTextFieldTakesWhatIsTypedAsItsDelegateAllows() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let field = UITextField(frame: CGRect(x: 10, y: 10, width: 200, height: 34))
        let delegate = FieldDelegate()
        field.delegate = delegate
        var edits = 0
        field.addAction(UIAction { _ in edits += 1 }, for: .editingChanged)
        window.addSubview(field)
        #expect(!window.type("lost"), "nothing is first responder yet")
        window.touch(at: CGPoint(x: 20, y: 20))
        #expect(field.isFirstResponder && field.isEditing)
        #expect(window.type("axb\n"))
        #expect(field.text == "ab" && edits == 2)
        #expect(delegate.log == ["began", "change 0 \"a\"", "change 1 \"x\"", "change 1 \"b\"", "return", "ended"])
        #expect(!field.isFirstResponder)
    }

    @Test func aTappedTextViewTakesLinesOfText() {
        final class Counter: UITextViewDelegate {
            var changes = 0
            func textViewDidChange(_ textView: UITextView) { self.changes += 1 }
        }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let view = UITextView(frame: CGRect(x: 10, y: 10, width: 200, height: 100))
        let counter = Counter()
        view.delegate = counter
        window.addSubview(view)
        window.touch(at: CGPoint(x: 50, y: 50))
        #expect(view.isFirstResponder)
        #expect(window.type("two\nlines"))
        #expect(view.text == "two\nlines" && counter.changes == 1)
        #expect(ScreenCapture.items(in: window).first?.value == "two\nlines")
        view.isEditable = false
        view.resignFirstResponder()
        window.touch(at: CGPoint(x: 50, y: 50))
        #expect(!view.isFirstResponder, "a read-only text view takes no focus")
        #expect(view.sizeThatFits(CGSize(width: 200, height: 0)).height > 40, "two lines and the insets")
    }

    @Test func aTappedDatePickerTakesATypedValueWithinItsRange() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let picker = UIDatePicker(frame: CGRect(x: 10, y: 10, width: 200, height: 34))
        picker.datePickerMode = .date
        picker.timeZone = TimeZone(identifier: "UTC")
        let formatter = ISO8601DateFormatter()
        picker.minimumDate = try #require(formatter.date(from: "2026-12-01T00:00:00Z"))
        picker.maximumDate = try #require(formatter.date(from: "2026-12-31T00:00:00Z"))
        picker.date = picker.minimumDate!
        var changes: [String] = []
        picker.addAction(UIAction { _ in changes.append(picker.text) }, for: .valueChanged)
        window.addSubview(picker)
        window.touch(at: CGPoint(x: 50, y: 20))
        #expect(window.type("2026-12-24"))
        #expect(window.type("31 February"), "not a date: logged, nothing changes")
        #expect(window.type("2027-06-01"))
        #expect(changes == ["2026-12-24", "2026-12-31"], "past the maximum: the maximum")
        #expect(ScreenCapture.items(in: window).first?.value == "2026-12-31")
    }
}
