import Foundation
import MessagesSDK

/// What the group meets for: the poll's segmented control.
enum Occasion: String, CaseIterable, Equatable {
    case lunch, dinner, drinks
    var title: String { self.rawValue.prefix(1).uppercased() + self.rawValue.dropFirst() }
}

/// A date poll. As the iMessage calendar apps keep theirs, all of its state travels in the
/// message's URL (`?occasion=dinner&several=1&date=2026-12-24&vote=<id>:2026-12-24`), so
/// whoever taps the newest bubble sees every vote so far.
struct DatePoll: Equatable {
    static let maximumDates = 8

    var occasion: Occasion = .dinner
    /// Candidate days as `YYYY-MM-DD`, sorted.
    private(set) var dates: [String] = []
    /// Whether a person may pick several dates (else one).
    var allowsSeveral = true
    /// Each participant's chosen dates, by their participant identifier.
    private(set) var votes: [String: Set<String>] = [:]

    init(occasion: Occasion = .dinner, dates: [String] = [], allowsSeveral: Bool = true) {
        self.occasion = occasion
        self.allowsSeveral = allowsSeveral
        for date in dates { self.add(date) }
    }

    /// Adds a candidate day; false when it is already there, the poll is full, or it is not a day.
    @discardableResult
    mutating func add(_ date: String) -> Bool {
        guard Self.isDay(date), !self.dates.contains(date), self.dates.count < Self.maximumDates else { return false }
        self.dates.append(date)
        self.dates.sort()
        return true
    }

    mutating func remove(_ date: String) {
        self.dates.removeAll { $0 == date }
        for voter in self.votes.keys { self.votes[voter]?.remove(date) }
    }

    /// Records `voter`'s choice, keeping only the poll's dates (and one, unless several are allowed).
    mutating func vote(_ voter: String, for chosen: Set<String>) {
        var kept = chosen.intersection(self.dates)
        if !self.allowsSeveral, let first = kept.sorted().first { kept = [first] }
        self.votes[voter] = kept.isEmpty ? nil : kept
    }

    func votes(for date: String) -> Int { self.votes.values.filter { $0.contains(date) }.count }
    func choice(of voter: String) -> Set<String> { self.votes[voter] ?? [] }

    /// The days with the most votes, when anyone has voted.
    var leaders: [String] {
        let best = self.dates.map(self.votes(for:)).max() ?? 0
        return best == 0 ? [] : self.dates.filter { self.votes(for: $0) == best }
    }

    static func isDay(_ text: String) -> Bool {
        let parts = text.split(separator: "-")
        guard text.count == 10, parts.count == 3, let month = Int(parts[1]), let day = Int(parts[2]),
            Int(parts[0]) != nil
        else { return false }
        return (1...12).contains(month) && (1...31).contains(day)
    }

    /// "Thu 24 Dec", for buttons and captions (the Gregorian calendar, in UTC: a day is a day).
    static func spoken(_ date: String) -> String {
        let parser = DateFormatter()
        parser.locale = Locale(identifier: "en_US_POSIX")
        parser.timeZone = TimeZone(identifier: "UTC")
        parser.dateFormat = "yyyy-MM-dd"
        guard let day = parser.date(from: date) else { return date }
        parser.dateFormat = "EEE d MMM"
        return parser.string(from: day)
    }
}

extension DatePoll {
    var queryItems: [URLQueryItem] {
        [
            URLQueryItem(name: "occasion", value: self.occasion.rawValue),
            URLQueryItem(name: "several", value: self.allowsSeveral ? "1" : "0"),
        ]
            + self.dates.map { URLQueryItem(name: "date", value: $0) }
            + self.votes.keys.sorted().map {
                URLQueryItem(name: "vote", value: "\($0):\(self.votes[$0]!.sorted().joined(separator: ","))")
            }
    }

    var url: URL {
        var components = URLComponents()
        components.scheme = "https"
        components.host = "datepoll.example"
        components.path = "/"
        components.queryItems = self.queryItems
        return components.url!
    }

    /// The poll in a message's URL; nil for a message that carries none.
    init?(message: MSMessage?) {
        guard let url = message?.url, let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems,
            let occasion = items.first(where: { $0.name == "occasion" })?.value.flatMap(Occasion.init(rawValue:))
        else { return nil }
        self.init(
            occasion: occasion, dates: items.filter { $0.name == "date" }.compactMap(\.value),
            allowsSeveral: items.first { $0.name == "several" }?.value != "0")
        for item in items where item.name == "vote" {
            guard let value = item.value, let colon = value.firstIndex(of: ":") else { continue }
            self.vote(
                String(value[..<colon]),
                for: Set(value[value.index(after: colon)...].split(separator: ",").map(String.init)))
        }
    }
}
