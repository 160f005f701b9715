/// A quantity the solver finds a value for: one edge or size of a view, say.
///
/// A class, not a value, because constraints and the solver refer to one variable by its
/// identity: two variables that happen to share a name are still two unknowns. The solver
/// writes `value` only in `Solver.updateVariables()`, so reading it between solves gives the
/// last solution, never a half-pivoted tableau.
final class SolverVariable: CustomStringConvertible {
    /// For debugging and error messages only; the solver never looks at it.
    let name: String
    /// The solution, as of the last `Solver.updateVariables()`.
    var value: Double

    init(_ name: String = "", value: Double = 0) {
        self.name = name
        self.value = value
    }

    var description: String {
        self.name.isEmpty ? "v" + String(UInt(bitPattern: ObjectIdentifier(self)), radix: 16) : self.name
    }
}
