import SwiftSyntax

/// What Swift 4's SE-0110 (a function's arguments are not one tuple) changed in Swift 3 code:
/// a function type `(Void) -> T` took no argument and now takes one, so it becomes `() -> T`
/// (its calls `f()` then build as written); and comparator closures that read their two
/// arguments as one tuple, `cells.sort { f($0.0) < f($0.1) }`, read `$0` and `$1`.
///
/// Only where it cannot mean anything else: the closure is the comparator of a method whose
/// closure always takes two elements (`sort`, `sorted`, `min`, `max` and the like), has no
/// signature, and reads `$0` only as `$0.0` and `$0.1` and never `$1` (a comparator of
/// dictionary pairs reads `$1`, and a bare `$0` would be a real one-tuple).
final class TupleSplatRewriter: PortRewriter {
    static let comparators: Set<String> = [
        "sort", "sorted", "min", "max", "elementsEqual", "starts", "lexicographicallyPrecedes",
    ]

    override func visit(_ node: FunctionCallExprSyntax) -> ExprSyntax {
        let visited = super.visit(node).cast(FunctionCallExprSyntax.self)
        guard let name = visited.calledName, Self.comparators.contains(name), visited.receiver != nil,
            let closure = Self.comparator(of: visited), closure.signature == nil, Self.readsOnlySplat(closure)
        else {
            return ExprSyntax(visited)
        }
        let unsplatted = closure.with(
            \.statements, Unsplat().rewrite(closure.statements).cast(CodeBlockItemListSyntax.self))
        let rewritten =
            visited.trailingClosure != nil
            ? visited.with(\.trailingClosure, unsplatted)
            : visited.with(
                \.arguments,
                LabeledExprListSyntax([visited.arguments.first!.with(\.expression, ExprSyntax(unsplatted))]))
        self.recordRewrite(
            node, rewritten,
            why:
                "Swift 4 no longer passes a closure's two arguments as one tuple (SE-0110): $0.0 and $0.1 are $0 and $1"
        )
        return ExprSyntax(rewritten)
    }

    override func visit(_ node: FunctionTypeSyntax) -> TypeSyntax {
        let visited = super.visit(node).cast(FunctionTypeSyntax.self)
        guard visited.parameters.count == 1, let only = visited.parameters.first, only.firstName == nil,
            only.secondName == nil,
            only.type.as(IdentifierTypeSyntax.self)?.name.text == "Void"
                || only.type.as(TupleTypeSyntax.self)?.elements.isEmpty == true
        else {
            return TypeSyntax(visited)
        }
        let rewritten = visited.with(\.parameters, [])
        self.recordRewrite(
            node, rewritten,
            why: "since Swift 4 (SE-0110) (Void) -> T takes one argument, (): a function of none is () -> T")
        return TypeSyntax(rewritten)
    }

    /// The call's closure: trailing, or its one argument, unlabelled or `by:`.
    private static func comparator(of call: FunctionCallExprSyntax) -> ClosureExprSyntax? {
        if let trailing = call.trailingClosure {
            return call.arguments.isEmpty && call.additionalTrailingClosures.isEmpty ? trailing : nil
        }
        guard call.arguments.count == 1, let argument = call.arguments.first,
            argument.label == nil || argument.label?.text == "by"
        else { return nil }
        return argument.expression.as(ClosureExprSyntax.self)
    }

    /// Whether every `$0` in the closure (not in closures inside it) is `$0.0` or `$0.1`, there is
    /// one, and there is no `$1`.
    private static func readsOnlySplat(_ closure: ClosureExprSyntax) -> Bool {
        let uses = ShorthandUses(closure.statements)
        return uses.splat > 0 && uses.other == 0
    }
}

/// Counts a closure's `$0.0`/`$0.1` and its other shorthand arguments, past nested closures.
private final class ShorthandUses: SyntaxVisitor {
    var splat = 0
    var other = 0

    init(_ statements: CodeBlockItemListSyntax) {
        super.init(viewMode: .sourceAccurate)
        self.walk(statements)
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard case .dollarIdentifier(let name) = node.baseName.tokenKind else { return .visitChildren }
        if name == "$0", let member = node.parent?.as(MemberAccessExprSyntax.self),
            ["0", "1"].contains(member.declName.baseName.text)
        {
            self.splat += 1
        } else {
            self.other += 1
        }
        return .visitChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// `$0.0` → `$0`, `$0.1` → `$1`, past nested closures.
private final class Unsplat: SyntaxRewriter {
    override func visit(_ node: MemberAccessExprSyntax) -> ExprSyntax {
        guard let base = node.base?.as(DeclReferenceExprSyntax.self),
            base.baseName.tokenKind == .dollarIdentifier("$0"),
            ["0", "1"].contains(node.declName.baseName.text)
        else { return super.visit(node) }
        let argument = "$" + node.declName.baseName.text
        return ExprSyntax(
            base.with(\.baseName, base.baseName.with(\.tokenKind, .dollarIdentifier(argument))).with(
                \.trailingTrivia, node.trailingTrivia))
    }

    override func visit(_ node: ClosureExprSyntax) -> ExprSyntax { ExprSyntax(node) }
}
