/// One variable times a coefficient: a part of a `LinearExpression`.
struct LinearTerm {
    let variable: SolverVariable
    var coefficient: Double
}

/// `constant + Σ coefficientᵢ · variableᵢ`, what constraints are made of.
///
/// Terms are kept as written (a variable may appear in two terms, or with a coefficient of 0):
/// the solver sums them by variable when it turns the expression into a tableau row, so building
/// an expression with the operators below stays a matter of appending.
///
/// Not `ExpressibleByIntegerLiteral`/`ExpressibleByFloatLiteral` on purpose: with literal
/// conversion, `x + 8` could mean `x + LinearExpression(8)` or `x + 8.0` and the type checker
/// would have to weigh both for every operator; the `Double` overloads cover constants instead.
struct LinearExpression: CustomStringConvertible {
    var terms: [LinearTerm]
    var constant: Double

    init(terms: [LinearTerm] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    init(_ constant: Double) {
        self.init(terms: [], constant: constant)
    }

    init(_ variable: SolverVariable, coefficient: Double = 1) {
        self.init(terms: [LinearTerm(variable: variable, coefficient: coefficient)], constant: 0)
    }

    /// Whether every coefficient and the constant are real numbers: the solver refuses the rest,
    /// since one NaN would spread through every row it is substituted into.
    var isFinite: Bool {
        self.constant.isFinite && self.terms.allSatisfy { $0.coefficient.isFinite }
    }

    func scaled(by factor: Double) -> LinearExpression {
        LinearExpression(
            terms: self.terms.map { LinearTerm(variable: $0.variable, coefficient: $0.coefficient * factor) },
            constant: self.constant * factor)
    }

    func adding(_ other: LinearExpression) -> LinearExpression {
        LinearExpression(terms: self.terms + other.terms, constant: self.constant + other.constant)
    }

    var description: String {
        var text = ""
        for term in self.terms {
            let magnitude = abs(term.coefficient)
            let sign = term.coefficient < 0 ? "-" : "+"
            text += text.isEmpty ? (sign == "-" ? "-" : "") : " \(sign) "
            text += magnitude == 1 ? "\(term.variable)" : "\(magnitude)*\(term.variable)"
        }
        if text.isEmpty { return "\(self.constant)" }
        if self.constant != 0 { text += self.constant < 0 ? " - \(-self.constant)" : " + \(self.constant)" }
        return text
    }
}

// MARK: - Arithmetic
//
// Every combination of variable, expression and Double that stays linear: sums and differences of
// any two, products and quotients by a Double. (A product of two variables is not linear, so it
// does not exist.) Each converts its operands to expressions and uses the two primitives above.

prefix func - (operand: LinearExpression) -> LinearExpression { operand.scaled(by: -1) }
prefix func - (operand: SolverVariable) -> LinearExpression { LinearExpression(operand, coefficient: -1) }

func + (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression { lhs.adding(rhs) }
func + (lhs: LinearExpression, rhs: SolverVariable) -> LinearExpression { lhs.adding(LinearExpression(rhs)) }
func + (lhs: SolverVariable, rhs: LinearExpression) -> LinearExpression { LinearExpression(lhs).adding(rhs) }
func + (lhs: SolverVariable, rhs: SolverVariable) -> LinearExpression {
    LinearExpression(lhs).adding(LinearExpression(rhs))
}
func + (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs.adding(LinearExpression(rhs)) }
func + (lhs: Double, rhs: LinearExpression) -> LinearExpression { LinearExpression(lhs).adding(rhs) }
func + (lhs: SolverVariable, rhs: Double) -> LinearExpression { LinearExpression(lhs).adding(LinearExpression(rhs)) }
func + (lhs: Double, rhs: SolverVariable) -> LinearExpression { LinearExpression(lhs).adding(LinearExpression(rhs)) }

func - (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression { lhs.adding(-rhs) }
func - (lhs: LinearExpression, rhs: SolverVariable) -> LinearExpression { lhs.adding(-rhs) }
func - (lhs: SolverVariable, rhs: LinearExpression) -> LinearExpression { LinearExpression(lhs).adding(-rhs) }
func - (lhs: SolverVariable, rhs: SolverVariable) -> LinearExpression { LinearExpression(lhs).adding(-rhs) }
func - (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs.adding(LinearExpression(-rhs)) }
func - (lhs: Double, rhs: LinearExpression) -> LinearExpression { LinearExpression(lhs).adding(-rhs) }
func - (lhs: SolverVariable, rhs: Double) -> LinearExpression { LinearExpression(lhs).adding(LinearExpression(-rhs)) }
func - (lhs: Double, rhs: SolverVariable) -> LinearExpression { LinearExpression(lhs).adding(-rhs) }

func * (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs.scaled(by: rhs) }
func * (lhs: Double, rhs: LinearExpression) -> LinearExpression { rhs.scaled(by: lhs) }
func * (lhs: SolverVariable, rhs: Double) -> LinearExpression { LinearExpression(lhs, coefficient: rhs) }
func * (lhs: Double, rhs: SolverVariable) -> LinearExpression { LinearExpression(rhs, coefficient: lhs) }

/// Division by 0 gives infinite coefficients, which `Solver.addConstraint(_:)` refuses.
func / (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs.scaled(by: 1 / rhs) }
func / (lhs: SolverVariable, rhs: Double) -> LinearExpression { LinearExpression(lhs, coefficient: 1 / rhs) }
