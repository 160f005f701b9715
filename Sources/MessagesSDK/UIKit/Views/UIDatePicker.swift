import Foundation

/// `UIDatePicker`: a date, a time or both, in the compact style — its value drawn in a box. A
/// tap makes it the first responder, and what is typed then (`2026-12-24`, `18:30`,
/// `2026-12-24T18:30` by its mode, the formats of the declared view's date input) picks the
/// value, kept within the minimum and maximum, with `valueChanged`. A value it cannot read is
/// logged and changes nothing.
@preconcurrency @MainActor
open class UIDatePicker: UIControl {
    public enum Mode: Int, Sendable { case time, date, dateAndTime, countDownTimer }
    public enum Style: Int, Sendable { case automatic, wheels, compact, inline }

    open var datePickerMode = Mode.dateAndTime { didSet { self.setNeedsDisplay() } }
    open var preferredDatePickerStyle = Style.automatic
    open var datePickerStyle: Style { .compact }
    open var date = Date() { didSet { self.setNeedsDisplay() } }
    open var minimumDate: Date?
    open var maximumDate: Date?
    open var minuteInterval = 1
    open var countDownDuration: TimeInterval = 0
    open var timeZone: TimeZone?
    open var locale: Locale?

    open func setDate(_ date: Date, animated: Bool) { self.date = self.clamped(date) }

    private func clamped(_ date: Date) -> Date {
        var date = date
        if let minimum = self.minimumDate, date < minimum { date = minimum }
        if let maximum = self.maximumDate, date > maximum { date = maximum }
        return date
    }

    /// The mode's wall-clock format, in the picker's time zone (the device's by default).
    private var format: DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = self.timeZone ?? TimeZone.current
        formatter.dateFormat =
            switch self.datePickerMode {
            case .date: "yyyy-MM-dd"
            case .time, .countDownTimer: "HH:mm"
            case .dateAndTime: "yyyy-MM-dd'T'HH:mm"
            }
        return formatter
    }

    /// The value as the screen lists it, in the mode's format.
    var text: String { self.format.string(from: self.date) }

    open override var canBecomeFirstResponder: Bool { self.isEnabled }

    override func tapChangesValue(at point: CGPoint) -> Bool {
        self.becomeFirstResponder()
        return false
    }

    /// Typed text, read in the mode's format; a time keeps the date's day.
    func typed(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard var picked = self.format.date(from: trimmed) else {
            return HostConnection.log(
                "UIDatePicker: \"\(trimmed.prefix(40))\" is not a \(self.format.dateFormat ?? "") value; the date stays \(self.text)"
            )
        }
        if self.datePickerMode == .time || self.datePickerMode == .countDownTimer {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = self.timeZone ?? TimeZone.current
            let time = calendar.dateComponents([.hour, .minute], from: picked)
            picked =
                calendar.date(bySettingHour: time.hour ?? 0, minute: time.minute ?? 0, second: 0, of: self.date)
                ?? picked
        }
        let value = self.clamped(picked)
        guard value != self.date else { return }
        self.date = value
        self.sendActions(for: .valueChanged)
    }

    open override var intrinsicContentSize: CGSize {
        let size = NSAttributedString(string: self.text, attributes: [.font: UIFont.systemFont(ofSize: 17)]).size()
        return CGSize(width: (size.width + 24).rounded(.up), height: 34)
    }

    open override func draw(_ rect: CGRect) {
        UIColor.systemGray6.setFill()
        UIBezierPath(roundedRect: self.bounds, cornerRadius: 6).fill()
        let text = NSAttributedString(
            string: self.text,
            attributes: [
                .font: UIFont.systemFont(ofSize: 17),
                .foregroundColor: self.isEnabled ? UIColor.label : UIColor.systemGray,
            ])
        let size = text.size()
        text.draw(at: CGPoint(x: self.bounds.midX - size.width / 2, y: self.bounds.midY - size.height / 2))
    }
}
