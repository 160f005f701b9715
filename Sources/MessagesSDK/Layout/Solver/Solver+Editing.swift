/// Edit variables: values that are dragged around (a view being resized, a scroll offset),
/// re-solved incrementally on each suggestion (Cassowary's paper, section 5).
///
/// An edit variable is a non-required constraint `variable == value`, i.e.
/// `variable - value = plus - minus` with its two errors. Suggesting a new value changes only
/// that constant, which the tableau absorbs by shifting the constants of the rows that hold
/// `plus` (or the one row of whichever error is basic); the solution stays optimal, though maybe
/// no longer feasible, and the dual simplex repairs just that. No row is rebuilt.
extension Solver {
    func hasEditVariable(_ variable: SolverVariable) -> Bool {
        self.editRecords[ObjectIdentifier(variable)] != nil
    }

    /// Makes `variable` editable at `strength`, which cannot be required. It starts at its
    /// current solved value (or its `value`, if the solver does not know it yet), so adding an
    /// edit variable does not move anything by itself.
    func addEditVariable(_ variable: SolverVariable, strength: Strength = .strong) throws {
        let key = ObjectIdentifier(variable)
        guard self.editRecords[key] == nil else { throw SolverError.duplicateEditVariable(variable) }
        guard strength.isValid else { throw SolverError.invalidStrength(strength) }
        guard !strength.isRequired else { throw SolverError.requiredEditStrength(variable) }
        let start = self.currentValue(of: variable) ?? (variable.value.isFinite ? variable.value : 0)
        let constraint = LinearConstraint(
            LinearExpression(variable), .equal, LinearExpression(start), strength: strength)
        try self.addConstraint(constraint)
        guard let record = self.constraintRecords[ObjectIdentifier(constraint)], let minus = record.other else {
            return
        }
        self.editRecords[key] = EditRecord(constraint: constraint, plus: record.marker, minus: minus, constant: start)
    }

    func removeEditVariable(_ variable: SolverVariable) throws {
        guard let edit = self.editRecords.removeValue(forKey: ObjectIdentifier(variable)) else {
            throw SolverError.unknownEditVariable(variable)
        }
        try self.removeConstraint(edit.constraint)
    }

    /// Moves an edit variable's target to `value` and re-solves incrementally; call
    /// `updateVariables()` to read the result.
    ///
    /// With `delta = value - previous`, the edit's equation `v - previous - delta = plus - minus`
    /// is the old one with `plus` renamed `plus + delta` (or `minus` renamed `minus - delta`).
    /// So: if `plus` is basic its row's constant drops by `delta`; else if `minus` is basic its
    /// constant rises by `delta`; else every row holding `plus` with coefficient `c` gains
    /// `c · delta`. Restricted rows driven negative are then fixed by the dual simplex.
    func suggestValue(_ value: Double, for variable: SolverVariable) throws {
        let key = ObjectIdentifier(variable)
        guard value.isFinite else { throw SolverError.notFiniteSuggestion(value, variable) }
        guard var edit = self.editRecords[key] else { throw SolverError.unknownEditVariable(variable) }
        let delta = value - edit.constant
        edit.constant = value
        self.editRecords[key] = edit

        if self.rows[edit.plus] != nil {
            self.rows[edit.plus]?.constant -= delta
        } else if self.rows[edit.minus] != nil {
            self.rows[edit.minus]?.constant += delta
        } else {
            let plus = edit.plus
            self.forEachRow { row in
                let coefficient = row.coefficient(of: plus)
                if coefficient != 0 { row.constant += coefficient * delta }
            }
        }
        self.dualOptimize()
    }
}
