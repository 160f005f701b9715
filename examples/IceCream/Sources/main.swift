// The Ice Cream builder of WWDC 2016 session 224 ("iMessage Apps and Stickers, Part 2"),
// ported from Apple's IceCreamBuilder sample to MessagesSDK: the model, the controller and
// its child view controllers, their collection views and Auto Layout keep their shape.
//
// msghostd starts this program (config/apps/icecream.yaml) with the launch environment;
// `run` connects, says hello and calls MessagesViewController on the main thread.
import MessagesSDK

MSExtensionMain.run { MessagesViewController() }
