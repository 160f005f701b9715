extension Solver {
    /// `constant + Σ coefficient · symbol`, the right-hand side of one tableau row.
    ///
    /// In the tableau a row belongs to its basic symbol `b` and reads `b = constant + Σ cells`, over
    /// parametric (non-basic) symbols only; the solution sets every parametric symbol to 0, so `b`'s
    /// value is `constant`. The same type also holds a new constraint while it is built (then it
    /// reads `0 = constant + Σ cells`) and each level of the objective.
    ///
    /// Cells that come out near zero are removed as they are computed rather than kept as noise,
    /// which keeps rows sparse and keeps a cancelled symbol from looking like a pivot candidate.
    struct Row: CustomStringConvertible {
        var constant: Double
        private(set) var cells: [Symbol: Double]

        init(constant: Double = 0) {
            self.constant = constant
            self.cells = [:]
        }

        func coefficient(of symbol: Symbol) -> Double { self.cells[symbol] ?? 0 }

        /// Whether the constant and every coefficient are real numbers (overflow in substitution
        /// can make them infinite even when the constraint's own numbers are not).
        var isFinite: Bool { self.constant.isFinite && self.cells.values.allSatisfy(\.isFinite) }

        /// Adds `coefficient · symbol`.
        mutating func add(_ coefficient: Double, _ symbol: Symbol) {
            let sum = (self.cells[symbol] ?? 0) + coefficient
            if Solver.isNearZero(sum) {
                self.cells.removeValue(forKey: symbol)
            } else {
                self.cells[symbol] = sum
            }
        }

        /// Adds `factor · other`.
        mutating func add(_ other: Row, times factor: Double) {
            self.constant += factor * other.constant
            for (symbol, coefficient) in other.cells {
                self.add(factor * coefficient, symbol)
            }
        }

        /// Removes the symbol's cell, returning its coefficient.
        @discardableResult
        mutating func remove(_ symbol: Symbol) -> Double? { self.cells.removeValue(forKey: symbol) }

        mutating func negate() {
            self.multiply(by: -1)
        }

        private mutating func multiply(by factor: Double) {
            self.constant *= factor
            self.cells = self.cells.mapValues { $0 * factor }
        }

        /// Reads the row as the equation `0 = self` and rewrites it as the expression of `subject`:
        /// from `0 = c + a·subject + Σ`, `subject = -c/a - Σ/a`. Does nothing if `subject` is absent.
        mutating func solve(for subject: Symbol) {
            guard let coefficient = self.cells.removeValue(forKey: subject) else { return }
            self.multiply(by: -1 / coefficient)
        }

        /// Replaces `symbol` by the expression `row` wherever it appears in this row.
        mutating func substitute(_ symbol: Symbol, with row: Row) {
            guard let coefficient = self.cells.removeValue(forKey: symbol) else { return }
            self.add(row, times: coefficient)
        }

        var description: String {
            let terms = self.cells.sorted { $0.key < $1.key }.map { "\($0.value)*\($0.key)" }
            return ([String(self.constant)] + terms).joined(separator: " + ")
        }
    }
}
