import MsgHostProtocol

/// The user and the input field (SPEC §4): typing, tapping Send, deleting the staged item.
extension HostStateMachine {
    mutating func inputFieldCommand(_ command: ControlCommand, envelope: Envelope, client: [UInt8], requestID: String, now: Instant) throws(WireError) -> [HostAction] {
        func done(_ actions: [HostAction], after instances: Set<String> = [], result: [UInt8] = WireJSON.encode(OKReply(Empty()))) -> [HostAction] {
            actions + self.reply(to: client, requestID: requestID, result: result, after: instances, now: now)
        }
        if command == .typeText {
            let body = try envelope.decodeBody(TypeTextRequest.self)
            let device = try self.world.device(body.device)
            _ = try self.memberConversation(body.conversation, of: device)
            var field = self.world.inputField(device: device.id, conversation: body.conversation)
            field.text = body.text
            return done([.persist(self.world.setInputField(field, device: device.id, conversation: body.conversation))])
        }
        let body = try envelope.decodeBody(InputFieldRequest.self)
        let device = try self.world.device(body.device)
        let conversation = try self.memberConversation(body.conversation, of: device)
        var field = self.world.inputField(device: device.id, conversation: conversation.id)
        switch command {
        case .inputField:
            let staged = field.staged.map { self.stagedValue($0, device: device, conversation: conversation.id) }
            return done([], result: WireJSON.encode(OKReply(InputFieldResult(text: field.text, staged: staged))))
        case .send:
            guard !field.isEmpty else { throw .control(.invalidState, "the input field of \(device.id) in \(conversation.id) is empty: nothing to send") }
            var actions: [HostAction] = [.persist(self.world.setInputField(InputField(), device: device.id, conversation: conversation.id))]
            var waitOn: Set<String> = []
            if let item = field.staged {
                let (stored, dispatched) = self.dispatch(item.content, app: item.app, install: item.install, from: device.id, conversation: conversation.id, now: now)
                actions += dispatched
                if case .app = item.content, let instanceID = item.instance, let instance = self.screens[instanceID], instance.phase == .active {
                    actions += self.enqueue([self.messageCallback(.didStartSending, stored, to: instance)], on: instanceID, now: now)
                    waitOn.insert(instanceID)
                }
            }
            if !field.text.isEmpty {
                actions += self.dispatch(.text(field.text), app: nil, install: nil, from: device.id, conversation: conversation.id, now: now).1
            }
            return done(actions, after: waitOn.union(self.waitingInstances()))
        case .cancel:
            guard let item = field.staged else { throw .control(.invalidState, "nothing is staged in the input field of \(device.id) in \(conversation.id)") }
            field.staged = nil
            var actions: [HostAction] = [.persist(self.world.setInputField(field, device: device.id, conversation: conversation.id))]
            actions.append(self.record(.cancelled, now: now, device: device.id, app: item.app, conversation: conversation.id, detail: item.content.kindName))
            var waitOn: Set<String> = []
            if case .app = item.content, let instanceID = item.instance, let instance = self.screens[instanceID], instance.phase == .active {
                let stored = StoredMessage(id: "staged", conversation: conversation.id, app: item.app, sender: device.owner, senderDevice: device.id,
                                           senderInstall: item.install, sentAt: now.milliseconds, content: item.content)
                actions += self.enqueue([self.messageCallback(.didCancelSending, stored, to: instance, pending: true)], on: instanceID, now: now)
                waitOn.insert(instanceID)
            }
            return done(actions, after: waitOn)
        default:
            preconditionFailure("\(command) is not an input-field command")
        }
    }

    /// The staged item as the device shows it in its input field.
    func stagedValue(_ item: StagedItem, device: Device, conversation: String) -> TranscriptEntryValue {
        let stored = StoredMessage(id: "staged", conversation: conversation, app: item.app, sender: device.owner, senderDevice: device.id,
                                   senderInstall: item.install, sentAt: item.stagedAt, content: item.content)
        var value = self.entryValue(TranscriptEntry(id: 0, messageID: "staged", kind: .bubble), of: stored, index: 0, device: device)
        value.message?.isPending = true
        return value
    }
}
