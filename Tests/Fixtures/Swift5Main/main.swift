// The porting guide's main.swift, built in the Swift 5 language mode that its §11 recommends
// for older apps: that it builds at all is the test (Package.swift, target Swift5Main).
import MessagesSDK

final class MessagesViewController: MSMessagesAppViewController {}

MSExtensionMain.run { MessagesViewController() }
