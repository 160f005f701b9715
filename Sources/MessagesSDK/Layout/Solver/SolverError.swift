/// Why the solver refused a request. Every refusal leaves the solver as it was before the call,
/// so a caller (NSLayoutConstraint activation, later) can log it and carry on, as UIKit does.
///
/// `Error` demands `Sendable`, which the constraint and variable it names are not (a variable's
/// `value` is mutable). The payload is there so the caller can tell *which* of its objects was
/// refused, on the same actor that made the call; hence `@unchecked`, and whoever sends the error
/// elsewhere should keep to its `description`.
enum SolverError: Error, @unchecked Sendable, CustomStringConvertible {
    /// A required constraint that cannot hold together with the required ones already added.
    case unsatisfiable(LinearConstraint)
    case duplicateConstraint(LinearConstraint)
    case unknownConstraint(LinearConstraint)
    /// A coefficient or the constant is NaN or infinite (or became so when the constraint was
    /// rewritten over the tableau's rows, by overflow).
    case notFinite(LinearConstraint)
    /// A priority outside UIKit's `0 < p ≤ 1000`.
    case invalidStrength(Strength)
    case duplicateEditVariable(SolverVariable)
    case unknownEditVariable(SolverVariable)
    /// Edit variables are preferences to move towards, so they cannot be required.
    case requiredEditStrength(SolverVariable)
    /// `suggestValue(_:for:)` with NaN or an infinity.
    case notFiniteSuggestion(Double, SolverVariable)

    var description: String {
        switch self {
        case .unsatisfiable(let constraint): "unsatisfiable required constraint: \(constraint)"
        case .duplicateConstraint(let constraint): "constraint already added: \(constraint)"
        case .unknownConstraint(let constraint): "constraint not in the solver: \(constraint)"
        case .notFinite(let constraint): "constraint with a NaN or infinite number: \(constraint)"
        case .invalidStrength(let strength): "priority \(strength.priority) is not in 0 < priority <= 1000"
        case .duplicateEditVariable(let variable): "\(variable) is already an edit variable"
        case .unknownEditVariable(let variable): "\(variable) is not an edit variable"
        case .requiredEditStrength(let variable): "edit variable \(variable) cannot be required"
        case .notFiniteSuggestion(let value, let variable): "suggested value \(value) for \(variable) is not finite"
        }
    }
}
