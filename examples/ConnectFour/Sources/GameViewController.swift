import Foundation
import MessagesSDK

/// The game's screens (docs/porting-from-ios.md: a storyboard's scenes as an enum).
enum GameScreen: Equatable {
    /// Compact: start a game.
    case start
    /// Expanded on a game's bubble (or a new one): the board and a drop button per column,
    /// enabled when it is the local participant's turn and the column has room.
    case board(Board, canPlay: Bool)

    @MainActor
    var elements: [MSViewElement] {
        switch self {
        case .start:
            return [.text("Connect Four", style: .title), .button(id: "new", title: "New game")]
        case .board(let board, let canPlay):
            let image = BoardImage.render(board, scale: 1).pngData() ?? Data()
            let status =
                board.winner.map { "\($0.name) wins!" }
                ?? (board.isFull
                    ? "A draw."
                    : canPlay
                        ? "Your move: drop a \(board.next.name.lowercased()) disc" : "Waiting for the other player")
            return [
                .text(status, style: .headline),
                .image(
                    image, accessibilityLabel: "the board", width: Int(BoardImage.size.width),
                    height: Int(BoardImage.size.height)),
                .row(
                    (0..<Board.columns).map { column in
                        .button(
                            id: "drop-\(column)", title: "↓\(column + 1)",
                            isEnabled: canPlay && board.canDrop(in: column))
                    }),
            ]
        }
    }
}

/// Each move is a bubble in the game's session; its URL carries the board and who played
/// last, so the same person cannot move twice in a row.
final class GameViewController: MSMessagesAppViewController {
    private(set) var screen: GameScreen = .start {
        didSet { self.setView(self.screen.elements) }
    }

    override func willBecomeActive(with conversation: MSConversation) {
        super.willBecomeActive(with: conversation)
        self.present(conversation, style: self.presentationStyle)
    }

    override func willTransition(to presentationStyle: MSMessagesAppPresentationStyle) {
        if let conversation = self.activeConversation { self.present(conversation, style: presentationStyle) }
    }

    override func didSelect(_ message: MSMessage, conversation: MSConversation) {
        self.present(conversation, style: .expanded)
    }

    static func game(in message: MSMessage?) -> (board: Board, lastPlayer: String?)? {
        guard let url = message?.url, let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems,
            let board = items.first(where: { $0.name == "board" })?.value.flatMap(Board.init(encoded:))
        else { return nil }
        return (board, items.first { $0.name == "last" }?.value)
    }

    private func present(_ conversation: MSConversation, style: MSMessagesAppPresentationStyle) {
        let me = conversation.localParticipantIdentifier.uuidString
        if let game = Self.game(in: conversation.selectedMessage) {
            self.screen = .board(game.board, canPlay: game.lastPlayer != me)
        } else {
            self.screen = style == .expanded ? .board(Board(), canPlay: true) : .start
        }
    }

    override func didReceiveTouch(_ touch: MSTouch) {
        guard let button = touch.button else { return super.didReceiveTouch(touch) }
        switch self.screen {
        case .start where button == "new":
            self.requestPresentationStyle(.expanded)
        case .board(var board, true) where button.hasPrefix("drop-"):
            guard let column = Int(button.dropFirst("drop-".count)), board.drop(in: column) != nil else { return }
            self.send(board)
        default:
            break
        }
    }

    private func send(_ board: Board) {
        guard let conversation = self.activeConversation else { return }
        let me = conversation.localParticipantIdentifier
        var components = URLComponents()
        (components.scheme, components.host, components.path) = ("https", "connectfour.example", "/")
        components.queryItems = [
            URLQueryItem(name: "board", value: board.encoded), URLQueryItem(name: "last", value: me.uuidString),
        ]
        let layout = MSMessageTemplateLayout()
        layout.image = BoardImage.render(board)
        layout.caption = board.winner.map { "\($0.name) wins!" } ?? (board.isFull ? "A draw" : "Your move")
        let message = MSMessage(session: self.activeConversation?.selectedMessage?.session ?? MSSession())
        message.url = components.url
        message.layout = layout
        message.summaryText = "$\(me) played"
        conversation.insert(message) { error in
            if let error { print("insert failed: \(error)") }
        }
        self.dismiss()
    }
}
