import Foundation

/// The figures of one run: every figure as median (min–max) across repetitions, beside its
/// target, with the facts that make the run comparable (machine, commit, date, repetitions).
/// `json` is the record kept in `benchmarks/results/`; `markdown` is its rendering
/// (`scripts/bench-table` renders a kept record the same way).
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

    /// What makes a run comparable with another, kept beside its figures.
    struct Facts: Codable {
        /// "Linux 6.18.44 x86_64, 2 CPUs, libzmq 4.3.4".
        var machine: String
        /// The commit of the repository the run was made from ("-dirty" when its sources had
        /// uncommitted changes), or what `--commit` named.
        var commit: String
        /// The day the run ended, `YYYY-MM-DD` (UTC), and the moment, ISO 8601.
        var date: String
        var recorded: String
        var repetitions: Int
        /// False for a smoke run or one of `--only`: its figures are not a real run's.
        var judged: Bool
        var notes: [String]
    }

    var facts: Facts
    var rows: [Row] = []

    mutating func add(_ figure: String, _ value: Across, digits: Int = 1, target: Target? = nil) {
        self.rows.append(Row(figure: figure, value: value, digits: digits, target: target))
    }

    var title: String {
        "msghost-bench \(self.facts.judged ? "" : "(smoke: tiny counts, targets not judged) ")on \(self.facts.machine), \(self.facts.date)"
    }

    var markdown: String {
        var lines = ["### \(self.title)", ""] + self.facts.notes.map { "- \($0)" } + [""]
        lines.append("| figure | median (min–max) | target | met |")
        lines.append("|---|---|---|---|")
        for row in self.rows {
            let met = row.target.map { $0.met(by: row.value.median) ? "yes" : "**no**" } ?? ""
            lines.append("| \(row.figure) | \(row.value.formatted(row.digits)) | \(row.target?.text ?? "") | \(met) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The run as kept in `benchmarks/results/DATE-COMMIT.json`: its facts and its figures in
    /// one object. A figure not measured has a null median; `values` are the repetitions' own,
    /// in the order taken.
    struct Record: Encodable {
        struct Figure: Encodable {
            var figure: String
            var median: Double?
            var min: Double?
            var max: Double?
            var digits: Int
            var target: Limit?
            var met: Bool?
            var values: [Double]?
        }

        struct Limit: Encodable {
            var atMost: Double?
            var atLeast: Double?
        }

        var facts: Facts
        var figures: [Figure]

        private enum CodingKeys: String, CodingKey { case figures }

        func encode(to encoder: any Encoder) throws {
            try self.facts.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(self.figures, forKey: .figures)
        }
    }

    var record: Record {
        let finite = { (value: Double) in value.isFinite ? value : nil }
        return Record(
            facts: self.facts,
            figures: self.rows.map { row in
                let limit: Record.Limit? = row.target.map {
                    switch $0 {
                    case .atMost(let value): Record.Limit(atMost: value)
                    case .atLeast(let value): Record.Limit(atLeast: value)
                    }
                }
                let measured = !row.value.values.isEmpty
                return Record.Figure(
                    figure: row.figure, median: finite(row.value.median), min: finite(row.value.min),
                    max: finite(row.value.max),
                    digits: row.digits, target: limit,
                    met: measured ? row.target.map { $0.met(by: row.value.median) } : nil,
                    values: measured ? row.value.values.filter(\.isFinite) : nil)
            })
    }

    var json: Data {
        get throws {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            return try encoder.encode(self.record) + Data("\n".utf8)
        }
    }
}
