/// The control endpoint's commands: the header `type` of a control request (PROTOCOL.md §7).
public enum ControlCommand: String, Codable, Hashable, Sendable, CaseIterable {
    case status, world
    case createPerson, createDevice, createConversation
    case installApp, uninstallApp, participants
    case open, close, touch
    case tap, chevron, show
    case typeText, send, cancel, inputField
    case delivery, release
    case contact, keep
    case transcript, events
    case subscribe, settle, advanceClock, reset, memoryPressure
    case view, activate, tapScreen
    case wireTap, metrics, file, held
    case addMember, removeMember
    case stickers, chooseSticker
    case openParentApp, closeParentApp, composeSheet, compose
    case startRecording, stopRecording, recording
}
