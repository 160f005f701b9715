import MsgHostControl
import MsgHostProtocol

/// What one device shows of one conversation, read through the control API: the newest
/// transcript entries, the input field, the app open on the device with its view, and the
/// images its entries show.
public struct DeviceScreen: Sendable, Equatable {
    public var device: String
    /// The device's owner, by display name (nil if the world does not name them).
    public var owner: String?
    public var conversation: String
    public var transcript: TranscriptResult?
    public var inputField: InputFieldResult?
    /// Why the input field could not be read (a former member's device has none).
    public var inputFieldNote: String?
    public var view: ViewResult?
    /// The images the transcript's entries and the staged item show, in the order they appear
    /// (each once), as far as the daemon gave them.
    public var images: [ScreenImage]

    public init(
        device: String, owner: String?, conversation: String, transcript: TranscriptResult?,
        inputField: InputFieldResult?,
        inputFieldNote: String? = nil, view: ViewResult?, images: [ScreenImage] = []
    ) {
        self.device = device
        self.owner = owner
        self.conversation = conversation
        self.transcript = transcript
        self.inputField = inputField
        self.inputFieldNote = inputFieldNote
        self.view = view
        self.images = images
    }

    /// The entries shown, oldest first, then the staged item.
    public var entries: [TranscriptEntryValue] {
        (self.transcript?.entries ?? []) + (self.inputField?.staged.map { [$0] } ?? [])
    }
}
