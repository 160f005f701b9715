import HashTreeCollections
import MsgHostProtocol

/// What still holds a control reply back (PROTOCOL.md §7): callbacks queued or in flight
/// (`Screens`), requests parked while their files are looked at (`Inspections`), and launches
/// whose spawn the shell has not reported (`ProcessTable`). The machine reads it from those
/// parts and gives `ControlSessions` the answer as values (`keep`, `takeAnswerable`), so that
/// no part reads another.
struct UnderWay {
    let screens: Screens
    let inspections: Inspections
    let processes: ProcessTable

    /// The causes among `wanted` that a queued or in-flight callback, or a parked request,
    /// still carries.
    func causes(among wanted: Set<Int>) -> Set<Int> {
        var causes = self.screens.causes(among: wanted)
        guard !wanted.isEmpty else { return causes }
        causes.formUnion(self.inspections.causes(among: wanted))
        return causes
    }

    /// The instances among `ids` whose process was launched and said hello before the shell
    /// reported its spawn: a reply that acted on them waits for the report too, so that
    /// `status` right after it names the real process (never a pid an extension claimed).
    func unreportedLaunches(of ids: Set<String>) -> Set<String> {
        // Asked after every event while a reply waits: most often no launch is unreported,
        // and then no instance needs to be looked at.
        guard !ids.isEmpty, self.processes.hasUnreportedLaunch else { return [] }
        return ids.filter { id in
            guard let instance = self.screens[id], let process = self.processes[instance.launchID] else { return false }
            return process.pid == nil && !process.attached
        }
    }
}
