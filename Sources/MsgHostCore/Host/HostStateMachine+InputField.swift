import MsgHostProtocol

/// The user and the input field (SPEC §4), whose rules the `World` keeps (`World+InputField`):
/// here Send and Cancel reach the app that staged the item.
extension HostStateMachine {
    /// `send`: the user taps Send: the staged item, then the text, each as a message; the
    /// app that staged the item hears `didStartSending`.
    mutating func sendInputField(_ body: InputFieldRequest, to: ControlRequestRef, now: Instant) throws(WireError)
        -> [HostAction]
    {
        let (device, field, emptied) = try self.world.takeForSending(
            device: body.device, conversation: body.conversation)
        var actions: [HostAction] = [.persist(emptied)]
        var waitOn: Set<String> = []
        if let item = field.staged {
            let (stored, dispatched) = try reading(
                self.dispatch(
                    item.content, app: item.app, install: item.install, from: device.id,
                    conversation: body.conversation, now: now))
            actions += dispatched
            if case .app = item.content, let instance = self.stagedBy(item) {
                actions += self.enqueue(
                    [try reading(self.rendering.messageCallback(.didStartSending, stored, to: instance))],
                    on: instance.id, now: now)
                waitOn.insert(instance.id)
            }
        }
        if !field.text.isEmpty {
            actions += try reading(
                self.dispatch(
                    .text(field.text), app: nil, install: nil, from: device.id, conversation: body.conversation,
                    now: now
                ).1)
        }
        return actions + self.reply(to: to, .empty, after: waitOn.union(self.waitingInstances()), now: now)
    }

    /// `cancel`: the user deletes the staged item; its app hears `didCancelSending`.
    mutating func cancelInputField(_ body: InputFieldRequest, to: ControlRequestRef, now: Instant) throws(WireError)
        -> [HostAction]
    {
        let (device, item, changes) = try self.world.cancelStaged(device: body.device, conversation: body.conversation)
        var actions: [HostAction] = [.persist(changes)]
        actions.append(
            self.outbox.record(
                .cancelled, now: now, device: device.id, app: item.app, conversation: body.conversation,
                detail: item.content.kindName))
        var waitOn: Set<String> = []
        if case .app = item.content, let instance = self.stagedBy(item) {
            let stored = StoredMessage.staged(
                item.content, app: item.app, install: item.install, device: device.id, owner: device.owner,
                conversation: body.conversation, at: now.milliseconds)
            actions += self.enqueue(
                [try reading(self.rendering.messageCallback(.didCancelSending, stored, to: instance, pending: true))],
                on: instance.id, now: now)
            waitOn.insert(instance.id)
        }
        return actions + self.reply(to: to, .empty, after: waitOn, now: now)
    }

    /// The instance that staged `item`, while it is still active.
    private func stagedBy(_ item: StagedItem) -> Instance? {
        item.instance.flatMap { self.screens[$0] }.flatMap { $0.isActive ? $0 : nil }
    }

    /// Puts the app's content in the input field of the instance's conversation on its
    /// device, replacing what was staged there.
    mutating func stage(_ content: MessageContent, from instance: Instance, now: Instant) -> [HostAction] {
        let item = StagedItem(
            app: instance.app, install: instance.installID, instance: instance.id, content: content,
            stagedAt: now.milliseconds)
        return [
            .persist(self.world.stage(item, device: instance.device, conversation: instance.conversation)),
            self.outbox.record(
                .staged, now: now, device: instance.device, app: instance.app, conversation: instance.conversation,
                instance: instance.id, detail: content.kindName),
        ]
    }
}
