import MsgHostProtocol

/// Who may ask for what (SPEC §4): an extension acts only through its own instances, and only
/// while they are shown; a direct send needs a touch (`UserTouch`), an insert of a message or
/// text needs the Messages context. Checked before the body is read, so Apple's order holds:
/// context, visibility, touch (9–11), then the message itself (1–8).
extension Screens {
    /// The instance `id` of `process`; one it had that has resigned is no longer shown, and
    /// cannot act.
    func instance(_ id: String, of process: ExtensionProcess) throws(WireError) -> Instance {
        guard process.instanceIDs.contains(id), let instance = self[id] else {
            if process.retiredInstanceIDs.contains(id) {
                throw .messages(
                    .sendWhileNotVisible, "instance \"\(id)\" has resigned: it is no longer shown, so it cannot act")
            }
            throw .protocolError(.unknownInstance, "instance \"\(id)\" is not one of this extension's")
        }
        return instance
    }

    /// The instance `id` of `process`, if it may put content of request `type` into its
    /// conversation now: a direct send passes the touch's policy (`windowMs`); an insert of a
    /// message or text is refused in the media context.
    func mayPut(_ type: RequestType, from id: String, of process: ExtensionProcess, now: Instant, windowMs: Int64)
        throws(WireError) -> Instance
    {
        let instance = try self.instance(id, of: process)
        if type.isDirectSend {
            if let code = (instance.touch ?? UserTouch()).refusal(
                context: instance.context, isVisible: self.isVisible(instance), now: now, windowMs: windowMs)
            {
                throw .messages(code)
            }
        } else if instance.context == .media, type == .insertMessage || type == .insertText {
            throw .messages(.apiUnavailableInPresentationContext)
        }
        return instance
    }

    // MARK: The touch a send holds

    /// A request parks while its files are looked at, carrying `causes`. A send takes its
    /// instance's touch now (one touch, one send: a second send cannot pass the policy while
    /// this one's files are being looked at).
    mutating func parking(_ request: PendingRequest, causes: Set<Int>) -> PendingRequest {
        var request = request
        request.causes = causes
        if request.type.isDirectSend, let taken = self[request.instanceID]?.touch?.take() {
            request.holding = .touch(taken)
        }
        return request
    }

    /// A parked send failed (a file refused, or not stored): it consumed nothing, so its
    /// touch counts again, unless a newer one came meanwhile.
    mutating func failed(_ request: PendingRequest) {
        if case .touch(let taken) = request.holding { self[request.instanceID]?.touch?.giveBack(taken) }
    }

    /// A direct send went out: its touch is used up.
    mutating func sent(from id: String) { self[id]?.touch?.consume() }
}
