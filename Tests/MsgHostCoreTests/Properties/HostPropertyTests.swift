import Foundation
import Testing

@testable import MsgHostCore

/// Random sequences of user actions, extension requests and faults (3 devices, 2 apps,
/// reinstalls, crashes, failed launches, unanswered callbacks, time passing) against the real
/// state machine, with the properties of `HostModel+Checks` checked after every step.
///
/// CI runs a few hundred steps per seed; a manual run takes more from the environment:
/// `MSGHOST_PROPERTY_STEPS=10000 MSGHOST_PROPERTY_SEED=<n> swift test --filter HostPropertyTests`.
/// A failure prints its seed and step, which replay it exactly.
@Suite struct HostPropertyTests {
    static var steps: Int { ProcessInfo.processInfo.environment["MSGHOST_PROPERTY_STEPS"].flatMap(Int.init) ?? 400 }

    /// Fixed seeds (the same run every time), plus one from the environment or the clock.
    static var seeds: [UInt64] {
        let chosen = ProcessInfo.processInfo.environment["MSGHOST_PROPERTY_SEED"].flatMap(UInt64.init)
        return [1, 2, 3, chosen ?? UInt64(Date().timeIntervalSince1970 * 1000)]
    }

    @Test(arguments: seeds)
    func randomSequencesKeepTheRules(seed: UInt64) throws {
        var model = try HostModel(seed: seed)
        for _ in 0..<Self.steps {
            try model.randomStep()
            try model.checkWorld()
            if !model.violations.isEmpty { break }
        }
        if model.violations.isEmpty {
            model.drain()
            try model.checkWorld(deliveriesDone: true)
            if !model.unanswered.isEmpty {
                model.violate(
                    "control requests never answered once every extension had answered: \(model.unanswered.sorted { $0.key < $1.key })"
                )
            }
        }
        let tally = model.tally.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        print(
            "property run, seed \(seed): \(model.step) steps, \(model.stored.count) messages stored, \(model.acknowledged.count) direct sends acknowledged; \(tally)"
        )
        #expect(model.violations.isEmpty, "\(model.report)")
        #expect(model.stored.count > 0, "seed \(seed): the run stored no message, so it proved little")
    }
}
