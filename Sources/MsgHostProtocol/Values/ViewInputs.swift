/// The values of a view's inputs that are not text (PROTOCOL.md §4.9): a choice's options and
/// style, a date input's mode and the strings its dates travel as. A front end sends every
/// input's value to `activate` as a string in `fields`, as a text field's text: a choice its
/// option's `id`, a toggle `"true"` or `"false"`, a date input its date in its mode's format.

/// One option of a `choice` element: `id` is what is delivered, `title` what is shown.
public struct ViewOption: Codable, Hashable, Sendable {
    public var id: String
    public var title: String
    public init(id: String, title: String) {
        self.id = id
        self.title = title
    }

    private enum CodingKeys: String, CodingKey { case id, title }

    public init(from decoder: any Decoder) throws {
        try ViewElement.refuseUnknownKeys(in: decoder, known: ["id", "title"], what: "an option")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.id = try container.decode(String.self, forKey: .id)
        self.title = try container.decode(String.self, forKey: .title)
    }
}

/// How a choice is drawn: UIKit's `UISegmentedControl` (a few options side by side) or
/// `UIPickerView` (a list); `segmented` when none is given.
public enum ViewChoiceStyle: String, Codable, Hashable, Sendable, CaseIterable {
    case segmented, picker
}

/// `UIDatePicker.Mode`: what a date input picks, and the format its values travel in:
/// `date` `YYYY-MM-DD`, `time` `HH:MM` (24-hour), `dateAndTime` `YYYY-MM-DDTHH:MM`. These are
/// wall-clock values without a time zone, as a person picks them; `date` when none is given.
public enum ViewDateMode: String, Codable, Hashable, Sendable, CaseIterable {
    case date, time, dateAndTime

    /// The format, for error messages.
    public var format: String {
        switch self {
        case .date: "YYYY-MM-DD"
        case .time: "HH:MM"
        case .dateAndTime: "YYYY-MM-DDTHH:MM"
        }
    }

    /// `text` read in this mode, or nil when it is not a valid value of it (a wrong shape, a
    /// month 13, a 30 February, an hour 24).
    public func parse(_ text: String) -> ViewDateValue? {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count, range.allSatisfy({ (0x30...0x39).contains(bytes[$0]) }) else {
                return nil
            }
            return range.reduce(0) { $0 * 10 + Int(bytes[$1] - 0x30) }
        }
        func date(at start: Int) -> (Int, Int, Int)? {
            guard bytes.count >= start + 10, bytes[start + 4] == 0x2D, bytes[start + 7] == 0x2D,
                let year = number(start..<(start + 4)), let month = number((start + 5)..<(start + 7)),
                let day = number((start + 8)..<(start + 10)),
                year >= 1, (1...12).contains(month), (1...ViewDateValue.days(in: month, of: year)).contains(day)
            else { return nil }
            return (year, month, day)
        }
        func time(at start: Int) -> (Int, Int)? {
            guard bytes.count >= start + 5, bytes[start + 2] == 0x3A,
                let hour = number(start..<(start + 2)), let minute = number((start + 3)..<(start + 5)), hour < 24,
                minute < 60
            else { return nil }
            return (hour, minute)
        }
        switch self {
        case .date:
            guard bytes.count == 10, let (y, m, d) = date(at: 0) else { return nil }
            return ViewDateValue(year: y, month: m, day: d, hour: 0, minute: 0)
        case .time:
            guard bytes.count == 5, let (h, min) = time(at: 0) else { return nil }
            return ViewDateValue(year: 0, month: 0, day: 0, hour: h, minute: min)
        case .dateAndTime:
            guard bytes.count == 16, bytes[10] == 0x54, let (y, m, d) = date(at: 0), let (h, min) = time(at: 11) else {
                return nil
            }
            return ViewDateValue(year: y, month: m, day: d, hour: h, minute: min)
        }
    }
}

/// A date input's value, comparable in time order within one mode (a `time` has no day).
public struct ViewDateValue: Hashable, Comparable, Sendable {
    public var year: Int, month: Int, day: Int, hour: Int, minute: Int

    public static func < (lhs: ViewDateValue, rhs: ViewDateValue) -> Bool {
        (lhs.year, lhs.month, lhs.day, lhs.hour, lhs.minute) < (rhs.year, rhs.month, rhs.day, rhs.hour, rhs.minute)
    }

    /// Days in a month of the proleptic Gregorian calendar.
    static func days(in month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
