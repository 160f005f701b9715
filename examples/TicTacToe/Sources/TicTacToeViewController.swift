import MessagesSDK

/// The game's `MSMessagesAppViewController`, written as an iOS one would be (guide §2), with
/// the two changes of a port: the board is a declared view whose cells are buttons (§3), and
/// what must outlive the process is in the container (§5).
///
/// | instance | what it does |
/// |---|---|
/// | compact, from the drawer | a new game's empty board; a cell's touch sends the first move |
/// | expanded, a bubble tapped | the newest board of that bubble's game (§9); a cell's touch sends the move |
/// | transcript (a live bubble) | remembers the board it draws, answers its size; no view |
final class TicTacToeViewController: MSMessagesAppViewController {
    /// The game on screen: the newest this install knows of the selected one, or a new one.
    private var game: Game?
    /// Why the last touch did nothing, or that the player's move lost a race.
    private var note: String?

    // MARK: Conversation handling

    override func willBecomeActive(with conversation: MSConversation) {
        super.willBecomeActive(with: conversation)
        self.present(conversation)
    }

    /// A bubble tapped while the app was already open (compact → expanded, or another bubble).
    override func didSelect(_ message: MSMessage, conversation: MSConversation) {
        self.present(conversation)
    }

    /// Another player's move arrived while the app is open: keep it, and show it if it is
    /// this game's newest board.
    override func didReceive(_ message: MSMessage, conversation: MSConversation) {
        guard let received = Game(message: message) else { return }
        let newest = GameStore.remember(received)
        if self.game?.board.game == newest.board.game {
            self.game = newest
            self.note = BoardView.lostRace(sent: GameStore.sent(newest.board.game), kept: newest.board)
            self.redraw()
        }
    }

    /// The move left (a direct send, or the user's Send after the fallback insert): it is now
    /// the board this install plays on; close, as a game does after a move.
    override func didStartSending(_ message: MSMessage, conversation: MSConversation) {
        guard let sent = Game(message: message) else { return }
        GameStore.remember(sent, sent: true)
        self.dismiss()
    }

    /// A live bubble: a square board, whatever the width offered.
    override func contentSizeThatFits(_ size: CGSize) -> CGSize {
        let side = min(size.width, size.height, 300)
        return CGSize(width: side, height: side)
    }

    private func present(_ conversation: MSConversation) {
        let shown = Game(message: conversation.selectedMessage)
        // A live bubble's instance has no view and cannot send: it only remembers its board.
        if self.presentationStyle == .transcript {
            if let shown { GameStore.remember(shown) }
            return
        }
        if let shown {
            let newest = GameStore.remember(shown)
            self.game = newest
            self.note = BoardView.lostRace(sent: GameStore.sent(newest.board.game), kept: newest.board)
        } else {
            self.game = Game.new(
                local: conversation.localParticipantIdentifier, remotes: conversation.remoteParticipantIdentifiers)
            self.note = nil
        }
        self.redraw()
    }

    private func redraw() {
        guard let game = self.game, let conversation = self.activeConversation else { return }
        self.setView(BoardView.elements(for: game, local: conversation.localParticipantIdentifier, note: self.note))
    }

    // MARK: Touches: the board's buttons

    /// A cell's button (`{"cell": N}`): the `@IBAction` of the iOS version.
    override func didReceiveTouch(_ touch: MSTouch) {
        // Any JSON may come (control `touch`): only a whole number 0…8 is a cell.
        guard case .object(let payload) = touch.payload, case .number(let number) = payload["cell"],
            let cell = Int(exactly: number),
            (0..<9).contains(cell)
        else { return }
        self.play(cell)
    }

    private func play(_ cell: Int) {
        guard let conversation = self.activeConversation, var game = self.game else { return }
        // Another install's move may have reached the container since (a live bubble, §9).
        if let kept = GameStore.newest(game.board.game), kept.board.isNewer(than: game.board) { game = kept }
        let local = conversation.localParticipantIdentifier
        guard let next = game.playing(cell, by: local) else {
            self.game = game
            self.note = game.canMove(local) ? "That square is taken." : "It is not your turn."
            return self.redraw()
        }
        let session = game.board.moves.isEmpty ? MSSession() : (conversation.selectedMessage?.session ?? MSSession())
        // One touch, one direct send (guide §8). Refused (the touch too old, the app no longer
        // visible): stage the same move in the input field instead, for the user's Send.
        conversation.send(next.message(session: session)) { error in
            guard let error = error as NSError?, error.domain == MSMessagesErrorDomain else { return }
            let retryable = [MSMessageErrorCode.sendWithoutRecentInteraction, .sendWhileNotVisible].map(\.rawValue)
            print("TicTacToe: the move was not sent (\(error.code) \(error.localizedDescription))")
            guard retryable.contains(error.code) else { return }
            conversation.insert(next.message(session: session)) { error in
                if let error { print("TicTacToe: the move was not staged either: \(error)") }
            }
        }
    }
}
