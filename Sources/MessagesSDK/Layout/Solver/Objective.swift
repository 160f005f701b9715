extension Solver {
    /// What the simplex minimises: the errors of the non-required constraints, one row per priority.
    ///
    /// `levels[i].row` is the sum of the error symbols at one priority, expressed (like every row) in
    /// parametric symbols, strongest priority first. The objective as a whole is compared
    /// *lexicographically*: the vector of a symbol's coefficients across the levels is its reduced
    /// cost, and it is negative when its first coefficient that is not near zero is. That is the
    /// symbolic weight of Cassowary's paper with one component per priority in use, and is why a
    /// higher UIKit priority beats any number of lower ones (see `Strength`).
    ///
    /// The artificial objective used while testing a required constraint is an `Objective` too,
    /// with a single level.
    struct Objective {
        struct Level {
            let priority: Float
            var row: Row
            /// Constraints with error symbols at this level; the level goes when the last one does.
            var users: Int
        }

        private(set) var levels: [Level] = []

        init() {}

        /// An objective of one level: minimise `row`.
        init(minimising row: Row) {
            self.levels = [Level(priority: 1000, row: row, users: 1)]
        }

        private func index(of priority: Float) -> Int? { self.levels.firstIndex { $0.priority == priority } }

        /// Counts one more constraint at `priority`, creating its level (in order) if needed.
        mutating func retain(_ priority: Float) {
            if let index = self.index(of: priority) {
                self.levels[index].users += 1
            } else {
                let position = self.levels.firstIndex { $0.priority < priority } ?? self.levels.endIndex
                self.levels.insert(Level(priority: priority, row: Row(), users: 1), at: position)
            }
        }

        /// Counts one fewer; the last one takes the level (its row is all but empty by then).
        mutating func release(_ priority: Float) {
            guard let index = self.index(of: priority) else { return }
            self.levels[index].users -= 1
            if self.levels[index].users <= 0 { self.levels.remove(at: index) }
        }

        /// Adds `factor · row` to the level of `priority`, which must have been retained.
        mutating func add(_ row: Row, times factor: Double, at priority: Float) {
            guard let index = self.index(of: priority) else { return }
            self.levels[index].row.add(row, times: factor)
        }

        /// Replaces `symbol` by `row` in every level, as a pivot does in every tableau row.
        mutating func substitute(_ symbol: Symbol, with row: Row) {
            for index in self.levels.indices {
                self.levels[index].row.substitute(symbol, with: row)
            }
        }

        mutating func remove(_ symbol: Symbol) {
            for index in self.levels.indices {
                self.levels[index].row.remove(symbol)
            }
        }

        /// The symbol's coefficient at each level, strongest first.
        func reducedCost(of symbol: Symbol) -> [Double] {
            self.levels.map { $0.row.coefficient(of: symbol) }
        }

        /// Whether increasing `symbol` from 0 lowers the objective: its strongest non-zero
        /// coefficient is negative.
        func improves(with symbol: Symbol) -> Bool {
            for level in self.levels {
                let coefficient = level.row.coefficient(of: symbol)
                if Solver.isNearZero(coefficient) { continue }
                return coefficient < 0
            }
            return false
        }

        /// The entering symbol of the primal simplex, by Bland's rule: the lowest-numbered
        /// pivotable symbol whose increase improves the objective; nil when the objective is optimal.
        func enteringSymbol() -> Symbol? {
            var best: Symbol?
            for level in self.levels {
                for symbol in level.row.cells.keys where symbol.isPivotable {
                    if let current = best, current <= symbol { continue }
                    if self.improves(with: symbol) { best = symbol }
                }
            }
            return best
        }

        /// Lexicographic comparison of two cost vectors, each component within the tolerance
        /// counting as equal: -1, 0 or 1.
        static func compare(_ lhs: [Double], _ rhs: [Double]) -> Int {
            for (left, right) in zip(lhs, rhs) where !Solver.isNearZero(left - right) {
                return left < right ? -1 : 1
            }
            return 0
        }
    }
}
