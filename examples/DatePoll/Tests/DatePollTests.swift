import Foundation
import MessagesSDK
import Testing

@testable import DatePollExtension

/// The poll's rules, its URL form, and the screens it draws with the view's inputs.
@Suite struct DatePollTests {
    @Test func daysAreKeptSortedUniqueAndAtMostEight() {
        var poll = DatePoll()
        #expect(poll.add("2026-12-24") && poll.add("2026-12-20") && !poll.add("2026-12-24") && !poll.add("24/12/2026"))
        #expect(poll.dates == ["2026-12-20", "2026-12-24"])
        for day in 1...10 { poll.add(String(format: "2027-01-%02d", day)) }
        #expect(poll.dates.count == DatePoll.maximumDates)
    }

    @Test func votesKeepThePollsDaysAndOneUnlessSeveralAreAllowed() {
        var poll = DatePoll(occasion: .lunch, dates: ["2026-12-20", "2026-12-24"])
        poll.vote("A", for: ["2026-12-20", "2026-12-24", "2030-01-01"])
        poll.vote("B", for: ["2026-12-24"])
        #expect(poll.votes(for: "2026-12-24") == 2 && poll.leaders == ["2026-12-24"])
        poll.allowsSeveral = false
        poll.vote("C", for: ["2026-12-20", "2026-12-24"])
        #expect(poll.choice(of: "C") == ["2026-12-20"])
        poll.remove("2026-12-24")
        #expect(poll.choice(of: "B").isEmpty && poll.leaders == ["2026-12-20"])
    }

    @Test func theURLCarriesTheWholePoll() throws {
        var poll = DatePoll(occasion: .drinks, dates: ["2026-12-20", "2026-12-24"], allowsSeveral: false)
        poll.vote("5A1B", for: ["2026-12-24"])
        let message = MSMessage()
        message.url = poll.url
        #expect(DatePoll(message: message) == poll)
        message.url = URL(string: "https://datepoll.example/?nothing=1")
        #expect(DatePoll(message: message) == nil)
        #expect(DatePoll.spoken("2026-12-24") == "Thu 24 Dec")
    }

    @MainActor
    @Test func theCreateScreenHasAChoiceADatePickerAndAToggle() {
        let elements = PollScreen.create(DatePoll(occasion: .lunch, dates: ["2026-12-24"])).elements
        #expect(
            elements.contains(
                .choice(
                    id: "occasion",
                    options: [
                        MSViewOption(id: "lunch", title: "Lunch"), MSViewOption(id: "dinner", title: "Dinner"),
                        MSViewOption(id: "drinks", title: "Drinks"),
                    ], selected: "lunch")))
        #expect(elements.contains(.row([.datePicker(id: "day", title: "Day"), .button(id: "add", title: "Add day")])))
        #expect(elements.contains(.toggle(id: "several", title: "People may pick several days", isOn: true)))
        #expect(elements.last == .button(id: "send", title: "Send poll"))
        #expect(
            PollScreen.create(DatePoll()).elements.last == .button(id: "send", title: "Send poll", isEnabled: false))
    }

    @Test func aVoteIsAToggleADayOrOnePickerForOneDay() {
        var poll = DatePoll(occasion: .dinner, dates: ["2026-12-20", "2026-12-24"])
        poll.vote("me", for: ["2026-12-24"])
        let several = PollScreen.vote(poll, voter: "me").elements
        #expect(several.contains(.toggle(id: "vote-2026-12-24", title: "Thu 24 Dec (1)", isOn: true)))
        #expect(several.contains(.toggle(id: "vote-2026-12-20", title: "Sun 20 Dec (0)", isOn: false)))
        poll.allowsSeveral = false
        let one = PollScreen.vote(poll, voter: "me").elements
        #expect(
            one.contains(
                .choice(
                    id: "vote-day",
                    options: [
                        MSViewOption(id: "2026-12-20", title: "Sun 20 Dec (0)"),
                        MSViewOption(id: "2026-12-24", title: "Thu 24 Dec (1)"),
                    ],
                    selected: "2026-12-24", style: .picker)))
    }

    @Test func theBubbleImageIsDrawnWithTheSDK() {
        var poll = DatePoll(occasion: .dinner, dates: ["2026-12-20", "2026-12-24"])
        poll.vote("me", for: ["2026-12-24"])
        let image = PollImage.render(poll)
        #expect(image.size == PollImage.size && image.scale == 2)
        #expect((image.pngData()?.count ?? 0) > 1_000)
    }
}
