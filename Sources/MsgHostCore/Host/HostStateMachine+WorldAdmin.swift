import MsgHostProtocol

/// The world's admin over control: people, devices, conversations, installs, memberships and
/// contacts. Each change is persisted before the reply that acknowledges it.
extension HostStateMachine {
    mutating func administer(_ request: WorldAdminRequest, to: ControlRequestRef, now: Instant) throws(WireError)
        -> [HostAction]
    {
        switch request {
        case .createPerson(let body):
            let changes =
                try self.world.createPerson(handle: body.handle, name: body.name)
                + self.world.assignIdentifiers(ids: &self.ids)
            return self.ok(
                .person(PersonResult(person: try self.world.person(body.handle))), persisting: changes, to: to, now: now
            )
        case .createDevice(let body):
            let changes = try self.world.createDevice(
                id: body.id, owner: body.owner, platform: body.platform ?? .ios17, model: body.model ?? .default)
            return self.ok(
                .device(DeviceResult(device: try self.world.device(body.id))), persisting: changes, to: to, now: now)
        case .createConversation(let body):
            let id = body.id ?? self.ids.makeUUID()
            let changes = try self.world.createConversation(id: id, members: body.members)
            return self.ok(
                .conversation(ConversationResult(conversation: try self.world.conversation(id))), persisting: changes,
                to: to, now: now)
        case .installApp(let body):
            try self.requireApp(body.app)
            let install = Install(
                id: self.ids.makeUUID(), device: body.device, app: body.app, installedAt: now.milliseconds)
            let changes =
                try self.world.install(app: install.app, on: install.device, id: install.id, at: now)
                + self.world.assignIdentifiers(ids: &self.ids)
            return self.ok(.install(InstallResult(install: install)), persisting: changes, to: to, now: now)
        case .uninstallApp(let body):
            let (install, changes) = try self.world.uninstall(app: body.app, from: body.device)
            let ended = self.endProcess(forDevice: install.device, app: install.app, reason: .uninstalled, now: now)
            return [.persist(changes)] + ended + self.ok(.empty, to: to, now: now)
        case .addMember(let body):
            return try self.changeMembers(adding: true, body, to: to, now: now)
        case .removeMember(let body):
            return try self.changeMembers(adding: false, body, to: to, now: now)
        case .contact(let body):
            return self.ok(
                .empty, persisting: try self.world.nameContact(body.person, on: body.device, name: body.name), to: to,
                now: now)
        }
    }
}
