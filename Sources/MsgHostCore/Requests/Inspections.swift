/// What waits while the shell looks at files (`HostAction.inspectFiles`): an extension's
/// requests (a send, an insert, a `setView`, a compose sheet's message) and the sticker
/// drawers whose stickers are checked, each by the token its `filesInspected` names.
///
/// Both hold back `settle` (PROTOCOL.md §7: "no file being looked at") and carry the causes
/// of the control requests waiting for them.
struct Inspections: Sendable {
    /// What a token was for.
    enum Parked: Sendable {
        case request(PendingRequest)
        case drawer(PendingDrawer)

        var causes: Set<Int> {
            switch self {
            case .request(let request): request.causes
            case .drawer(let drawer): drawer.causes
            }
        }
    }

    @Journaled private var parked: [Int: Parked] = [:]
    @Journaled private var lastToken = 0

    var isEmpty: Bool { self.parked.isEmpty }
    var count: Int { self.parked.count }

    /// The unit ends: kept, or undone (puts what is parked back as when the unit began).
    mutating func closeUnit(undoing: Bool) {
        self.$parked.closeUnit(undoing: undoing)
        self.$lastToken.closeUnit(undoing: undoing)
    }

    /// Parks `what` until its files were looked at: the token to ask the shell with.
    mutating func park(_ what: Parked) -> Int {
        self.lastToken += 1
        self.parked[self.lastToken] = what
        return self.lastToken
    }

    /// What `token` was for, once (nil for a token never given, or taken already).
    mutating func take(_ token: Int) -> Parked? { self.parked.removeValue(forKey: token) }

    /// The causes among `wanted` that something parked carries.
    func causes(among wanted: Set<Int>) -> Set<Int> {
        self.parked.values.reduce(into: Set<Int>()) { $0.formUnion($1.causes.intersection(wanted)) }
    }
}
