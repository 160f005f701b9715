/// Turning a constraint into a tableau row, and finding the row a basic symbol (Cassowary's
/// paper, "Adding a constraint").
extension Solver {
    /// A constraint rewritten as the equation `0 = row` over the current parametric symbols,
    /// with the symbols it introduced.
    struct BuiltRow {
        var row: Row
        let marker: Symbol
        let other: Symbol?
        /// The error symbols, which go into the objective once the row is in the tableau.
        let errors: [Symbol]
        /// The distinct variables of the constraint.
        let variables: [ObjectIdentifier]
        /// Symbols that appear in no row yet: the ones just made, and variables no constraint
        /// used before. Making one of them basic needs no substitution into other rows.
        let newSymbols: Set<Symbol>
    }

    /// Substitutes the rows of basic variables into the expression, then adds the slack, error
    /// or dummy symbols the relation and strength call for:
    /// - `e ≥ 0` (and `e ≤ 0` as `-e ≥ 0`) becomes `e - slack = 0`; if not required,
    ///   `e - slack + error = 0`, the error being how far `e` falls short;
    /// - `e = 0` required becomes `e + dummy = 0`, the dummy being its marker, pinned at 0;
    /// - `e = 0` not required becomes `e - plus + minus = 0`, i.e. `e = plus - minus`, both
    ///   errors ≥ 0 and minimised, so their sum is `|e|` at the optimum.
    func makeRow(for constraint: LinearConstraint) -> BuiltRow {
        var row = Row(constant: constraint.expression.constant)
        var variables: [ObjectIdentifier] = []
        var newSymbols: Set<Symbol> = []
        for term in constraint.expression.terms where term.coefficient != 0 {
            let key = ObjectIdentifier(term.variable)
            let symbol = self.symbol(for: term.variable)
            if !variables.contains(key) {
                variables.append(key)
                if self.variableRecords[key]?.users == 0 { newSymbols.insert(symbol) }
            }
            if let basic = self.rows[symbol] {
                row.add(basic, times: term.coefficient)
            } else {
                row.add(term.coefficient, symbol)
            }
        }

        let marker: Symbol
        let other: Symbol?
        let errors: [Symbol]
        let required = constraint.strength.isRequired
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            if constraint.relation == .lessThanOrEqual { row.negate() }
            let slack = self.makeSymbol(.slack)
            row.add(-1, slack)
            marker = slack
            if required {
                other = nil
                errors = []
            } else {
                let error = self.makeSymbol(.error)
                row.add(1, error)
                other = error
                errors = [error]
            }
        case .equal:
            if required {
                let dummy = self.makeSymbol(.dummy)
                row.add(1, dummy)
                marker = dummy
                other = nil
                errors = []
            } else {
                let plus = self.makeSymbol(.error)
                let minus = self.makeSymbol(.error)
                row.add(-1, plus)
                row.add(1, minus)
                marker = plus
                other = minus
                errors = [plus, minus]
            }
        }
        newSymbols.formUnion([marker] + (other.map { [$0] } ?? []))
        return BuiltRow(
            row: row, marker: marker, other: other, errors: errors, variables: variables, newSymbols: newSymbols)
    }

    /// Puts the built row into the tableau, keeping it feasible; false when the constraint
    /// (necessarily required) cannot hold, in which case the tableau is as it was.
    func insert(_ built: BuiltRow) -> Bool {
        var row = built.row
        // `0 = row` and `0 = -row` are the same equation; with the constant ≥ 0, a restricted
        // subject with a negative coefficient gets a constant ≥ 0 when solved for.
        if row.constant < 0 { row.negate() }
        var subject = self.chooseSubject(row, newSymbols: built.newSymbols)
        if subject == nil, Solver.isNearZero(row.constant) {
            // A zero constant stays ≥ 0 either way round, so the other sign may offer a subject.
            row.negate()
            subject = self.chooseSubject(row, newSymbols: built.newSymbols)
        }
        guard let subject else { return self.insertWithArtificialSymbol(row) }
        row.solve(for: subject)
        if !built.newSymbols.contains(subject) { self.substitute(subject, with: row) }
        self.rows[subject] = row
        return true
    }

    /// The paper's choice of subject for `0 = row` (constant ≥ 0), lowest number first within
    /// each rule:
    /// 1. an external symbol, preferably one in no other row (nothing to substitute then).
    ///    External basic symbols may have any sign, so this never breaks feasibility, and by the
    ///    invariant in `Solver` an external parametric symbol only appears in rows of external
    ///    symbols, so substituting it changes no restricted row;
    /// 2. a slack or error symbol of this constraint with a negative coefficient: new, it
    ///    appears nowhere else, and solving for it gives it the constant ≥ 0 it needs.
    /// Nil when neither applies (every symbol is restricted and old, or the constraint's own
    /// have the wrong sign): then only an artificial symbol can tell whether the row can hold.
    func chooseSubject(_ row: Row, newSymbols: Set<Symbol>) -> Symbol? {
        var newExternal: Symbol?
        var anyExternal: Symbol?
        var newRestricted: Symbol?
        for (symbol, coefficient) in row.cells {
            switch symbol.kind {
            case .external:
                if newSymbols.contains(symbol), newExternal.map({ symbol < $0 }) ?? true { newExternal = symbol }
                if anyExternal.map({ symbol < $0 }) ?? true { anyExternal = symbol }
            case .slack, .error:
                if coefficient < 0, newSymbols.contains(symbol), newRestricted.map({ symbol < $0 }) ?? true {
                    newRestricted = symbol
                }
            case .dummy, .artificial:
                break
            }
        }
        return newExternal ?? anyExternal ?? newRestricted
    }

    /// Phase one of the two-phase simplex for a single row: makes an artificial symbol `a = row`
    /// basic (feasible, since the constant is ≥ 0) and minimises it. If `a` reaches 0 the
    /// equation `0 = row` can hold with everything else: `a` is taken out (pivoted out if still
    /// basic, its column dropped otherwise) and the equation stays in the pivoted rows. If it
    /// cannot reach 0, the constraint conflicts with the required ones and the saved tableau is
    /// put back, so the previous solution stays exactly as it was (not just an equally good one).
    func insertWithArtificialSymbol(_ row: Row) -> Bool {
        let savedRows = self.rows
        let savedObjective = self.objective
        let artificial = self.makeSymbol(.artificial)
        self.rows[artificial] = row
        self.artificialObjective = Objective(minimising: row)
        self.optimize(artificial: true)
        let residual = self.artificialObjective?.levels.first?.row.constant ?? 0
        self.artificialObjective = nil
        guard residual < Solver.epsilon else {
            self.rows = savedRows
            self.objective = savedObjective
            return false
        }
        if var artificialRow = self.rows.removeValue(forKey: artificial) {
            // `a = row` with a = 0 is `0 = row`, whose constant is (near) 0: any symbol of the row
            // can become its subject without breaking feasibility. A pivotable one is preferred;
            // a dummy is left only when the row holds nothing else (a redundant equality). An
            // empty row was redundant as a whole and simply goes.
            let symbols = artificialRow.cells.keys
            if let subject = symbols.filter(\.isPivotable).min() ?? symbols.min() {
                artificialRow.solve(for: subject)
                self.substitute(subject, with: artificialRow)
                self.rows[subject] = artificialRow
            }
        } else {
            self.forEachRow { $0.remove(artificial) }
            self.objective.remove(artificial)
        }
        return true
    }

    /// Adds a non-required constraint's error symbols to its level of the objective, by their
    /// rows if they became basic.
    func addErrors(of built: BuiltRow, at priority: Float) {
        self.objective.retain(priority)
        for error in built.errors {
            self.objective.add(self.rows[error] ?? Self.row(of: error), times: 1, at: priority)
        }
    }
}
