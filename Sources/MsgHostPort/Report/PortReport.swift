/// What `msghost port` did to a project, and what it left to do: one entry per rewrite, per
/// thing it could not port, and per note on a behaviour that changed. The command prints the
/// entries and writes them as a file; nothing here does I/O.
public enum PortReport {
    /// One thing the port did or could not do, at one line of one file.
    public struct Entry: Hashable, Sendable, Codable {
        public enum Kind: String, Hashable, Sendable, Codable {
            /// The source was changed: `before` became `after`.
            case rewrite
            /// Left as it was, and it will not build or run here: `why` says what to do.
            case couldNotPort
            /// A rewrite that builds but behaves differently in a way to check (`why` says how).
            case note
        }

        public var file: String
        /// 1-based, in the original file; 0 for an entry about a whole file or folder.
        public var line: Int
        public var kind: Kind
        /// The code as it was (one line: a multi-line node's lines are joined).
        public var before: String
        /// The code as it is now; the same as `before` for `couldNotPort`.
        public var after: String
        public var why: String

        public init(file: String, line: Int, kind: Kind, before: String, after: String, why: String) {
            self.file = file
            self.line = line
            self.kind = kind
            self.before = before
            self.after = after
            self.why = why
        }
    }

    /// The entries as lines for a terminal or a text file, in file and line order:
    /// `Sources/A.swift:12: rewrite: before → after (why)`.
    public static func text(of entries: [Entry]) -> String {
        let sorted = entries.enumerated().sorted {
            ($0.element.file, $0.element.line, $0.offset) < ($1.element.file, $1.element.line, $1.offset)
        }
        return sorted.map { _, entry in
            let change = entry.kind == .couldNotPort ? entry.before : "\(entry.before) → \(entry.after)"
            // Line 0: the entry is about a whole file or folder (an asset set, a .lproj).
            let place = entry.line > 0 ? "\(entry.file):\(entry.line)" : entry.file
            return "\(place): \(entry.kind.rawValue): \(change) (\(entry.why))"
        }.joined(separator: "\n")
    }
}
