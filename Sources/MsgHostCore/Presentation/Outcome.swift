/// What one of the user's actions led to on the screens: the actions, in order, and the
/// instances it acted on directly, whose callbacks the control request's reply waits for
/// (`reply(…after:)`). Outcomes add up as an action leads to another (a tap shows a
/// conversation, which resigns the app presented in the one it left).
struct Outcome {
    var actions: [HostAction]
    var instances: Set<String>

    init(_ actions: [HostAction] = [], _ instances: Set<String> = []) {
        self.actions = actions
        self.instances = instances
    }

    static func += (lhs: inout Outcome, rhs: Outcome) {
        lhs.actions += rhs.actions
        lhs.instances.formUnion(rhs.instances)
    }

    static func + (lhs: Outcome, rhs: Outcome) -> Outcome {
        var sum = lhs
        sum += rhs
        return sum
    }
}
