import SwiftSyntax

/// How a node is shown in a report entry: on one line, without its trivia.
enum ReportText {
    /// The node's text, each line break with its indentation made one space.
    static func line(_ node: some SyntaxProtocol) -> String {
        self.joined(node.trimmedDescription)
    }

    /// A declaration up to its body (`{`), on one line: what a change of its attributes or
    /// modifiers is about, without the hundred lines of a function or a class.
    static func head(_ decl: some SyntaxProtocol) -> String {
        var text = ""
        for token in decl.tokens(viewMode: .sourceAccurate) {
            if token.tokenKind == .leftBrace { break }
            text += text.isEmpty ? token.text : token.leadingTrivia.description + token.text
            text += token.trailingTrivia.description
        }
        return self.joined(text.trimmingWhitespace())
    }

    /// The longest text an entry shows of a node; a longer one ends in `…`.
    static let longest = 240

    private static func joined(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        let joined = lines.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }.joined(separator: " ")
        return joined.count <= self.longest ? joined : String(joined.prefix(self.longest - 1)) + "…"
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let start = self.firstIndex(where: { !isSpace($0) }), let end = self.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(self[start...end])
    }
}
