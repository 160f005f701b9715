import SwiftParser
import SwiftSyntax

/// A `switch` over the presentation style written before iOS 11 (`case .compact:`,
/// `case .expanded:` and nothing else) given the case iOS 11 added. Swift saw Apple's
/// `MSMessagesAppPresentationStyle` as an Objective-C enum, whose switch compiled without
/// `.transcript`; MessagesSDK's is a Swift enum, whose switch must name every case. The new
/// case traps, as the Objective-C enum's unknown value did: the app does not declare the
/// transcript context (it was written before there was one), so Messages never presents it so.
///
/// Recognised by syntax alone: every pattern is one of the style's three cases (with no base,
/// or `MSMessagesAppPresentationStyle.`), both `.compact` and `.expanded` are there, and there
/// is neither `.transcript` nor `default`.
final class PresentationStyleSwitchRewriter: PortRewriter {
    static let styles: Set<String> = ["compact", "expanded", "transcript"]

    override func visit(_ node: SwitchExprSyntax) -> ExprSyntax {
        let visited = super.visit(node).cast(SwitchExprSyntax.self)
        guard let names = Self.caseNames(visited), names.isSuperset(of: ["compact", "expanded"]),
            !names.contains("transcript"),
            let last = visited.cases.last?.as(SwitchCaseSyntax.self), let added = Self.transcriptCase(after: last)
        else {
            return ExprSyntax(visited)
        }
        let rewritten = visited.with(\.cases, visited.cases + [.switchCase(added)])
        self.record(
            .rewrite, at: node,
            before: "switch \(node.subject.trimmedDescription) { case .compact … case .expanded … }",
            after: ReportText.line(added),
            why:
                "MSMessagesAppPresentationStyle has had .transcript since iOS 11, and a switch over a Swift enum must name every case; the app declares no transcript context, so the case is never taken (it traps, as the Objective-C enum's unknown value did)"
        )
        return ExprSyntax(rewritten)
    }

    /// The names of the switch's case patterns, or nil if it has a `default` or a pattern that
    /// is not one of the presentation style's cases.
    private static func caseNames(_ node: SwitchExprSyntax) -> Set<String>? {
        var names: Set<String> = []
        for element in node.cases {
            guard let switchCase = element.as(SwitchCaseSyntax.self), case .case(let label) = switchCase.label else {
                return nil
            }
            for item in label.caseItems {
                guard item.whereClause == nil, let pattern = item.pattern.as(ExpressionPatternSyntax.self),
                    let member = pattern.expression.as(MemberAccessExprSyntax.self),
                    member.declName.argumentNames == nil,
                    member.base == nil
                        || member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text
                            == "MSMessagesAppPresentationStyle",
                    Self.styles.contains(member.declName.baseName.text)
                else { return nil }
                names.insert(member.declName.baseName.text)
            }
        }
        return names
    }

    /// `case .transcript:` with a trap, indented as `last` and its statements are.
    private static func transcriptCase(after last: SwitchCaseSyntax) -> SwitchCaseSyntax? {
        let caseIndent = last.leadingTrivia.description
        let bodyIndent = last.statements.first?.leadingTrivia.description ?? (caseIndent + "    ")
        let message = "MSMessagesAppPresentationStyle.transcript: this app declares no transcript context"
        let source = "switch x {\(caseIndent)case .transcript:\(bodyIndent)fatalError(\"\(message)\")\n}"
        guard
            let parsed = Parser.parse(source: source).statements.first?.item.as(ExpressionStmtSyntax.self)?.expression
                .as(SwitchExprSyntax.self),
            let added = parsed.cases.first?.as(SwitchCaseSyntax.self)
        else { return nil }
        return added.with(\.leadingTrivia, last.leadingTrivia)
    }
}
