import SwiftDiagnostics
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// `msghost port`'s source rewrites: one Swift file of an iOS Messages extension in, the file
/// as it builds against MessagesSDK on Linux out, with a report entry for every change made
/// and for everything left that will not build or behaves differently.
///
/// The passes, each a `PortRewriter` over the tree the one before made: imports of modules
/// that are not here (reported only), Interface Builder's
/// attributes, `#selector` into closures, the Swift 3–5 renames, FoundationNetworking for `URLSession`, Swift 3's tuple-splat comparators, Swift 2's undotted case patterns and escaping closure parameters, the presentation style's
/// `.transcript` in switches written before iOS 11, `Bundle.main`'s resource lookups, optional protocol requirements given defaults, then
/// `@objc` and `dynamic`
/// (last, as the closures above no longer need the methods they name to be `@objc`).
public enum SourcePort {
    /// The rewritten text and its report. A file that does not parse comes back as it was,
    /// with one `couldNotPort` entry at the line of its first syntax error.
    /// `modules`: the package's own modules beside MessagesSDK's (its ported pods), which the
    /// file may import.
    public static func rewrite(source: String, fileName: String, modules: Set<String> = []) -> (
        text: String, report: [PortReport.Entry]
    ) {
        let original = Parser.parse(source: source)
        // Xcode's editor placeholders (`<#T##size: CGSize##CGSize#>`) are the one error a file
        // left half-edited has: it does not build on iOS either. The rest is ported, and each
        // is reported where it is.
        var placeholders: [PortReport.Entry] = []
        if original.hasError {
            let diagnostics = ParseDiagnosticsGenerator.diagnostics(for: original)
            guard !diagnostics.isEmpty,
                diagnostics.allSatisfy({ $0.node.firstToken(viewMode: .sourceAccurate)?.text.hasPrefix("<#") == true })
            else {
                return (source, [self.syntaxError(in: original, fileName: fileName)])
            }
            let converter = SourceLocationConverter(fileName: fileName, tree: original)
            placeholders = diagnostics.map { diagnostic in
                let text = diagnostic.node.trimmedDescription
                return PortReport.Entry(
                    file: fileName, line: converter.location(for: diagnostic.position).line, kind: .couldNotPort,
                    before: text, after: text,
                    why: "an Xcode editor placeholder, which does not build on iOS either: fill it in or delete it")
            }
        }
        let passes: [(String, SourceFileSyntax) -> PortRewriter] = [
            { ImportCheck(fileName: $0, tree: $1, packageModules: modules) }, InterfaceBuilderRewriter.init,
            SelectorRewriter.init, RenameRewriter.init, NetworkingImport.init, TupleSplatRewriter.init,
            EnumCasePatternRewriter.init, EscapingParameterRewriter.init, PresentationStyleSwitchRewriter.init,
            BundleRewriter.init, OptionalRequirementRewriter.init, ObjCAttributeRewriter.init,
        ]
        var tree = original
        var report = placeholders
        // For each pass after the first, its input's lines as lines of the original file.
        var originalLine = LineMap.identity
        for makePass in passes {
            let pass = makePass(fileName, tree)
            let rewritten = pass.run(tree)
            report += pass.entries.map { entry in
                var entry = entry
                entry.line = originalLine[entry.line]
                return entry
            }
            let text = rewritten.description
            if text != tree.description {
                originalLine = LineMap(from: tree.description, to: text).then(originalLine)
                // Parsed again, so that the next pass reads a tree whose every token is where
                // the parser puts it (a rewrite may leave a line break in a trailing trivia).
                tree = Parser.parse(source: text)
            }
        }
        return (tree.description, report)
    }

    private static func syntaxError(in tree: SourceFileSyntax, fileName: String) -> PortReport.Entry {
        let converter = SourceLocationConverter(fileName: fileName, tree: tree)
        let first = ParseDiagnosticsGenerator.diagnostics(for: tree).min { $0.position < $1.position }
        let line = first.map { converter.location(for: $0.position).line } ?? 1
        let message = first?.message ?? "a syntax error"
        return PortReport.Entry(
            file: fileName, line: line, kind: .couldNotPort, before: "", after: "",
            why: "the file does not parse (\(message)): left as it was; fix it, then port again")
    }
}
