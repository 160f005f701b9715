/// `expression relation 0` at a strength: what the solver is given.
///
/// A class because the solver tracks constraints by identity: removing one means removing that
/// object, even if another with the same terms was added too. Immutable, since the solver's
/// tableau is derived from it at `addConstraint(_:)` and would not follow a change; make a new
/// one (`withStrength(_:)`) and swap them instead.
final class LinearConstraint: CustomStringConvertible {
    enum Relation: CustomStringConvertible {
        case equal
        case lessThanOrEqual
        case greaterThanOrEqual

        var description: String {
            switch self {
            case .equal: "=="
            case .lessThanOrEqual: "<="
            case .greaterThanOrEqual: ">="
            }
        }
    }

    /// `lhs - rhs`, so the constraint reads `expression relation 0`.
    let expression: LinearExpression
    let relation: Relation
    let strength: Strength

    init(expression: LinearExpression, relation: Relation, strength: Strength = .required) {
        self.expression = expression
        self.relation = relation
        self.strength = strength
    }

    convenience init(
        _ lhs: LinearExpression, _ relation: Relation, _ rhs: LinearExpression, strength: Strength = .required
    ) {
        self.init(expression: lhs - rhs, relation: relation, strength: strength)
    }

    /// The same relation at another strength, as a new constraint.
    func withStrength(_ strength: Strength) -> LinearConstraint {
        LinearConstraint(expression: self.expression, relation: self.relation, strength: strength)
    }

    var description: String { "\(self.expression) \(self.relation) 0 (\(self.strength))" }
}

// MARK: - Relations
//
// `==`, `<=` and `>=` between any two of variable, expression and Double, giving a required
// constraint (`.withStrength(_:)` for others). Variables and expressions are deliberately not
// `Equatable`, so `x == y` can only mean a constraint.

private func constraint(_ lhs: LinearExpression, _ relation: LinearConstraint.Relation, _ rhs: LinearExpression)
    -> LinearConstraint
{
    LinearConstraint(lhs, relation, rhs)
}

func == (lhs: LinearExpression, rhs: LinearExpression) -> LinearConstraint { constraint(lhs, .equal, rhs) }
func == (lhs: LinearExpression, rhs: SolverVariable) -> LinearConstraint {
    constraint(lhs, .equal, LinearExpression(rhs))
}
func == (lhs: SolverVariable, rhs: LinearExpression) -> LinearConstraint {
    constraint(LinearExpression(lhs), .equal, rhs)
}
func == (lhs: SolverVariable, rhs: SolverVariable) -> LinearConstraint {
    constraint(LinearExpression(lhs), .equal, LinearExpression(rhs))
}
func == (lhs: LinearExpression, rhs: Double) -> LinearConstraint { constraint(lhs, .equal, LinearExpression(rhs)) }
func == (lhs: Double, rhs: LinearExpression) -> LinearConstraint { constraint(LinearExpression(lhs), .equal, rhs) }
func == (lhs: SolverVariable, rhs: Double) -> LinearConstraint {
    constraint(LinearExpression(lhs), .equal, LinearExpression(rhs))
}
func == (lhs: Double, rhs: SolverVariable) -> LinearConstraint {
    constraint(LinearExpression(lhs), .equal, LinearExpression(rhs))
}

func <= (lhs: LinearExpression, rhs: LinearExpression) -> LinearConstraint { constraint(lhs, .lessThanOrEqual, rhs) }
func <= (lhs: LinearExpression, rhs: SolverVariable) -> LinearConstraint {
    constraint(lhs, .lessThanOrEqual, LinearExpression(rhs))
}
func <= (lhs: SolverVariable, rhs: LinearExpression) -> LinearConstraint {
    constraint(LinearExpression(lhs), .lessThanOrEqual, rhs)
}
func <= (lhs: SolverVariable, rhs: SolverVariable) -> LinearConstraint {
    constraint(LinearExpression(lhs), .lessThanOrEqual, LinearExpression(rhs))
}
func <= (lhs: LinearExpression, rhs: Double) -> LinearConstraint {
    constraint(lhs, .lessThanOrEqual, LinearExpression(rhs))
}
func <= (lhs: Double, rhs: LinearExpression) -> LinearConstraint {
    constraint(LinearExpression(lhs), .lessThanOrEqual, rhs)
}
func <= (lhs: SolverVariable, rhs: Double) -> LinearConstraint {
    constraint(LinearExpression(lhs), .lessThanOrEqual, LinearExpression(rhs))
}
func <= (lhs: Double, rhs: SolverVariable) -> LinearConstraint {
    constraint(LinearExpression(lhs), .lessThanOrEqual, LinearExpression(rhs))
}

func >= (lhs: LinearExpression, rhs: LinearExpression) -> LinearConstraint { constraint(lhs, .greaterThanOrEqual, rhs) }
func >= (lhs: LinearExpression, rhs: SolverVariable) -> LinearConstraint {
    constraint(lhs, .greaterThanOrEqual, LinearExpression(rhs))
}
func >= (lhs: SolverVariable, rhs: LinearExpression) -> LinearConstraint {
    constraint(LinearExpression(lhs), .greaterThanOrEqual, rhs)
}
func >= (lhs: SolverVariable, rhs: SolverVariable) -> LinearConstraint {
    constraint(LinearExpression(lhs), .greaterThanOrEqual, LinearExpression(rhs))
}
func >= (lhs: LinearExpression, rhs: Double) -> LinearConstraint {
    constraint(lhs, .greaterThanOrEqual, LinearExpression(rhs))
}
func >= (lhs: Double, rhs: LinearExpression) -> LinearConstraint {
    constraint(LinearExpression(lhs), .greaterThanOrEqual, rhs)
}
func >= (lhs: SolverVariable, rhs: Double) -> LinearConstraint {
    constraint(LinearExpression(lhs), .greaterThanOrEqual, LinearExpression(rhs))
}
func >= (lhs: Double, rhs: SolverVariable) -> LinearConstraint {
    constraint(LinearExpression(lhs), .greaterThanOrEqual, LinearExpression(rhs))
}
