// Connect Four for a conversation, written by following docs/porting-from-ios.md: the bubble
// is the board, drawn at run time with UIGraphicsImageRenderer, UIColor and UIBezierPath as
// the iOS board games draw theirs, and the screen is a `setView` of that board and a button
// per column.
//
// msghostd starts this program (config/apps/connectfour.yaml).
import MessagesSDK

MSExtensionMain.run { GameViewController() }
