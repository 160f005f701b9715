import Foundation

/// The table of one run, in Markdown: every figure as median (min–max) across repetitions,
/// beside its target.
struct Report {
    struct Row {
        var figure: String
        var value: Across
        var digits: Int
        /// "≤ 1.5", "≥ 25000"…; nil: context for the other rows, no target of its own.
        var target: Target?
    }

    enum Target {
        case atMost(Double)
        case atLeast(Double)

        var text: String {
            switch self {
            case .atMost(let limit): "≤ \(Across.format(limit, limit < 10 ? 2 : 0))"
            case .atLeast(let limit): "≥ \(Across.format(limit, limit < 10 ? 2 : 0))"
            }
        }

        func met(by value: Double) -> Bool {
            switch self {
            case .atMost(let limit): value <= limit
            case .atLeast(let limit): value >= limit
            }
        }
    }

    var title: String
    var notes: [String]
    var rows: [Row] = []

    mutating func add(_ figure: String, _ value: Across, digits: Int = 1, target: Target? = nil) {
        self.rows.append(Row(figure: figure, value: value, digits: digits, target: target))
    }

    var markdown: String {
        var lines = ["### \(self.title)", ""] + self.notes.map { "- \($0)" } + [""]
        lines.append("| figure | median (min–max) | target | met |")
        lines.append("|---|---|---|---|")
        for row in self.rows {
            let met = row.target.map { $0.met(by: row.value.median) ? "yes" : "**no**" } ?? ""
            lines.append("| \(row.figure) | \(row.value.formatted(row.digits)) | \(row.target?.text ?? "") | \(met) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
