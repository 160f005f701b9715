import MsgHostProtocol

/// The user and the input field (SPEC §4): typing, tapping Send, deleting the staged item.
extension HostStateMachine {
    /// `typeText`: the text of the input field is now this.
    mutating func typeText(_ body: TypeTextRequest, to: ControlRequestRef, now: Instant) throws(WireError) -> [HostAction] {
        let device = try self.world.device(body.device)
        _ = try self.world.memberConversation(body.conversation, of: device)
        var field = self.world.inputField(device: device.id, conversation: body.conversation)
        field.text = body.text
        return self.ok(.empty, persisting: self.world.setInputField(field, device: device.id, conversation: body.conversation), to: to, now: now)
    }

    /// `inputField`: what the field holds, its staged item as the device shows it.
    mutating func inputField(_ body: InputFieldRequest, to: ControlRequestRef, now: Instant) throws(WireError) -> [HostAction] {
        let device = try self.world.device(body.device)
        let conversation = try self.world.memberConversation(body.conversation, of: device)
        let field = self.world.inputField(device: device.id, conversation: conversation.id)
        let staged = field.staged.map { self.rendering.stagedValue($0, device: device, conversation: conversation.id) }
        return self.ok(.inputField(InputFieldResult(text: field.text, staged: staged)), to: to, now: now)
    }

    /// `send`: the user taps Send: the staged item, then the text, each as a message.
    mutating func sendInputField(_ body: InputFieldRequest, to: ControlRequestRef, now: Instant) throws(WireError) -> [HostAction] {
        let device = try self.world.device(body.device)
        let conversation = try self.world.memberConversation(body.conversation, of: device)
        let field = self.world.inputField(device: device.id, conversation: conversation.id)
        guard !field.isEmpty else { throw .control(.invalidState, "the input field of \(device.id) in \(conversation.id) is empty: nothing to send") }
        var actions: [HostAction] = [.persist(self.world.setInputField(InputField(), device: device.id, conversation: conversation.id))]
        var waitOn: Set<String> = []
        if let item = field.staged {
            let (stored, dispatched) = self.dispatch(item.content, app: item.app, install: item.install, from: device.id, conversation: conversation.id, now: now)
            actions += dispatched
            if case .app = item.content, let instanceID = item.instance, let instance = self.screens[instanceID], instance.phase == .active {
                actions += self.enqueue([self.rendering.messageCallback(.didStartSending, stored, to: instance)], on: instanceID, now: now)
                waitOn.insert(instanceID)
            }
        }
        if !field.text.isEmpty {
            actions += self.dispatch(.text(field.text), app: nil, install: nil, from: device.id, conversation: conversation.id, now: now).1
        }
        return actions + self.reply(to: to.client, requestID: to.requestID, result: .empty, after: waitOn.union(self.waitingInstances()), now: now)
    }

    /// `cancel`: the user deletes the staged item; its app hears `didCancelSending`.
    mutating func cancelInputField(_ body: InputFieldRequest, to: ControlRequestRef, now: Instant) throws(WireError) -> [HostAction] {
        let device = try self.world.device(body.device)
        let conversation = try self.world.memberConversation(body.conversation, of: device)
        var field = self.world.inputField(device: device.id, conversation: conversation.id)
        guard let item = field.staged else { throw .control(.invalidState, "nothing is staged in the input field of \(device.id) in \(conversation.id)") }
        field.staged = nil
        var actions: [HostAction] = [.persist(self.world.setInputField(field, device: device.id, conversation: conversation.id))]
        actions.append(self.outbox.record(.cancelled, now: now, device: device.id, app: item.app, conversation: conversation.id, detail: item.content.kindName))
        var waitOn: Set<String> = []
        if case .app = item.content, let instanceID = item.instance, let instance = self.screens[instanceID], instance.phase == .active {
            let stored = StoredMessage(id: "staged", conversation: conversation.id, app: item.app, sender: device.owner, senderDevice: device.id,
                                       senderInstall: item.install, sentAt: now.milliseconds, content: item.content)
            actions += self.enqueue([self.rendering.messageCallback(.didCancelSending, stored, to: instance, pending: true)], on: instanceID, now: now)
            waitOn.insert(instanceID)
        }
        return actions + self.reply(to: to.client, requestID: to.requestID, result: .empty, after: waitOn, now: now)
    }
}
