import Yams

/// The keys a YAML file may hold, checked before the file is read for its values: YAML
/// decoding and swift-configuration both ignore keys they do not ask for, so a misspelled
/// `idleGraseMs` would otherwise leave its setting at the default without a word.
///
/// Patterns are dotted paths: `extensions.idleGraceMs`, `devices[].platform` (`[]`: every
/// element of a list), `env.*` (`*`: any key, for maps whose keys are the user's). A key is
/// known if some pattern continues through it. A map where the patterns end is an error too:
/// swift-configuration would read `clock: {mode: manual}` as a key `clock.mode` and leave
/// `clock` at its default. Other types (a list for a string) are left to the decoder.
struct KnownKeys: Sendable {
    /// Each pattern's components: a key, `[]` or `*`.
    private let patterns: [[String]]
    /// The patterns whose values are integers, checked for base-60 numbers Yams cannot hold
    /// (`YAMLBase60`).
    private let integers: Set<[String]>

    init(_ patterns: some Sequence<String>, integers: some Sequence<String> = [String]()) {
        self.patterns = patterns.map(Self.components)
        self.integers = Set(integers.map(Self.components))
    }

    private static func components(_ pattern: String) -> [String] {
        pattern.split(separator: ".").flatMap { part in
            part.hasSuffix("[]") ? [String(part.dropLast(2)), "[]"] : [String(part)]
        }
    }

    /// Throws for the first key in `yaml` that no pattern allows, naming `file`, the line, the
    /// key's path and, when one is close, the known key it probably meant. Before that, for
    /// aliases that stand for more nodes than Yams can expand in good time (`YAMLAliasBudget`):
    /// every reader of these files comes here before Yams does.
    func check(yaml: String, file: String) throws(ConfigurationError) {
        try YAMLAliasBudget.check(yaml: yaml, file: file)
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch {
            throw ConfigurationError("\(file): not valid YAML: \(error)")
        }
        guard let root else { return }
        try self.check(root, at: [], shown: "", file: file)
    }

    private func check(_ node: Node, at path: [String], shown: String, file: String) throws(ConfigurationError) {
        let children = self.children(of: path)
        switch node {
        case .mapping(let mapping):
            let names = children.subtracting(["[]"])
            guard !names.isEmpty else {
                let place = mapping.mark.map { "\(file):\($0.line)" } ?? file
                throw ConfigurationError("\(place): \(shown) must not be a map")
            }
            for (key, value) in mapping {
                guard let name = key.scalar?.string else { continue }
                // `a.b: 1` is read as `a: {b: 1}` by swift-configuration, so it is checked so
                // too; a key of the user's own (`env.*`) is taken whole.
                let parts =
                    names.contains("*")
                    ? [name] : name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                try self.check(value, at: path, shown: shown, keys: parts, line: key.mark?.line, file: file)
            }
        case .sequence(let sequence) where children.contains("[]"):
            for (index, element) in sequence.enumerated() {
                try self.check(element, at: path + ["[]"], shown: "\(shown)[\(index)]", file: file)
            }
        case .scalar(let scalar) where self.integers.contains(path) && YAMLBase60.overflows(scalar):
            let place = scalar.mark.map { "\(file):\($0.line)" } ?? file
            throw ConfigurationError(
                "\(place): \(shown) must be an integer that fits in 64 bits, got the base-60 number \(scalar.string)")
        default:
            return
        }
    }

    /// Checks the dotted key `keys` of a mapping at `path`, then its value.
    private func check(_ value: Node, at path: [String], shown: String, keys: [String], line: Int?, file: String)
        throws(ConfigurationError)
    {
        var path = path
        var shown = shown
        for key in keys {
            let names = self.children(of: path).subtracting(["[]"])
            shown = shown.isEmpty ? key : shown + "." + key
            if names.contains(key) {
                path.append(key)
            } else if names.contains("*") {
                path.append("*")
            } else {
                throw Self.unknown(shown, known: names, file: file, line: line)
            }
        }
        try self.check(value, at: path, shown: shown, file: file)
    }

    /// The components that may follow `path` in some pattern.
    private func children(of path: [String]) -> Set<String> {
        Set(
            self.patterns.compactMap { pattern in
                pattern.count > path.count && pattern.starts(with: path) ? pattern[path.count] : nil
            })
    }

    private static func unknown(_ shown: String, known: Set<String>, file: String, line: Int?) -> ConfigurationError {
        let parent = shown.lastIndex(of: ".").map { String(shown[...$0]) } ?? ""
        let name = String(shown.dropFirst(parent.count))
        let place = line.map { "\(file):\($0)" } ?? file
        if let nearest = NearestName.of(name, among: known) {
            return ConfigurationError("\(place): unknown key \(shown); did you mean \(parent)\(nearest)?")
        }
        return ConfigurationError(
            "\(place): unknown key \(shown); known keys here: \(known.sorted().joined(separator: ", "))")
    }
}
