import MsgHostProtocol

extension HostStateMachine {
    /// Fills an empty world from a seed (`World.seed`). Returns the changes made, for the
    /// caller to store (then `historyStored`); on error nothing changed, and the error names
    /// the entry that was wrong.
    public mutating func applySeed(_ seed: WorldSeed, now: Instant) throws(WireError) -> [WorldChange] {
        try self.world.seed(seed, apps: self.apps.keys, ids: &self.ids, now: now)
    }
}
