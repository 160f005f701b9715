import SwiftSyntax

/// What every pass of `SourcePort` shares: the file it reads, the lines of its input tree, and
/// the report entries it makes. One subclass per concern; each runs over the whole file once.
///
/// A pass reads positions from the tree it was given (`SourcePort` maps its lines back to the
/// original file), so an entry's line is taken from the node as it was, before it is changed.
class PortRewriter: SyntaxRewriter {
    let fileName: String
    private let converter: SourceLocationConverter
    private(set) var entries: [PortReport.Entry] = []

    init(fileName: String, tree: SourceFileSyntax) {
        self.fileName = fileName
        self.converter = SourceLocationConverter(fileName: fileName, tree: tree)
        super.init(viewMode: .sourceAccurate)
    }

    /// The pass over `tree`, the tree it was made with.
    func run(_ tree: SourceFileSyntax) -> SourceFileSyntax {
        self.rewrite(tree).cast(SourceFileSyntax.self)
    }

    /// The 1-based line of `node` (its first token, past its leading trivia) in this pass's input.
    func line(of node: some SyntaxProtocol) -> Int {
        self.converter.location(for: node.positionAfterSkippingLeadingTrivia).line
    }

    func record(_ kind: PortReport.Entry.Kind, at node: some SyntaxProtocol, before: String, after: String, why: String)
    {
        self.entries.append(
            PortReport.Entry(
                file: self.fileName, line: self.line(of: node), kind: kind, before: before, after: after, why: why))
    }

    /// A rewrite of `original` into `new`: recorded with both as one line each.
    func recordRewrite(_ original: some SyntaxProtocol, _ new: some SyntaxProtocol, why: String) {
        self.record(.rewrite, at: original, before: ReportText.line(original), after: ReportText.line(new), why: why)
    }

    /// Something left as it was, with what to do instead.
    func recordCouldNotPort(_ node: some SyntaxProtocol, why: String) {
        let text = ReportText.line(node)
        self.record(.couldNotPort, at: node, before: text, after: text, why: why)
    }
}
