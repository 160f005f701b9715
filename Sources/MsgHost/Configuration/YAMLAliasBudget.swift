// libyaml's event parser, the copy Yams is built on (Yams imports it `internal`, so its events
// are not part of Yams' API). No second YAML parser: the events are the ones Yams composes.
import CYaml

/// Refuses a YAML file whose aliases stand for too many nodes, before Yams reads it.
///
/// An alias is a reference, but Yams expands every one when it composes a file, and then hashes
/// each mapping's keys to find duplicates. Ten lists of ten aliases to the list before make ten
/// billion nodes from 400 bytes (the "billion laughs"); as a mapping key such an alias kept
/// msghostd hashing for ever at start, with no error, on a msghostd.yaml, an app manifest or a
/// world seed (found by reading Yams, not by a fuzzer: seven levels took 8 s, and each level
/// more takes ten times as long). So the file's events are read first: each node's size counts the nodes
/// under it, an alias adds the size of the node it names, and the file is refused once its
/// aliases have added more than `limit` nodes. Nodes written out are not counted: they cost
/// what the file's length costs. What libyaml cannot parse is left to Yams to report, with its
/// usual message.
enum YAMLAliasBudget {
    /// Far more than any configuration needs (anchors share a few settings), and a small
    /// fraction of a second for Yams to expand and hash.
    static let limit = 100_000

    /// Throws, naming `file` and the alias's line, when the aliases in `yaml` add more than
    /// `limit` nodes.
    static func check(yaml: String, file: String) throws(ConfigurationError) {
        // libyaml asserts that its input is not null, which an empty array's may be.
        guard !yaml.isEmpty else { return }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(yaml.utf8)
        let refusal: ConfigurationError? = bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var counter = Counter()
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { return nil }
                if let added = counter.take(event), added > Self.limit {
                    return ConfigurationError(
                        "\(file):\(event.start_mark.line + 1): the aliases in this file stand for more than \(Self.limit) nodes (\(added) at this one); "
                            + "YAML expands every alias, so anchors that hold aliases to each other can make a file of a few lines hold billions"
                    )
                }
            }
        }
        if let refusal { throw refusal }
    }

    /// The sizes of the nodes open and anchored so far.
    private struct Counter {
        /// Each open collection's anchor and the nodes in it so far, itself included.
        private var open: [(anchor: String?, size: Int)] = []
        /// The size of each anchored node; a later anchor of the same name replaces it, as in
        /// Yams.
        private var anchored: [String: Int] = [:]
        /// The nodes the aliases have added.
        private var added = 0

        /// Counts `event`; returns the nodes added so far when it is an alias.
        mutating func take(_ event: yaml_event_t) -> Int? {
            switch event.type {
            case YAML_SCALAR_EVENT:
                self.close(size: 1, anchor: Self.name(event.data.scalar.anchor))
            case YAML_SEQUENCE_START_EVENT:
                self.open.append((Self.name(event.data.sequence_start.anchor), 1))
            case YAML_MAPPING_START_EVENT:
                self.open.append((Self.name(event.data.mapping_start.anchor), 1))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                if let collection = self.open.popLast() {
                    self.close(size: collection.size, anchor: collection.anchor)
                }
            case YAML_ALIAS_EVENT:
                // An unknown anchor is Yams' error to report; counted as one node meanwhile.
                let size = Self.name(event.data.alias.anchor).flatMap { self.anchored[$0] } ?? 1
                self.added = self.added.addingReportingOverflow(size).overflow ? .max : self.added + size
                self.close(size: size, anchor: nil)
                return self.added
            default:
                break
            }
            return nil
        }

        /// A node of `size` is complete: it joins the collection it is in.
        private mutating func close(size: Int, anchor: String?) {
            if let anchor { self.anchored[anchor] = size }
            if !self.open.isEmpty {
                let total = self.open[self.open.count - 1].size.addingReportingOverflow(size)
                self.open[self.open.count - 1].size = total.overflow ? .max : total.partialValue
            }
        }

        private static func name(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            anchor.map { String(cString: $0) }
        }
    }
}
