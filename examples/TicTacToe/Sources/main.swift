// Tic-Tac-Toe: a turn-based iMessage game written for docs/porting-from-ios.md by following
// it step by step. Each game is an MSSession; each move a message with a live layout.
//
// msghostd starts this program (examples/TicTacToe/msghost/apps/tictactoe.yaml, or a test's
// manifest) with the launch environment; `run` connects and calls the view controller.
import MessagesSDK

MSExtensionMain.run { TicTacToeViewController() }
