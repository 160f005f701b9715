import MessagesSDK

/// A fixture iMessage app whose screen is UIKit views, as iOS apps build it, and no `setView`:
/// a label, a segmented control of flavours, a text field for a note, and two buttons — Send
/// sends the flavour and the note, Send twice sends two messages on one tap (the second is
/// refused `sendWithoutRecentInteraction`). Tests/IntegrationTests/ScreenTests.swift taps it.
final class ScreenViewController: MSMessagesAppViewController {
    let title_ = UILabel(frame: CGRect(x: 16, y: 12, width: 358, height: 24))
    let flavours = UISegmentedControl(items: ["Vanilla", "Chocolate"])
    let note = UITextField(frame: CGRect(x: 16, y: 96, width: 358, height: 34))
    lazy var send = UIButton(primaryAction: UIAction(title: "Send") { [unowned self] _ in self.sendMessages(1) })
    lazy var sendTwice = UIButton(primaryAction: UIAction(title: "Send twice") { [unowned self] _ in self.sendMessages(2) })

    override func viewDidLoad() {
        super.viewDidLoad()
        self.view.backgroundColor = .systemBackground
        self.title_.text = "Choose a flavour"
        self.title_.font = UIFont.boldSystemFont(ofSize: 17)
        self.flavours.frame = CGRect(x: 16, y: 48, width: 358, height: 32)
        self.flavours.selectedSegmentIndex = 0
        self.note.placeholder = "A note"
        self.note.borderStyle = .roundedRect
        self.send.frame = CGRect(x: 16, y: 146, width: 120, height: 44)
        self.sendTwice.frame = CGRect(x: 150, y: 146, width: 140, height: 44)
        for subview in [self.title_, self.flavours, self.note, self.send, self.sendTwice] as [UIView] { self.view.addSubview(subview) }
    }

    private func sendMessages(_ count: Int) {
        let flavour = self.flavours.titleForSegment(at: self.flavours.selectedSegmentIndex) ?? "?"
        let note = self.note.text ?? ""
        for _ in 0..<count {
            let layout = MSMessageTemplateLayout()
            layout.caption = note.isEmpty ? flavour : "\(flavour) · \(note)"
            let message = MSMessage()
            message.layout = layout
            self.activeConversation?.send(message) { error in
                if let error { print("send refused: \(error)") }
            }
        }
        self.title_.text = "Sent \(flavour)"
    }
}

MSExtensionMain.run { ScreenViewController() }
