import Foundation
import MessagesSDK

/// The app's one controller: it shows a `PollScreen` and turns the person's touches (a
/// button, with every input's value in `fields`) into changes of the poll, each sent as a
/// bubble in the poll's session, so the conversation keeps only the newest.
final class PollViewController: MSMessagesAppViewController {
    private(set) var screen: PollScreen = .start {
        didSet { self.setView(self.screen.elements) }
    }

    override func willBecomeActive(with conversation: MSConversation) {
        super.willBecomeActive(with: conversation)
        self.present(for: conversation, style: self.presentationStyle)
    }

    override func willTransition(to presentationStyle: MSMessagesAppPresentationStyle) {
        guard let conversation = self.activeConversation else { return }
        self.present(for: conversation, style: presentationStyle)
    }

    override func didSelect(_ message: MSMessage, conversation: MSConversation) {
        self.present(for: conversation, style: .expanded)
    }

    private func present(for conversation: MSConversation, style: MSMessagesAppPresentationStyle) {
        if let poll = DatePoll(message: conversation.selectedMessage) {
            self.screen = .vote(poll, voter: conversation.localParticipantIdentifier.uuidString)
        } else if style == .expanded {
            if case .create = self.screen { return }
            self.screen = .create(DatePoll())
        } else {
            self.screen = .start
        }
    }

    override func didReceiveTouch(_ touch: MSTouch) {
        switch (self.screen, touch.button) {
        case (.start, "new"?):
            self.requestPresentationStyle(.expanded)
        case (.create(var poll), let button?):
            // Every button carries the inputs' values: keep them whichever was pressed.
            poll.occasion = touch.fields["occasion"].flatMap(Occasion.init(rawValue:)) ?? poll.occasion
            poll.allowsSeveral = touch.isOn("several") ?? poll.allowsSeveral
            if button == "add", let day = touch.fields["day"], !day.isEmpty {
                poll.add(day)
            } else if button.hasPrefix("remove-") {
                poll.remove(String(button.dropFirst("remove-".count)))
            } else if button == "send" {
                return self.send(poll, caption: "Let's meet for \(poll.occasion.rawValue)", session: nil)
            }
            self.screen = .create(poll)
        case (.vote(var poll, let voter), "vote"?):
            let chosen =
                poll.allowsSeveral
                ? Set(poll.dates.filter { touch.isOn("vote-\($0)") == true })
                : Set([touch.fields["vote-day"] ?? ""])
            poll.vote(voter, for: chosen)
            self.send(poll, caption: "I voted", session: self.activeConversation?.selectedMessage?.session)
        default:
            super.didReceiveTouch(touch)
        }
    }

    private func send(_ poll: DatePoll, caption: String, session: MSSession?) {
        guard let conversation = self.activeConversation else { return }
        let layout = MSMessageTemplateLayout()
        layout.image = PollImage.render(poll)
        layout.caption = caption
        layout.subcaption =
            poll.leaders.isEmpty
            ? "\(poll.dates.count) days to choose from"
            : "Leading: " + poll.leaders.map(DatePoll.spoken).joined(separator: ", ")
        let message = MSMessage(session: session ?? MSSession())
        message.url = poll.url
        message.layout = layout
        message.summaryText = "$\(conversation.localParticipantIdentifier) voted on the \(poll.occasion.rawValue) poll"
        conversation.insert(message) { error in
            if let error { print("insert failed: \(error)") }
        }
        self.dismiss()
    }
}
