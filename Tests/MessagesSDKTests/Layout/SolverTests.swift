import Testing

@testable import MessagesSDK

/// The Cassowary solver behind Auto Layout (Sources/MessagesSDK/Layout/Solver): the layouts it
/// will be asked for, priorities, refusals, removal, edits, and a cross-check of the incremental
/// solver against solving from scratch.
@Suite struct SolverTests {
    /// Solutions are floating point; anything closer than this is the same layout.
    private static func approximately(_ lhs: Double, _ rhs: Double) -> Bool { abs(lhs - rhs) < 1e-6 }

    /// The name of the `SolverError` case `body` throws, or nil if it throws nothing.
    private static func refusal(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as SolverError {
            return Mirror(reflecting: error).children.first?.label ?? "\(error)"
        } catch {
            return "\(error)"
        }
    }

    @Test func aSimpleEqualitySystemSolves() throws {
        let solver = Solver()
        let x = SolverVariable("x")
        let y = SolverVariable("y")
        try solver.addConstraint(x + y == 10)
        try solver.addConstraint(x - y == 2)
        solver.updateVariables()
        #expect(Self.approximately(x.value, 6))
        #expect(Self.approximately(y.value, 4))
    }

    @Test func inequalitiesUseSlackAndBoundAWeakPreference() throws {
        let solver = Solver()
        let x = SolverVariable("x")
        try solver.addConstraint(x >= 10)
        try solver.addConstraint(x <= 20)
        try solver.addConstraint((x == 30).withStrength(.weak))
        solver.updateVariables()
        #expect(Self.approximately(x.value, 20))

        // Below the range the lower bound holds instead.
        let solver2 = Solver()
        try solver2.addConstraint(x >= 10)
        try solver2.addConstraint(x <= 20)
        try solver2.addConstraint((x == -5).withStrength(.weak))
        solver2.updateVariables()
        #expect(Self.approximately(x.value, 10))
    }

    @Test func twoViewsOfEqualWidthFillAWidthWithSpacing() throws {
        let solver = Solver()
        let x1 = SolverVariable("x1")
        let w1 = SolverVariable("w1")
        let x2 = SolverVariable("x2")
        let w2 = SolverVariable("w2")
        try solver.addConstraint(x1 == 0)
        try solver.addConstraint(w1 == w2)
        try solver.addConstraint(x2 == x1 + w1 + 8)
        try solver.addConstraint(x2 + w2 == 100)
        solver.updateVariables()
        #expect(Self.approximately(w1.value, 46))
        #expect(Self.approximately(w2.value, 46))
        #expect(Self.approximately(x2.value, 54))
    }

    @Test func centringPutsTheMiddleOnTheCentre() throws {
        let solver = Solver()
        let x = SolverVariable("x")
        let w = SolverVariable("w")
        try solver.addConstraint(x + w / 2 == 50)
        try solver.addConstraint(w == 20)
        solver.updateVariables()
        #expect(Self.approximately(x.value, 40))
        #expect(Self.approximately(0.5 * w.value + x.value, 50))
    }

    @Test func aStrongPreferenceBeatsAWeakOneInEitherOrder() throws {
        for weakFirst in [true, false] {
            let solver = Solver()
            let x = SolverVariable("x")
            let weak = (x == 20).withStrength(.weak)
            let strong = (x == 10).withStrength(.strong)
            for constraint in weakFirst ? [weak, strong] : [strong, weak] {
                try solver.addConstraint(constraint)
            }
            solver.updateVariables()
            #expect(Self.approximately(x.value, 10))
        }
    }

    @Test func priority750BeatsAnyNumberOf250s() throws {
        #expect(Strength(priority: 1000) == .required && Strength(priority: 1000).isRequired)
        #expect(!Strength(priority: 999).isRequired)
        let solver = Solver()
        let a = SolverVariable("a")
        let b = SolverVariable("b")
        try solver.addConstraint(a + b == 100)
        // With summed weights, 1,000 errors at 250 would outweigh one at 750; lexicographically
        // they never do.
        for _ in 0..<1000 {
            try solver.addConstraint((a == 0).withStrength(Strength(priority: 250)))
        }
        try solver.addConstraint((b == 0).withStrength(Strength(priority: 750)))
        solver.updateVariables()
        #expect(Self.approximately(b.value, 0))
        #expect(Self.approximately(a.value, 100))
        // Neighbouring priorities are just as strict.
        try solver.addConstraint((b == 30).withStrength(Strength(priority: 751)))
        solver.updateVariables()
        #expect(Self.approximately(b.value, 30))
    }

    @Test func anUnsatisfiableRequiredConstraintThrowsAndLeavesTheSolution() throws {
        let solver = Solver()
        let x = SolverVariable("x")
        let y = SolverVariable("y")
        try solver.addConstraint(x >= 10)
        try solver.addConstraint(y == x + 5)
        try solver.addConstraint((x == 12).withStrength(.weak))
        solver.updateVariables()
        #expect(Self.approximately(x.value, 12) && Self.approximately(y.value, 17))

        let conflicting = x + y <= 10
        do {
            try solver.addConstraint(conflicting)
            Issue.record("a conflicting required constraint was accepted")
        } catch SolverError.unsatisfiable(let refused) {
            #expect(refused === conflicting)
        }
        #expect(!solver.hasConstraint(conflicting))
        #expect(Self.refusal { try solver.addConstraint(x == 5) } == "unsatisfiable")
        solver.updateVariables()
        #expect(x.value == 12 && y.value == 17)

        // The solver carries on: a required constraint that fits is taken (through the
        // artificial-variable test, since it has no new variable to solve for).
        try solver.addConstraint(x == 15)
        solver.updateVariables()
        #expect(Self.approximately(x.value, 15) && Self.approximately(y.value, 20))
    }

    @Test func removingAConstraintRestoresTheSolutionForTheRest() throws {
        let solver = Solver()
        let x = SolverVariable("x")
        let y = SolverVariable("y")
        let lower = x >= 0
        let preference = (x == 50).withStrength(.weak)
        let upper = x <= 30
        let follower = y == x + 1
        for constraint in [lower, preference, upper, follower] {
            try solver.addConstraint(constraint)
        }
        solver.updateVariables()
        #expect(Self.approximately(x.value, 30) && Self.approximately(y.value, 31))
        try solver.removeConstraint(upper)
        solver.updateVariables()
        #expect(Self.approximately(x.value, 50) && Self.approximately(y.value, 51))
        #expect(!solver.hasConstraint(upper) && solver.hasConstraint(preference))
        try solver.removeConstraint(preference)
        solver.updateVariables()
        #expect(Self.approximately(x.value, 0))

        // A required equality, and a redundant copy of it: removing either leaves the other.
        let pin = x == 7
        let copy = x == 7
        try solver.addConstraint(pin)
        try solver.addConstraint(copy)
        try solver.addConstraint((x == 5).withStrength(.strong))
        try solver.removeConstraint(copy)
        solver.updateVariables()
        #expect(Self.approximately(x.value, 7))
        try solver.removeConstraint(pin)
        solver.updateVariables()
        #expect(Self.approximately(x.value, 5))
    }

    @Test func duplicatesAndUnknownsAreRefused() throws {
        let solver = Solver()
        let x = SolverVariable("x")
        let constraint = x == 1
        try solver.addConstraint(constraint)
        #expect(Self.refusal { try solver.addConstraint(constraint) } == "duplicateConstraint")
        try solver.removeConstraint(constraint)
        #expect(Self.refusal { try solver.removeConstraint(constraint) } == "unknownConstraint")
        #expect(
            Self.refusal { try solver.addConstraint((x == 1).withStrength(Strength(priority: 0))) } == "invalidStrength"
        )
        #expect(
            Self.refusal { try solver.addConstraint((x == 1).withStrength(Strength(priority: 1001))) }
                == "invalidStrength")
        #expect(
            Self.refusal { try solver.addConstraint((x == 1).withStrength(Strength(priority: .nan))) }
                == "invalidStrength")
        #expect(solver.constraints.isEmpty)
    }

    @Test func editVariablesFollowSuggestionsIncrementally() throws {
        let solver = Solver()
        let x = SolverVariable("x")
        let width = SolverVariable("width")
        let right = SolverVariable("right")
        try solver.addConstraint(x >= 0)
        try solver.addConstraint(x + width <= 100)
        try solver.addConstraint(width >= 10)
        try solver.addConstraint((width == 40).withStrength(.weak))
        try solver.addConstraint(right == x + width)
        try solver.addEditVariable(x, strength: .strong)
        #expect(solver.hasEditVariable(x))

        // Dragging right then back: x follows until the required bounds stop it, and the weak
        // width gives way to the strong drag first.
        let drag = Array(stride(from: -20.0, through: 120, by: 7.5)) + Array(stride(from: 120.0, through: -20, by: -11))
        for target in drag {
            try solver.suggestValue(target, for: x)
            solver.updateVariables()
            let expectedX = max(0, min(target, 90))
            let expectedWidth = max(10, min(40, 100 - expectedX))
            #expect(Self.approximately(x.value, expectedX), "x at \(target)")
            #expect(Self.approximately(width.value, expectedWidth), "width at \(target)")
            #expect(Self.approximately(right.value, expectedX + expectedWidth), "right at \(target)")
        }

        // Two edit variables at once, the stronger winning where they conflict.
        try solver.addEditVariable(width, strength: .medium)
        try solver.suggestValue(30, for: x)
        try solver.suggestValue(20, for: width)
        solver.updateVariables()
        #expect(Self.approximately(x.value, 30) && Self.approximately(width.value, 20))
        try solver.suggestValue(95, for: x)
        solver.updateVariables()
        #expect(Self.approximately(x.value, 90) && Self.approximately(width.value, 10))

        try solver.removeEditVariable(x)
        try solver.removeEditVariable(width)
        #expect(!solver.hasEditVariable(x))
        #expect(Self.refusal { try solver.suggestValue(1, for: x) } == "unknownEditVariable")
        #expect(Self.refusal { try solver.removeEditVariable(x) } == "unknownEditVariable")
        #expect(Self.refusal { try solver.addEditVariable(x, strength: .required) } == "requiredEditStrength")
        try solver.addEditVariable(x)
        #expect(Self.refusal { try solver.addEditVariable(x) } == "duplicateEditVariable")
        solver.updateVariables()
        #expect(Self.approximately(width.value, 40))
    }

    @Test func nanAndInfinityAreRefused() throws {
        let solver = Solver()
        let x = SolverVariable("x")
        try solver.addConstraint(x == 3)
        for constraint in [
            x == .nan, x * .infinity == 1, x + .infinity >= 0, x / 0 == 2, x <= -.infinity, .nan * x + 1 == x,
        ] {
            #expect(Self.refusal { try solver.addConstraint(constraint) } == "notFinite", "\(constraint)")
            #expect(!solver.hasConstraint(constraint))
        }
        // Finite numbers whose substitution overflows are refused too.
        let huge = SolverVariable("huge")
        try solver.addConstraint(huge == 1e300 * x)
        #expect(Self.refusal { try solver.addConstraint((1e300 * huge == 0).withStrength(.weak)) } == "notFinite")

        let edited = SolverVariable("edited")
        try solver.addEditVariable(edited)
        #expect(Self.refusal { try solver.suggestValue(.nan, for: edited) } == "notFiniteSuggestion")
        #expect(Self.refusal { try solver.suggestValue(-.infinity, for: edited) } == "notFiniteSuggestion")
        solver.updateVariables()
        #expect(x.value == 3 && abs(huge.value - 3e300) < 1e290 && edited.value == 0)
    }

    @Test func aChainOfAThousandConstraintsSolvesQuickly() throws {
        let clock = ContinuousClock()
        let variables = (0...1000).map { SolverVariable("x\($0)") }
        let elapsed = try clock.measure {
            let solver = Solver()
            try solver.addConstraint(variables[0] == 0)
            for index in 0..<1000 {
                try solver.addConstraint(variables[index + 1] == variables[index] + 1)
            }
            solver.updateVariables()
            #expect(variables.indices.allSatisfy { Self.approximately(variables[$0].value, Double($0)) })

            // Dragging the start of a chain built the other way round moves the whole chain.
            let reversed = Solver()
            for index in (0..<1000).reversed() {
                try reversed.addConstraint(variables[index + 1] == variables[index] + 1)
            }
            try reversed.addEditVariable(variables[0])
            for start in stride(from: 0.0, through: 50, by: 5) {
                try reversed.suggestValue(start, for: variables[0])
            }
            reversed.updateVariables()
            #expect(Self.approximately(variables[1000].value, 1050))
        }
        // Generous for a debug build on a shared machine; it takes a small fraction of this.
        #expect(elapsed < .seconds(10), "took \(elapsed)")
    }

    @Test func removingEverythingLeavesAnEmptySolver() throws {
        let solver = Solver()
        let x = SolverVariable("x")
        let y = SolverVariable("y")
        let constraints = [
            x >= 10, (x == 50).withStrength(.weak), y == x * 2, (y <= 60).withStrength(.strong), x + y <= 200,
        ]
        for constraint in constraints {
            try solver.addConstraint(constraint)
        }
        try solver.addEditVariable(y, strength: .medium)
        try solver.suggestValue(100, for: y)
        solver.updateVariables()
        #expect(Self.approximately(x.value, 30) && Self.approximately(y.value, 60))
        try solver.removeEditVariable(y)
        for constraint in constraints.reversed() {
            try solver.removeConstraint(constraint)
        }
        #expect(solver.rows.isEmpty && solver.variableRecords.isEmpty && solver.objective.levels.isEmpty)
    }

    /// Random constraints, removals and edits on a few variables: after each step the incremental
    /// tableau must be feasible, keep every required constraint, refuse only what is truly
    /// infeasible, and reach the same per-priority error as a solver built from scratch (the
    /// optimum's errors are unique even where the solution is not).
    @Test func incrementalSolvingMatchesSolvingFromScratch() throws {
        var random = SplitMix(seed: 2001)
        let priorities: [Float] = [750, 500, 250, 1]
        func error(of constraint: LinearConstraint) -> Double {
            let value = constraint.expression.terms.reduce(constraint.expression.constant) {
                $0 + $1.coefficient * $1.variable.value
            }
            switch constraint.relation {
            case .equal: return abs(value)
            case .greaterThanOrEqual: return max(0, -value)
            case .lessThanOrEqual: return max(0, value)
            }
        }
        func errors(_ constraints: [LinearConstraint]) -> [Double] {
            priorities.map { priority in
                constraints.filter { $0.strength.priority == priority }.reduce(0) { $0 + error(of: $1) }
            }
        }

        for round in 0..<40 {
            let variables = (0..<2 + round % 4).map { SolverVariable("x\($0)") }
            let solver = Solver()
            var active: [LinearConstraint] = []
            var edits: [(variable: SolverVariable, strength: Strength, value: Double)] = []
            for step in 0..<25 {
                let operation = random.next(10)
                if operation < 5 || active.isEmpty {
                    var expression = LinearExpression(Double(random.next(41)) - 20)
                    for _ in 0...random.next(3) {
                        expression = expression + (Double(random.next(7)) - 3) * variables[random.next(variables.count)]
                    }
                    let relation = [LinearConstraint.Relation.equal, .lessThanOrEqual, .greaterThanOrEqual][
                        random.next(3)]
                    let strength =
                        random.next(2) == 0 ? Strength.required : Strength(priority: priorities[random.next(4)])
                    let constraint = LinearConstraint(expression: expression, relation: relation, strength: strength)
                    do {
                        try solver.addConstraint(constraint)
                        active.append(constraint)
                    } catch SolverError.unsatisfiable {
                        let check = Solver()
                        for required in active where required.strength.isRequired {
                            try check.addConstraint(required)
                        }
                        #expect(
                            Self.refusal { try check.addConstraint(constraint) } == "unsatisfiable",
                            "round \(round) step \(step)")
                    }
                } else if operation < 7 {
                    try solver.removeConstraint(active.remove(at: random.next(active.count)))
                } else if operation < 8 {
                    let variable = variables[random.next(variables.count)]
                    if let index = edits.firstIndex(where: { $0.variable === variable }) {
                        try solver.removeEditVariable(variable)
                        edits.remove(at: index)
                    } else {
                        let strength = Strength(priority: priorities[random.next(4)])
                        try solver.addEditVariable(variable, strength: strength)
                        edits.append((variable, strength, solver.currentValue(of: variable) ?? 0))
                    }
                } else if !edits.isEmpty {
                    let index = random.next(edits.count)
                    edits[index].value = Double(random.next(81)) - 40
                    try solver.suggestValue(edits[index].value, for: edits[index].variable)
                }

                for (basic, row) in solver.rows where basic.isRestricted {
                    #expect(row.constant > -1e-6, "round \(round) step \(step): \(basic) = \(row)")
                }
                solver.updateVariables()
                for constraint in active where constraint.strength.isRequired {
                    #expect(error(of: constraint) < 1e-6, "round \(round) step \(step): \(constraint)")
                }
                let editConstraints = edits.map {
                    LinearConstraint(
                        LinearExpression($0.variable), .equal, LinearExpression($0.value), strength: $0.strength)
                }
                let incremental = errors(active + editConstraints)
                let fresh = Solver()
                for constraint in active + editConstraints {
                    try fresh.addConstraint(constraint)
                }
                fresh.updateVariables()
                let fromScratch = errors(active + editConstraints)
                #expect(
                    zip(incremental, fromScratch).allSatisfy { abs($0 - $1) < 1e-6 },
                    "round \(round) step \(step): \(incremental) vs \(fromScratch)")
            }
            for edit in edits {
                try solver.removeEditVariable(edit.variable)
            }
            for constraint in active.reversed() {
                try solver.removeConstraint(constraint)
            }
            #expect(solver.rows.isEmpty && solver.variableRecords.isEmpty, "round \(round)")
        }
    }
}

/// A small deterministic generator (SplitMix64), so the randomised test is the same every run.
private struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { self.state = seed }

    mutating func next(_ bound: Int) -> Int {
        self.state &+= 0x9E37_79B9_7F4A_7C15
        var z = self.state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
