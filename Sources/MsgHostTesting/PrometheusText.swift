/// A strict reader of the Prometheus text exposition format 0.0.4, for tests that check what
/// control `metrics` (and msghost-web's `/metrics`) serve: it throws on anything a Prometheus
/// server would reject, and on what the format forbids even where servers are lenient.
///
/// Checked: every line is a comment, blank, or a sample; `# TYPE` names a metric once, with a
/// known type, before its samples; metric and label names are valid; label values are quoted
/// with only `\\`, `\"` and `\n` escapes; a label name appears once per sample; values are
/// numbers (or `+Inf`, `-Inf`, `NaN`); a family's samples are contiguous; a histogram's
/// buckets carry `le`, are cumulative, and end at `+Inf` equal to its `_count`; counters are
/// not negative.
public struct PrometheusText: Sendable {
    public struct Sample: Sendable, Equatable {
        public var name: String
        public var labels: [String: String]
        public var value: Double
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Metric family name → its `# TYPE`.
    public private(set) var types: [String: String] = [:]
    public private(set) var samples: [Sample] = []

    public init(_ text: String) throws {
        guard text.isEmpty || text.hasSuffix("\n") else {
            throw Failure(description: "the text must end with a line feed")
        }
        var familiesSeen: [String] = []
        var current: String?
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().enumerated() {
            func fail(_ why: String) -> Failure { Failure(description: "line \(number + 1) \"\(line)\": \(why)") }
            if line.isEmpty { continue }
            if line.hasPrefix("#") {
                let parts = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
                // Other comments.
                guard parts.count >= 3, parts[0] == "#", parts[1] == "TYPE" || parts[1] == "HELP" else { continue }
                let name = String(parts[2])
                guard Self.isMetricName(name) else { throw fail("bad metric name") }
                if parts[1] == "TYPE" {
                    guard parts.count == 4, ["counter", "gauge", "histogram", "summary", "untyped"].contains(parts[3])
                    else { throw fail("unknown type") }
                    guard self.types[name] == nil else { throw fail("a second TYPE for \(name)") }
                    guard !familiesSeen.contains(name) else { throw fail("TYPE after \(name)'s samples") }
                    self.types[name] = String(parts[3])
                }
                continue
            }
            let sample = try Self.sample(line, fail: fail)
            let family = self.family(of: sample.name)
            if family != current {
                guard !familiesSeen.contains(family) else { throw fail("\(family)'s samples are not together") }
                familiesSeen.append(family)
                current = family
            }
            if self.types[family] == "counter", sample.value < 0 { throw fail("a negative counter") }
            self.samples.append(sample)
        }
        try self.checkHistograms()
    }

    /// The value of the one sample named `name` whose labels include `labels`.
    public func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
        let matching = self.samples.filter { sample in
            sample.name == name && labels.allSatisfy { sample.labels[$0.key] == $0.value }
        }
        return matching.count == 1 ? matching[0].value : nil
    }

    private func family(of name: String) -> String {
        for suffix in ["_bucket", "_sum", "_count"] where name.hasSuffix(suffix) {
            let base = String(name.dropLast(suffix.count))
            if ["histogram", "summary"].contains(self.types[base]) { return base }
        }
        return name
    }

    private func checkHistograms() throws {
        for (name, type) in self.types where type == "histogram" {
            var series: [[String: String]: [(le: Double, count: Double)]] = [:]
            for sample in self.samples where sample.name == name + "_bucket" {
                guard let le = sample.labels["le"], let bound = le == "+Inf" ? Double.infinity : Double(le) else {
                    throw Failure(description: "\(name)_bucket without a numeric le: \(sample.labels)")
                }
                series[sample.labels.filter { $0.key != "le" }, default: []].append((bound, sample.value))
            }
            for (labels, buckets) in series {
                guard buckets.map(\.le) == buckets.map(\.le).sorted(),
                    zip(buckets, buckets.dropFirst()).allSatisfy({ $0.count <= $1.count })
                else {
                    throw Failure(description: "\(name)\(labels): buckets are not cumulative in increasing le")
                }
                guard let last = buckets.last, last.le == .infinity else {
                    throw Failure(description: "\(name)\(labels): no +Inf bucket")
                }
                let count = self.samples.first { $0.name == name + "_count" && $0.labels == labels }
                guard count?.value == last.count else {
                    throw Failure(description: "\(name)\(labels): _count is not the +Inf bucket")
                }
                guard self.samples.contains(where: { $0.name == name + "_sum" && $0.labels == labels }) else {
                    throw Failure(description: "\(name)\(labels): no _sum")
                }
            }
        }
    }

    static func isMetricName(_ name: some StringProtocol) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy {
            $0 == "_" || $0 == ":" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        }
    }

    static func isLabelName(_ name: some StringProtocol) -> Bool {
        Self.isMetricName(name) && !name.contains(":")
    }

    /// `name{label="value",…} value [timestamp]`.
    private static func sample(_ line: Substring, fail: (String) -> Failure) throws -> Sample {
        var rest = line[...]
        let nameEnd = rest.firstIndex { $0 == "{" || $0 == " " } ?? rest.endIndex
        let name = String(rest[..<nameEnd])
        guard Self.isMetricName(name) else { throw fail("bad metric name") }
        rest = rest[nameEnd...]
        var labels: [String: String] = [:]
        if rest.first == "{" {
            rest = rest.dropFirst()
            while rest.first != "}" {
                guard let equals = rest.firstIndex(of: "=") else { throw fail("a label without =") }
                let label = String(rest[..<equals])
                guard Self.isLabelName(label) else { throw fail("bad label name \(label)") }
                guard labels[label] == nil else { throw fail("label \(label) twice") }
                rest = rest[rest.index(after: equals)...]
                guard rest.first == "\"" else { throw fail("label \(label)'s value is not quoted") }
                rest = rest.dropFirst()
                var value = ""
                while true {
                    guard let character = rest.first else { throw fail("an unterminated label value") }
                    rest = rest.dropFirst()
                    if character == "\"" { break }
                    if character == "\\" {
                        switch rest.first {
                        case "\\": value.append("\\")
                        case "\"": value.append("\"")
                        case "n": value.append("\n")
                        default: throw fail("a bad escape in label \(label)")
                        }
                        rest = rest.dropFirst()
                    } else {
                        value.append(character)
                    }
                }
                labels[label] = value
                if rest.first == "," {
                    rest = rest.dropFirst()
                } else if rest.first != "}" {
                    throw fail("labels not separated by commas")
                }
            }
            rest = rest.dropFirst()
        }
        guard rest.first == " " else { throw fail("no space before the value") }
        let fields = rest.dropFirst().split(separator: " ", omittingEmptySubsequences: false)
        guard (1...2).contains(fields.count) else { throw fail("expected a value and at most a timestamp") }
        let text = fields[0]
        guard
            let value = text == "+Inf"
                ? Double.infinity : text == "-Inf" ? -Double.infinity : text == "NaN" ? Double.nan : Double(text),
            !text.isEmpty, text.allSatisfy({ !$0.isWhitespace })
        else { throw fail("value \(text) is not a number") }
        if fields.count == 2, Int64(fields[1]) == nil { throw fail("timestamp \(fields[1]) is not an integer") }
        return Sample(name: name, labels: labels, value: value)
    }
}
