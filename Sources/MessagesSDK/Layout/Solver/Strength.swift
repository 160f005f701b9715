/// How much a constraint matters: required, or a UIKit priority below 1000.
///
/// ## Weighting
/// Auto Layout promises that a higher priority wins over any number of lower ones. Numeric
/// weights cannot keep that promise for UIKit's thousand levels: `base^priority` overflows a
/// Double long before priority 1000, and any base small enough to fit lets enough low-priority
/// errors outweigh one high-priority error (and drowns the low ones in rounding). So the solver
/// compares errors *lexicographically* instead, as the symbolic weights of Cassowary's paper do:
/// its objective keeps one row per priority level in use (see `Solver.Objective`), and a change is an
/// improvement when the strongest level it affects gets better, whatever it does to weaker
/// levels. Priority 750 therefore dominates a million constraints at 250 exactly, not just in
/// practice. Within one priority all errors weigh the same, as they do in UIKit.
///
/// Only distinct priorities cost anything (a row each), and UIKit code uses few: 1000, 750, 250,
/// 50 and the odd 999.
struct Strength: Hashable, CustomStringConvertible {
    /// UIKit's `UILayoutPriority` value: 1000 is required; valid ones are in `0 < p ≤ 1000`.
    let priority: Float

    init(priority: Float) {
        self.priority = priority
    }

    /// Must hold; a conflicting required constraint is refused (`SolverError.unsatisfiable`).
    static let required = Strength(priority: 1000)
    /// `UILayoutPriority.defaultHigh`; the default for edit variables.
    static let strong = Strength(priority: 750)
    static let medium = Strength(priority: 500)
    /// `UILayoutPriority.defaultLow`.
    static let weak = Strength(priority: 250)

    var isRequired: Bool { self.priority == 1000 }

    /// UIKit's range: above 0, at most 1000 (UIKit raises for the rest; the solver throws
    /// `SolverError.invalidStrength`). NaN fails both comparisons.
    var isValid: Bool { self.priority > 0 && self.priority <= 1000 }

    var description: String { self.isRequired ? "required" : "priority \(self.priority)" }
}
