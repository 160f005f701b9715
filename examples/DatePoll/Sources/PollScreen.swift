import Foundation
import MessagesSDK

/// The poll's screens, as docs/porting-from-ios.md turns a storyboard's scenes into an enum:
/// each case is what one scene showed, and `elements` draws it with `setView`.
enum PollScreen: Equatable {
    /// Compact: what the app is, and a button to start a poll.
    case start
    /// Expanded, making a poll: its occasion, the days added so far, whether several may be picked.
    case create(DatePoll)
    /// Expanded on a poll's bubble: the local participant picks their days.
    case vote(DatePoll, voter: String)

    var elements: [MSViewElement] {
        switch self {
        case .start:
            return [
                .text("Date Poll", style: .title),
                .text("Find the day that suits everyone.", style: .caption),
                .button(id: "new", title: "New poll"),
            ]
        case .create(let poll):
            var elements: [MSViewElement] = [
                .text("When shall we meet?", style: .headline),
                .choice(
                    id: "occasion", options: Occasion.allCases.map { MSViewOption(id: $0.rawValue, title: $0.title) },
                    selected: poll.occasion.rawValue),
                .row([
                    .datePicker(id: "day", title: "Day"),
                    .button(id: "add", title: "Add day", isEnabled: poll.dates.count < DatePoll.maximumDates),
                ]),
            ]
            elements += poll.dates.map { date in
                .row([.text(DatePoll.spoken(date)), .button(id: "remove-\(date)", title: "Remove")])
            }
            elements += [
                .toggle(id: "several", title: "People may pick several days", isOn: poll.allowsSeveral),
                .button(id: "send", title: "Send poll", isEnabled: !poll.dates.isEmpty),
            ]
            return elements
        case .vote(let poll, let voter):
            let mine = poll.choice(of: voter)
            var elements: [MSViewElement] = [
                .text("\(poll.occasion.title): pick your day\(poll.allowsSeveral ? "s" : "")", style: .headline)
            ]
            if poll.allowsSeveral {
                elements += poll.dates.map { date in
                    .toggle(
                        id: "vote-\(date)", title: "\(DatePoll.spoken(date)) (\(poll.votes(for: date)))",
                        isOn: mine.contains(date))
                }
            } else {
                // One day each: a picker, as the apps that allow one answer use.
                let options = poll.dates.map {
                    MSViewOption(id: $0, title: "\(DatePoll.spoken($0)) (\(poll.votes(for: $0)))")
                }
                elements.append(.choice(id: "vote-day", options: options, selected: mine.first, style: .picker))
            }
            elements.append(.button(id: "vote", title: "Vote"))
            return elements
        }
    }
}
