import Foundation

/// A time the daemon gives (milliseconds since 1970, UTC) as a person reads it: ISO 8601 in the
/// machine's time zone, to the millisecond (`2026-12-02T05:14:09.512+01:00`).
public enum LocalTime {
    public static func iso8601(milliseconds: Int64, in zone: TimeZone = .current) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = zone
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }
}
