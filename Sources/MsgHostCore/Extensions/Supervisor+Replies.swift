import HashTreeCollections
import MsgHostProtocol

/// Replies that answer the supervisor rather than a callback: the `terminate` notice (the
/// process says goodbye) and `didReceiveMemoryWarning`. Anything else is a callback's
/// acknowledgement, or unexpected.
extension Supervisor {
    /// What a reply from `process` to message `replyTo` meant to the supervisor.
    enum Answered {
        /// The `terminate` notice: a launched process exits now; an attached one is let go of.
        case goodbye(attached: Bool)
        /// The memory warning was heard.
        case memoryWarning
    }

    /// Takes a reply to the notice or the memory warning; nil for any other reply.
    mutating func answered(_ replyTo: String, by process: ExtensionProcess) -> Answered? {
        if self.processes[process.launchID]?.noticeAnswered(replyTo) == true {
            return .goodbye(attached: process.attached)
        }
        guard replyTo == self.processes[process.launchID]?.memory.warningID else { return nil }
        self.processes[process.launchID]?.memory.warningID = nil
        return .memoryWarning
    }
}
