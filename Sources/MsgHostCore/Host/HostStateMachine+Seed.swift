import MsgHostProtocol

extension HostStateMachine {
    /// Fills an empty world from a seed, with the same checks as the control commands.
    /// Returns the changes made, for the caller to store (then `historyStored`); on error the
    /// directory is left as it was, and the error names the entry that was wrong.
    public mutating func applySeed(_ seed: WorldSeed, now: Instant) throws(WireError) -> [WorldChange] {
        var world = self.world
        var changes: [WorldChange] = []
        for person in seed.people {
            changes += try world.createPerson(handle: person.handle, name: person.name)
        }
        for device in seed.devices {
            changes += try world.createDevice(id: device.id, owner: device.owner, platform: device.platform ?? .ios17)
        }
        for conversation in seed.conversations {
            changes += try world.createConversation(id: conversation.id, members: conversation.members)
        }
        for install in seed.installs {
            guard self.apps[install.app] != nil else {
                throw .control(.notFound, "installs: no app \"\(install.app)\" has a manifest")
            }
            changes += try world.install(app: install.app, on: install.device, id: self.ids.makeUUID(), at: now)
        }
        changes += world.assignIdentifiers(ids: self.ids)
        self.world = world
        return changes
    }
}
