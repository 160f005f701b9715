extension Solver {
    /// A column (or a row's basic variable) of the tableau.
    ///
    /// The user's `SolverVariable`s are the *external* symbols; everything else is invented by the
    /// solver, as in Cassowary's paper, and is *restricted* to be ≥ 0:
    /// - a **slack** turns an inequality `e ≥ 0` into the equation `e - slack = 0`;
    /// - an **error** measures how far a non-required constraint is from holding, and is what the
    ///   objective minimises;
    /// - a **dummy** marks a required equality so that it can be found again for removal; it is
    ///   pinned at 0, so the simplex never brings it into the basis;
    /// - an **artificial** exists only while a required constraint is being tested for feasibility.
    ///
    /// Symbols are numbered in order of creation. Every choice the solver makes among symbols (the
    /// subject of a new row, the entering and leaving variables of a pivot) takes the lowest number,
    /// which is Bland's rule against cycling and makes results independent of `Dictionary`'s
    /// per-process hash seed, so a layout comes out the same on every run.
    struct Symbol: Hashable, Comparable, CustomStringConvertible {
        enum Kind {
            case external, slack, error, dummy, artificial
        }

        let id: Int
        let kind: Kind

        /// Whether the symbol must stay ≥ 0 (all but the user's variables).
        var isRestricted: Bool { self.kind != .external }

        /// Whether the simplex may make it basic to improve the objective or repair a row. Dummies
        /// must stay 0; an artificial symbol only ever leaves; external ones never appear in the
        /// objective nor in restricted rows (see `Solver`), so there is nothing to gain from them.
        var isPivotable: Bool { self.kind == .slack || self.kind == .error }

        static func == (lhs: Symbol, rhs: Symbol) -> Bool { lhs.id == rhs.id }
        func hash(into hasher: inout Hasher) { hasher.combine(self.id) }
        static func < (lhs: Symbol, rhs: Symbol) -> Bool { lhs.id < rhs.id }

        var description: String {
            let prefix =
                switch self.kind {
                case .external: "v"
                case .slack: "s"
                case .error: "e"
                case .dummy: "d"
                case .artificial: "a"
                }
            return "\(prefix)\(self.id)"
        }
    }
}
