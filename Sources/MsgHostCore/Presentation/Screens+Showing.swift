import HashTreeCollections
import MsgHostProtocol

/// What changes on a device's screen when it shows a conversation (SPEC §3): leaving one ends
/// the app presented in it and its live bubbles; a transcript draws one live instance per
/// live-layout bubble on screen, and ends those whose bubble went away or scrolled off.
extension Screens {
    /// The instances that resign when `device` goes from the conversation it shows to
    /// `conversation`: the app presented in the old one, then its live bubbles, in that order.
    func leaving(device: String, for conversation: String?) -> [String] {
        guard let previous = self.showing[device], previous != conversation else { return [] }
        var ending: [String] = []
        if let current = self.presented[device], self[current]?.conversation == previous { ending.append(current) }
        return ending + self.liveInstances(device: device, conversation: previous)
    }

    /// Against the live-layout bubbles `onScreen` of a transcript: the live instances whose
    /// bubble is no longer there (`gone`), and the bubbles with no instance yet (`undrawn`).
    func liveBubbleChanges(device: String, conversation: String, onScreen: [TranscriptEntry]) -> (
        gone: [String], undrawn: [TranscriptEntry]
    ) {
        let live = self.liveInstances(device: device, conversation: conversation)
        let bubbles = Set(onScreen.map(\.id))
        let drawn = Set(live.compactMap { self[$0]?.liveEntry })
        return (
            live.filter { !bubbles.contains(self[$0]?.liveEntry ?? -1) }, onScreen.filter { !drawn.contains($0.id) }
        )
    }
}
