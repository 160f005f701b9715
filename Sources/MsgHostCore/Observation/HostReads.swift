import HashTreeCollections
import MsgHostProtocol

/// Reads for the shell's recorder (`Recorder`), straight from the read-only `Observer`
/// (`HostStateMachine.reads`).
///
/// A recording reads what each step changed of every view. Asking through a control request
/// for each (a cause, a reply, `finish`) cost the loop more than the reading itself, on every
/// send. A read of the store that fails throws `storageUnavailable`, as that request would
/// have been answered.
public struct HostReads {
    let observer: Observer

    /// The newest `limit` entries of a transcript as `device`'s owner sees it (also one they left).
    public func transcriptPage(device: String, conversation: String, limit: Int) throws(WireError) -> TranscriptResult {
        try self.observer.transcript(device: device, conversation: conversation, before: nil, limit: limit)
    }

    /// How `device` shows `entry`, at `index` in its whole transcript; nil when the device or
    /// the entry's message is unknown.
    public func entryValue(_ entry: TranscriptEntry, index: Int, device: String) throws(WireError)
        -> TranscriptEntryValue?
    {
        guard let device = self.observer.world.devices[device] else { return nil }
        return try reading(self.observer.rendering.entryValue(entry, index: index, device: device))
    }

    /// What a device's input field holds in a conversation.
    public func inputField(device: String, conversation: String) throws(WireError) -> InputFieldResult {
        try self.observer.inputField(InputFieldRequest(device: device, conversation: conversation))
    }
}
