// Date Poll: a group picks the day to meet, as the calendar-poll iMessage apps do, written by
// following docs/porting-from-ios.md: a `Screen` enum and `setView` in place of storyboard
// scenes, a choice, a toggle and a date picker in place of UISegmentedControl, UISwitch and
// UIDatePicker, and the bubble's image drawn with UIGraphicsImageRenderer.
//
// msghostd starts this program (config/apps/datepoll.yaml); `run` connects and calls
// PollViewController on the main thread.
import MessagesSDK

MSExtensionMain.run { PollViewController() }
