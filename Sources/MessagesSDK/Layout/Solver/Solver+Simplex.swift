/// The simplex steps: pivoting, the primal optimisation after a constraint is added or removed,
/// and the dual optimisation after edit values change (Cassowary's paper, sections 4 and 5).
extension Solver {
    /// A cap on pivots per optimisation. Bland's rule terminates in exact arithmetic; the cap is
    /// there so that rounding can never turn a solve into an endless loop. Reaching it leaves a
    /// feasible but possibly suboptimal solution (for the primal) rather than hanging the caller.
    var pivotLimit: Int { 1_000 + 50 * self.rows.count }

    /// Exchanges a basic and a parametric symbol: `leaving`'s row is solved for `entering`,
    /// which becomes basic, and substituted wherever `entering` appeared.
    func pivot(entering: Symbol, leaving: Symbol) {
        guard var row = self.rows.removeValue(forKey: leaving) else { return }
        row.add(-1, leaving)  // leaving = row  ⇔  0 = row - leaving
        row.solve(for: entering)
        self.substitute(entering, with: row)
        self.rows[entering] = row
    }

    /// Replaces a symbol by its new row in every row and in the objectives.
    func substitute(_ symbol: Symbol, with row: Row) {
        self.forEachRow { $0.substitute(symbol, with: row) }
        self.objective.substitute(symbol, with: row)
        self.artificialObjective?.substitute(symbol, with: row)
    }

    /// Primal simplex: from a feasible tableau, pivots until no pivotable symbol improves the
    /// objective (the artificial one while testing a required constraint).
    func optimize(artificial: Bool = false) {
        for _ in 0..<self.pivotLimit {
            let entering = artificial ? self.artificialObjective?.enteringSymbol() : self.objective.enteringSymbol()
            guard let entering else { return }
            // No row limits the entering symbol only if the objective is unbounded below, which
            // a sum of errors ≥ 0 is not; stop rather than pivot on nothing.
            guard let leaving = self.leavingSymbol(forEntering: entering) else { return }
            self.pivot(entering: entering, leaving: leaving)
        }
    }

    /// The ratio test: of the restricted rows that `entering` decreases, the one that reaches 0
    /// first, so that every restricted symbol stays ≥ 0. Ties go to the lowest number (Bland).
    func leavingSymbol(forEntering entering: Symbol) -> Symbol? {
        var best: (symbol: Symbol, ratio: Double)?
        for (basic, row) in self.rows where basic.isRestricted {
            let coefficient = row.coefficient(of: entering)
            guard coefficient < 0 else { continue }
            Self.keepBetter(&best, basic, -row.constant / coefficient)
        }
        return best?.symbol
    }

    /// Dual simplex: from an optimal tableau whose constants an edit made negative, pivots the
    /// infeasible restricted rows out while keeping every reduced cost ≥ 0 (lexicographically),
    /// so it ends feasible and still optimal. This is what makes a drag cheap: only the rows the
    /// edit pushed out of bounds are touched.
    func dualOptimize() {
        for _ in 0..<self.pivotLimit {
            var leaving: Symbol?
            for (basic, row) in self.rows where basic.isRestricted && row.constant < -Solver.epsilon {
                if leaving.map({ basic < $0 }) ?? true { leaving = basic }
            }
            guard let leaving else { return }
            // A row with nothing to raise it would be a required constraint broken by an edit,
            // which cannot happen: edits are never required, their errors absorb any value.
            guard let entering = self.dualEnteringSymbol(forLeaving: leaving) else { return }
            self.pivot(entering: entering, leaving: leaving)
        }
    }

    /// Of the pivotable symbols that raise the infeasible row, the one whose reduced cost per
    /// unit of coefficient is smallest, so that no reduced cost turns negative. Ties go to the
    /// lowest number.
    private func dualEnteringSymbol(forLeaving leaving: Symbol) -> Symbol? {
        guard let row = self.rows[leaving] else { return nil }
        var best: (symbol: Symbol, ratio: [Double])?
        for (symbol, coefficient) in row.cells where symbol.isPivotable && coefficient > 0 {
            let ratio = self.objective.reducedCost(of: symbol).map { $0 / coefficient }
            if let current = best {
                let order = Objective.compare(ratio, current.ratio)
                guard order < 0 || (order == 0 && symbol < current.symbol) else { continue }
            }
            best = (symbol, ratio)
        }
        return best?.symbol
    }

    /// The row to pivot a parametric marker into, to remove its constraint (the paper's rules,
    /// with a rule 0 for dummies):
    /// 0. a row of a basic dummy holding it (the lowest-numbered). A redundant required equality
    ///    can leave a dummy basic, its row `0 + Σ dummies`; pivoting through that row changes no
    ///    constant, and keeps every dummy row made of dummies only, hence pinned at 0. Any other
    ///    choice would substitute slacks or errors into such a row and let its dummy (its
    ///    required equality) drift from 0;
    /// 1. of the restricted rows where the marker has a negative coefficient, the one with the
    ///    smallest `-constant/coefficient` (raising the marker to there keeps all rows feasible);
    /// 2. else, of the restricted rows where it is positive, the smallest `constant/coefficient`
    ///    (lowering it likewise);
    /// 3. else any row of an external symbol holding it (the lowest-numbered).
    /// The marker's row is dropped right after, so its own sign does not matter. Nil if the
    /// marker appears nowhere (its constraint was redundant and left no trace).
    func leavingSymbol(forMarker marker: Symbol) -> Symbol? {
        var decreasing: (symbol: Symbol, ratio: Double)?
        var increasing: (symbol: Symbol, ratio: Double)?
        var external: Symbol?
        var pinned: Symbol?
        for (basic, row) in self.rows {
            let coefficient = row.coefficient(of: marker)
            if coefficient == 0 { continue }
            if basic.kind == .dummy {
                if pinned.map({ basic < $0 }) ?? true { pinned = basic }
            } else if !basic.isRestricted {
                if external.map({ basic < $0 }) ?? true { external = basic }
            } else if coefficient < 0 {
                Self.keepBetter(&decreasing, basic, -row.constant / coefficient)
            } else {
                Self.keepBetter(&increasing, basic, row.constant / coefficient)
            }
        }
        return pinned ?? decreasing?.symbol ?? increasing?.symbol ?? external
    }

    /// Keeps the smaller ratio, ratios within the tolerance counting as equal and the lower
    /// symbol winning those ties.
    private static func keepBetter(_ best: inout (symbol: Symbol, ratio: Double)?, _ symbol: Symbol, _ ratio: Double) {
        if let current = best {
            if ratio > current.ratio + Solver.epsilon { return }
            if ratio >= current.ratio - Solver.epsilon, current.symbol < symbol { return }
        }
        best = (symbol, ratio)
    }
}
