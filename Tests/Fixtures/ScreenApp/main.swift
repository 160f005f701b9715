import MessagesSDK

/// A view that follows the raw touches of a drag (`touchesBegan`, `touchesMoved`,
/// `touchesEnded`) and says what it heard in its accessibility label, so that the screen's
/// items show it: "Board: began 10,10, 5 moves, ended 220,70".
final class Board: UIView {
    private var began = CGPoint.zero
    private var moves = 0

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        (self.began, self.moves) = (touch.location(in: self), 0)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { self.moves += 1 }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        let ended = touch.location(in: self)
        self.accessibilityLabel =
            "Board: began \(Int(self.began.x)),\(Int(self.began.y)), \(self.moves) moves, ended \(Int(ended.x)),\(Int(ended.y))"
        self.setNeedsDisplay()
    }
}

/// A fixture iMessage app whose screen is UIKit views, as iOS apps build it, and no `setView`:
/// a label, a segmented control of flavours, a text field for a note, and two buttons — Send
/// sends the flavour and the note, Send twice sends two messages on one tap (the second is
/// refused `sendWithoutRecentInteraction`) — then a board that hears a drag's raw touches and
/// a piece that a pan gesture moves, which sends where it was dropped (one send a drag), and
/// Later, whose `Timer` sets the title a moment after the tap (the main run loop fires it),
/// and Close, which dismisses the app and changes its title on the way out.
/// Tests/IntegrationTests/ScreenTests.swift taps and drags it.
final class ScreenViewController: MSMessagesAppViewController {
    let title_ = UILabel(frame: CGRect(x: 16, y: 12, width: 358, height: 24))
    let flavours = UISegmentedControl(items: ["Vanilla", "Chocolate"])
    let note = UITextField(frame: CGRect(x: 16, y: 96, width: 358, height: 34))
    lazy var send = UIButton(primaryAction: UIAction(title: "Send") { [unowned self] _ in self.sendMessages(1) })
    lazy var sendTwice = UIButton(
        primaryAction: UIAction(title: "Send twice") { [unowned self] _ in self.sendMessages(2) })
    let board = Board(frame: CGRect(x: 16, y: 200, width: 240, height: 80))
    let piece = UIView(frame: CGRect(x: 300, y: 200, width: 60, height: 60))
    lazy var later = UIButton(
        primaryAction: UIAction(title: "Later") { [unowned self] _ in
            Timer.scheduledTimer(withTimeInterval: 0.05, repeats: false) { _ in
                MainActor.assumeIsolated { self.title_.text = "The timer fired" }
            }
        })

    lazy var close = UIButton(
        primaryAction: UIAction(title: "Close") { [unowned self] _ in
            self.title_.text = "Closing"
            self.dismiss()
            DispatchQueue.main.async { self.title_.text = "Closed" }
        })

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
        self.board.backgroundColor = .systemGray5
        (self.board.isAccessibilityElement, self.board.accessibilityLabel) = (true, "Board")
        self.piece.backgroundColor = .systemRed
        (self.piece.isAccessibilityElement, self.piece.accessibilityLabel) = (true, "Piece")
        self.later.frame = CGRect(x: 300, y: 146, width: 74, height: 44)
        self.close.frame = CGRect(x: 258, y: 200, width: 40, height: 44)
        self.piece.addGestureRecognizer(
            UIPanGestureRecognizer { [unowned self] recognizer in self.panned(recognizer as! UIPanGestureRecognizer) })
        for subview in [
            self.title_, self.flavours, self.note, self.send, self.sendTwice, self.board, self.piece, self.later,
            self.close,
        ] as [UIView] { self.view.addSubview(subview) }
    }

    /// The piece follows the finger; dropped, it sends where it is.
    private func panned(_ pan: UIPanGestureRecognizer) {
        let moved = pan.translation(in: self.view)
        self.piece.center = CGPoint(x: self.piece.center.x + moved.x, y: self.piece.center.y + moved.y)
        pan.setTranslation(.zero, in: self.view)
        guard pan.state == .ended else { return }
        let layout = MSMessageTemplateLayout()
        layout.caption = "Piece dropped at \(Int(self.piece.center.x)),\(Int(self.piece.center.y))"
        let message = MSMessage()
        message.layout = layout
        self.activeConversation?.send(message) { error in
            if let error { print("send refused: \(error)") }
        }
        self.title_.text = "Dropped at \(Int(self.piece.center.x)),\(Int(self.piece.center.y))"
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
