/// An incremental Cassowary solver (Badros, Borning & Stuckey, "The Cassowary Linear
/// Arithmetic Constraint Solving Algorithm", ACM TOCHI 2001), the algorithm behind Auto Layout.
///
/// Constraints are added and removed one at a time, and each change re-solves from the previous
/// solution instead of from scratch: required constraints always hold, and the others hold as
/// well as their strengths allow, stronger first (see `Strength` for the weighting). Edit
/// variables (`Solver+Editing.swift`) let a value be dragged around cheaply.
///
/// ## The tableau
/// `rows` maps each basic symbol to its expression over parametric symbols (see `Row`), in
/// *basic feasible solved form*: every restricted basic symbol has a constant ≥ 0, so setting
/// the parametric symbols to 0 is a solution of everything added. `objective` holds the
/// weighted errors over the same parametric symbols, and the solution is optimal when no
/// pivotable symbol has a negative reduced cost.
///
/// One invariant keeps the algorithm simple: the objective and the rows of restricted symbols
/// never contain an external (user) symbol. A new row chooses an external symbol as its subject
/// whenever it contains one (`Solver+Rows.swift`), so only the rows of external symbols carry
/// other external ones, and pivots only exchange restricted symbols (removal is the exception,
/// and only for rows of external symbols). So the simplex needs to consider restricted symbols
/// only, and moving an external parametric symbol never breaks feasibility. A second one keeps
/// required equalities exact: the row of a basic dummy holds dummies only, so it stays 0 (see
/// `leavingSymbol(forMarker:)`).
///
/// ## Removal
/// Each constraint keeps a *marker* symbol that appears in no other constraint (its slack, its
/// first error symbol, or a dummy): pivoting the marker into the basis and dropping its row
/// takes that constraint, and only it, out of the tableau (`removeConstraint(_:)`).
///
/// Not thread-safe and not `Sendable`: it belongs to whoever lays out (the main actor, for
/// views), like the views themselves.
final class Solver {
    /// What the solver remembers of one added constraint.
    struct ConstraintRecord {
        let constraint: LinearConstraint
        /// Identifies the constraint in the tableau: slack, error (plus) or dummy.
        let marker: Symbol
        /// The second symbol the constraint introduced, if any: the minus error of a non-required
        /// equality, or the error of a non-required inequality.
        let other: Symbol?
        /// The distinct variables of the expression, whose use counts it holds.
        let variables: [ObjectIdentifier]
    }

    /// A user variable the solver knows, with the number of constraints that use it: when that
    /// reaches 0 the variable is forgotten, so views that come and go do not grow the solver.
    struct VariableRecord {
        let variable: SolverVariable
        let symbol: Symbol
        var users: Int
    }

    /// An edit variable: its constraint `variable == constant` and that constraint's errors.
    struct EditRecord {
        let constraint: LinearConstraint
        let plus: Symbol
        let minus: Symbol
        /// The last suggested value, from which the next suggestion's delta is measured.
        var constant: Double
    }

    var rows: [Symbol: Row] = [:]
    var objective = Objective()
    /// Present only while a required constraint is being tested with an artificial symbol;
    /// pivots keep it up to date alongside `objective`.
    var artificialObjective: Objective?
    var constraintRecords: [ObjectIdentifier: ConstraintRecord] = [:]
    var variableRecords: [ObjectIdentifier: VariableRecord] = [:]
    var editRecords: [ObjectIdentifier: EditRecord] = [:]
    private var lastSymbolID = 0

    /// The tolerance of the whole solver: a coefficient or constant whose magnitude is below it
    /// counts as 0. One value used everywhere, so that a cell the tableau drops as zero is also
    /// one no ratio test or optimality check would have acted on.
    static let epsilon = 1e-8

    static func isNearZero(_ value: Double) -> Bool { abs(value) < Self.epsilon }

    init() {}

    func makeSymbol(_ kind: Symbol.Kind) -> Symbol {
        self.lastSymbolID += 1
        return Symbol(id: self.lastSymbolID, kind: kind)
    }

    func hasConstraint(_ constraint: LinearConstraint) -> Bool {
        self.constraintRecords[ObjectIdentifier(constraint)] != nil
    }

    /// The constraints added, edit variables' included, in no particular order.
    var constraints: [LinearConstraint] { self.constraintRecords.values.map(\.constraint) }

    /// Adds a constraint and re-optimises. Throws, leaving the solver as it was, for a duplicate,
    /// a strength outside UIKit's range, a NaN or infinite number, or a required constraint that
    /// conflicts with the required ones already present (`SolverError.unsatisfiable`).
    func addConstraint(_ constraint: LinearConstraint) throws {
        let key = ObjectIdentifier(constraint)
        guard self.constraintRecords[key] == nil else { throw SolverError.duplicateConstraint(constraint) }
        guard constraint.strength.isValid else { throw SolverError.invalidStrength(constraint.strength) }
        guard constraint.expression.isFinite else { throw SolverError.notFinite(constraint) }

        // Building the row may register new variables; a refusal puts the list back. (The copy
        // is shared with `variableRecords` until a variable is added, so this costs nothing then.)
        let savedVariables = self.variableRecords
        let built = self.makeRow(for: constraint)
        guard built.row.isFinite else {
            self.variableRecords = savedVariables
            throw SolverError.notFinite(constraint)
        }
        guard self.insert(built) else {
            self.variableRecords = savedVariables
            throw SolverError.unsatisfiable(constraint)
        }
        for variable in built.variables {
            self.variableRecords[variable]?.users += 1
        }
        self.constraintRecords[key] = ConstraintRecord(
            constraint: constraint, marker: built.marker, other: built.other, variables: built.variables)
        if !constraint.strength.isRequired {
            self.addErrors(of: built, at: constraint.strength.priority)
        }
        self.optimize()
    }

    /// Removes a constraint and re-optimises, so the other constraints get the solution they
    /// would have had without it.
    func removeConstraint(_ constraint: LinearConstraint) throws {
        guard let record = self.constraintRecords.removeValue(forKey: ObjectIdentifier(constraint)) else {
            throw SolverError.unknownConstraint(constraint)
        }
        // The errors leave the objective first, while the marker is still in the tableau: an
        // error that is the marker itself must not be substituted into the objective below.
        if !constraint.strength.isRequired {
            for error in [record.marker, record.other].compactMap({ $0 }) where error.kind == .error {
                self.objective.add(self.rows[error] ?? Self.row(of: error), times: -1, at: constraint.strength.priority)
            }
            self.objective.release(constraint.strength.priority)
        }
        if self.rows.removeValue(forKey: record.marker) == nil,
            let leaving = self.leavingSymbol(forMarker: record.marker)
        {
            self.pivot(entering: record.marker, leaving: leaving)
            self.rows.removeValue(forKey: record.marker)
        }
        // The other symbol appeared only in this constraint's equation, so in exact arithmetic
        // it is gone from the tableau now; clear any rounding residue so it cannot linger.
        if let other = record.other { self.discard(other) }
        for variable in record.variables {
            self.releaseVariable(variable)
        }
        self.optimize()
    }

    /// Writes the current solution into every variable the solver knows.
    func updateVariables() {
        for record in self.variableRecords.values {
            // `+ 0` turns -0.0 into 0.0, which prints better and compares the same.
            record.variable.value = (self.rows[record.symbol]?.constant ?? 0) + 0
        }
    }

    /// The variable's value in the current tableau (which `updateVariables()` would write).
    func currentValue(of variable: SolverVariable) -> Double? {
        guard let record = self.variableRecords[ObjectIdentifier(variable)] else { return nil }
        return self.rows[record.symbol]?.constant ?? 0
    }

    // MARK: - Bookkeeping

    /// The one-cell row `1 · symbol`.
    static func row(of symbol: Symbol) -> Row {
        var row = Row()
        row.add(1, symbol)
        return row
    }

    /// The variable's symbol, registering the variable (with no users yet) if it is new.
    func symbol(for variable: SolverVariable) -> Symbol {
        let key = ObjectIdentifier(variable)
        if let record = self.variableRecords[key] { return record.symbol }
        let symbol = self.makeSymbol(.external)
        self.variableRecords[key] = VariableRecord(variable: variable, symbol: symbol, users: 0)
        return symbol
    }

    private func releaseVariable(_ key: ObjectIdentifier) {
        guard var record = self.variableRecords[key] else { return }
        record.users -= 1
        if record.users > 0 {
            self.variableRecords[key] = record
        } else {
            self.variableRecords.removeValue(forKey: key)
            self.discard(record.symbol)
        }
    }

    /// Takes a symbol that no constraint uses any more out of the tableau: its row if it is
    /// basic, its cells if it is parametric. (Both are rounding residue by then.)
    func discard(_ symbol: Symbol) {
        if self.rows.removeValue(forKey: symbol) != nil { return }
        self.forEachRow { $0.remove(symbol) }
        self.objective.remove(symbol)
    }

    /// Applies `body` to every row in place. (Iterating `rows` while assigning to it would copy
    /// the whole dictionary on the first write; dictionary indices do not hold on to its storage.)
    func forEachRow(_ body: (inout Row) -> Void) {
        var index = self.rows.values.startIndex
        while index != self.rows.values.endIndex {
            body(&self.rows.values[index])
            self.rows.values.formIndex(after: &index)
        }
    }
}
