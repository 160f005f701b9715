/// What an event in the log (`events`, the event stream) reports. The wire carries the raw
/// value, so these names are part of the control protocol; clients read a record's kind as
/// this type (`EventRecord.eventKind`), so that the daemon and its tools name them alike.
public enum EventKind: String, Sendable, CaseIterable {
    // The user and the conversation.
    case opened, closed, touch, transition, staged, cancelled, sent, arrived, expired, openedURL, liveBubble
    /// The main instance's view (`setView`) changed, or was cleared as it resigned or its process ended.
    case viewChanged
    case sendRefused, requestRefused, callbackFailed, protocolError, connectionRefused
    /// Messages to an extension that its connection could not take: its queue is full (it is
    /// not reading) or it is gone. One event per connection and wake-up, with the count.
    case undeliverable
    // Extension processes.
    case launching, launched, connected, attached, launchTimedOut, launchFailed, unresponsive, memoryExceeded
    case terminating, terminated, crashed, quarantined, quarantineLifted
    /// Resident memory crossed the app's soft line: `didReceiveMemoryWarning` was sent.
    case memoryWarning
    // The daemon.
    case stopping
    /// A person was added to or removed from a conversation (`addMember`, `removeMember`).
    case memberAdded, memberRemoved
    /// A sticker drawer loaded (`stickers`): how many stickers it shows and leaves out.
    case stickerDrawer
    /// A parent app came to or left the foreground of a device (`openParentApp`,
    /// `closeParentApp`, its process ended); a compose sheet was presented, or finished
    /// (`name`: `sent`, `cancelled`, `failed`).
    case parentAppOpened, parentAppClosed, composePresented, composeFinished

    /// Events every touch and send makes several of (and `viewChanged`, which an app with a
    /// view may make on every touch): the shell logs them at debug, so that a
    /// busy daemon at the default level does not spend its time writing them (they are all in
    /// `events` and the event stream). Launches, exits, refusals and errors stay at info.
    public var isRoutine: Bool {
        switch self {
        case .touch, .sent, .arrived, .staged, .transition, .viewChanged: true
        default: false
        }
    }
}
