import Foundation
import MsgHostProtocol

/// `UIDatePicker.Mode`: what a date picker element picks.
public enum MSDatePickerMode: Sendable {
    case date, time, dateAndTime

    var wire: ViewDateMode {
        switch self {
        case .date: .date
        case .time: .time
        case .dateAndTime: .dateAndTime
        }
    }

    /// The wire's wall-clock string of `date` in the current time zone (UIDatePicker's).
    func string(_ date: Date) -> String {
        let c = Calendar.pickers.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let day = String(format: "%04d-%02d-%02d", c.year ?? 1, c.month ?? 1, c.day ?? 1)
        let time = String(format: "%02d:%02d", c.hour ?? 0, c.minute ?? 0)
        switch self {
        case .date: return day
        case .time: return time
        case .dateAndTime: return day + "T" + time
        }
    }
}

extension Calendar {
    /// Gregorian in the current time zone, as UIDatePicker's default.
    static var pickers: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        return calendar
    }
}

extension MSTouch {
    /// A toggle's state; nil when `id` is not a toggle's.
    public func isOn(_ id: String) -> Bool? {
        switch self.fields[id] {
        case "true": true
        case "false": false
        default: nil
        }
    }

    /// What a date picker's value says, as components: year, month, day for a date, hour and
    /// minute for a time, all five for both; nil when unset or not a date picker's.
    public func dateComponents(_ id: String) -> DateComponents? {
        guard let text = self.fields[id] else { return nil }
        for mode in ViewDateMode.allCases {
            guard let value = mode.parse(text) else { continue }
            switch mode {
            case .date: return DateComponents(year: value.year, month: value.month, day: value.day)
            case .time: return DateComponents(hour: value.hour, minute: value.minute)
            case .dateAndTime:
                return DateComponents(
                    year: value.year, month: value.month, day: value.day, hour: value.hour, minute: value.minute)
            }
        }
        return nil
    }

    /// A date picker's value as a `Date` in the current time zone, as UIDatePicker's `date`:
    /// a date at its start, a time on today's date; nil when unset or not a date picker's.
    public func date(_ id: String, now: Date = Date()) -> Date? {
        guard var components = self.dateComponents(id) else { return nil }
        if components.year == nil {
            let today = Calendar.pickers.dateComponents([.year, .month, .day], from: now)
            (components.year, components.month, components.day) = (today.year, today.month, today.day)
        }
        return Calendar.pickers.date(from: components)
    }
}
