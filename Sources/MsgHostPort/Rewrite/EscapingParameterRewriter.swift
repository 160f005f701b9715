import SwiftSyntax

/// Swift 2's closure parameters, which escaped by default, marked `@escaping` (Swift 3 made
/// them non-escaping unless marked) where the function hands them to a closure that outlives
/// the call: one passed to an API that keeps its closure (a URLSession task's completion,
/// `DispatchQueue`'s `async`, an operation queue, a timer, an animation's completion, an
/// observer). The compiler's "escaping closure captures non-escaping parameter" is the same
/// finding, made before the build.
final class EscapingParameterRewriter: PortRewriter {
    /// Methods whose closure argument outlives the call (not `sync`, `perform`, `forEach` and
    /// others that run it before they return).
    static let keepers: Set<String> = [
        "dataTask", "downloadTask", "uploadTask", "async", "asyncAfter", "addOperation", "scheduledTimer",
        "animate", "transition", "addObserver",
    ]

    override func visit(_ node: FunctionDeclSyntax) -> DeclSyntax {
        let visited = super.visit(node).cast(FunctionDeclSyntax.self)
        guard let body = visited.body else { return DeclSyntax(visited) }
        let kept = KeptNames(body).names
        var changed = false
        let parameters = visited.signature.parameterClause.parameters.map { parameter -> FunctionParameterSyntax in
            let name = (parameter.secondName ?? parameter.firstName).text
            guard kept.contains(name), let type = parameter.type.as(FunctionTypeSyntax.self) else { return parameter }
            changed = true
            let escaping = AttributedTypeSyntax(
                specifiers: [],
                attributes: [
                    .attribute(
                        AttributeSyntax(
                            attributeName: IdentifierTypeSyntax(name: .identifier("escaping")), trailingTrivia: .space))
                ],
                baseType: type.with(\.leadingTrivia, []))
            return parameter.with(\.type, TypeSyntax(escaping.with(\.leadingTrivia, type.leadingTrivia)))
        }
        guard changed else { return DeclSyntax(visited) }
        var rewritten = visited
        rewritten.signature.parameterClause.parameters = FunctionParameterListSyntax(parameters)
        self.record(
            .rewrite, at: node, before: ReportText.head(node), after: ReportText.head(rewritten),
            why:
                "closure parameters escape only when marked since Swift 3 (SE-0103), and this one is kept by a closure that outlives the call"
        )
        return DeclSyntax(rewritten)
    }
}

/// The names read inside closures passed to `EscapingParameterRewriter.keepers`.
private final class KeptNames: SyntaxVisitor {
    private(set) var names: Set<String> = []

    init(_ body: CodeBlockSyntax) {
        super.init(viewMode: .sourceAccurate)
        self.walk(body)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let name = node.calledName, EscapingParameterRewriter.keepers.contains(name) else {
            return .visitChildren
        }
        let closures =
            node.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
            + [node.trailingClosure].compactMap { $0 } + node.additionalTrailingClosures.map(\.closure)
        for closure in closures {
            self.names.formUnion(ReadNames(closure).names)
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// Every name a closure reads.
private final class ReadNames: SyntaxVisitor {
    private(set) var names: Set<String> = []

    init(_ closure: ClosureExprSyntax) {
        super.init(viewMode: .sourceAccurate)
        self.walk(closure)
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        // `x.name` reads x's member, not a parameter of that name.
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
            return .visitChildren
        }
        self.names.insert(node.baseName.text)
        return .visitChildren
    }
}
