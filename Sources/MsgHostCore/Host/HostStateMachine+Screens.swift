import HashTreeCollections
import MsgHostProtocol

extension HostStateMachine {
    /// What a device shows now: the conversation on its screen and the app presented in it
    /// (its conversation and style), for a recording's first line (docs/RECORDING.md), so that
    /// a replay can start from the same screens. Read once as a recording starts, never per event.
    public func screen(device: String) -> (
        showing: String?, app: String?, conversation: String?, style: PresentationStyle?
    ) {
        let presented = self.screens.presented[device].flatMap { self.screens[$0] }.flatMap {
            $0.isActive ? $0 : nil
        }
        return (self.screens.showing[device], presented?.app, presented?.conversation, presented?.style)
    }
}
