import MsgHostCore
import MsgHostProtocol

/// Something that happened to the host, as the shell hands it to the machine: what the driver
/// runs, answers, or runs again when what it changed cannot be stored (`HostDriver.notStored`).
public enum HostEvent: Sendable {
    /// Frames from an extension connection, as the codec read them when they were drained
    /// (read once: a second reading would find its header id already seen).
    case extensionMessage(route: [UInt8], frames: [[UInt8]], ExtensionInbound)
    /// A control client's message, as the control codec read it.
    case controlMessage(client: [UInt8], ControlInbound)
    case timer(TimerID)
    case filesInspected(token: Int, results: [FileCheckResult])
    case processStarted(launchID: String, pid: Int)
    case processExited(launchID: String, status: String)
    case memoryMeasured(launchID: String, bytes: Int)
    case messagesUndeliverable(route: [UInt8], count: Int, reason: String)
    case clientKeyRefused(socket: String, key: String, address: String)
    case shutdown
    case restored
}
