import MsgHostCore
import MsgHostProtocol

extension World {
    /// A message stored and arrived at once on every member's device, by the host's own two
    /// steps (`store`, `arrive`): what a send leaves when every device takes it at once, for a
    /// test that needs the transcripts, not the send.
    mutating func storeAndArrive(_ message: StoredMessage) throws(HistoryUnreadable) -> [WorldChange] {
        var changes = self.store(message)
        for device in self.memberDevices(of: message.conversation) {
            changes += try self.arrive(message.id, on: device.id)
        }
        return changes
    }
}
