/// How both test writers lay out a list or a dictionary literal: on one line when it fits,
/// else one item a line, indented four more than the line it opens on.
enum CodeLayout {
    static func items(_ items: [String], open: String, close: String, indent: Int, width: Int) -> String {
        let inline = open + items.joined(separator: ", ") + close
        if inline.count + indent <= width && !inline.contains("\n") { return inline }
        let pad = String(repeating: " ", count: indent + 4)
        return open + "\n" + items.map { pad + $0 + ",\n" }.joined() + String(repeating: " ", count: indent) + close
    }
}
