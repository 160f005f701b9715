import SwiftSyntax

/// Swift 2's bare case patterns inside an enum's own methods, `case empty:` and
/// `case occupied(let player):`, given the leading dot Swift 3 requires (`.empty`,
/// `.occupied(let player)`): without it the name is read as an instance member, which a case is
/// not. Only names that the enclosing enum declares as its cases are touched.
final class EnumCasePatternRewriter: PortRewriter {
    /// The case names of the enums around the node being visited, innermost last.
    private var enums: [Set<String>] = []

    override func visit(_ node: EnumDeclSyntax) -> DeclSyntax {
        self.enums.append(
            Set(
                node.memberBlock.members.flatMap { member in
                    member.decl.as(EnumCaseDeclSyntax.self)?.elements.map(\.name.text) ?? []
                }))
        defer { self.enums.removeLast() }
        return super.visit(node)
    }

    override func visit(_ node: ExpressionPatternSyntax) -> PatternSyntax {
        guard let cases = self.enums.last, node.parent?.is(SwitchCaseItemSyntax.self) == true else {
            return super.visit(node)
        }
        if let name = node.expression.as(DeclReferenceExprSyntax.self), cases.contains(name.baseName.text) {
            return self.dotted(node, ExprSyntax(Self.member(name)))
        }
        if let call = node.expression.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self),
            cases.contains(name.baseName.text)
        {
            return self.dotted(node, ExprSyntax(call.with(\.calledExpression, ExprSyntax(Self.member(name)))))
        }
        return super.visit(node)
    }

    private func dotted(_ node: ExpressionPatternSyntax, _ expression: ExprSyntax) -> PatternSyntax {
        let rewritten = node.with(\.expression, expression)
        self.recordRewrite(
            node, rewritten,
            why: "since Swift 3 an enum's case in a pattern takes a leading dot, in the enum's own methods too")
        return PatternSyntax(rewritten)
    }

    /// `.name`, with the name's trivia around it.
    private static func member(_ name: DeclReferenceExprSyntax) -> MemberAccessExprSyntax {
        MemberAccessExprSyntax(
            leadingTrivia: name.leadingTrivia, period: .periodToken(), declName: name.with(\.leadingTrivia, []))
    }
}
