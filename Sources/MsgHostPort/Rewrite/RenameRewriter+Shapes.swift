import SwiftSyntax

/// What `RenameRewriter` can tell of an expression by its syntax alone.
extension FunctionCallExprSyntax {
    /// The call's one closure: its trailing closure, or its only argument.
    var onlyClosure: ClosureExprSyntax? {
        if let trailing = self.trailingClosure {
            return self.arguments.isEmpty && self.additionalTrailingClosures.isEmpty ? trailing : nil
        }
        guard self.arguments.count == 1, self.arguments.first?.label == nil else { return nil }
        return self.arguments.first?.expression.as(ClosureExprSyntax.self)
    }

    /// `text.flatMap { … }` and others whose receiver is usually an Optional (whose flatMap is
    /// not deprecated and has no compactMap): left as they are.
    var receiverLooksOptional: Bool {
        guard let receiver = self.receiver else { return true }
        if receiver.hasOptionalChain { return true }
        let name =
            receiver.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            ?? receiver.as(DeclReferenceExprSyntax.self)?.baseName.text
        return name.map(Self.optionalNames.contains) ?? false
    }

    private static let optionalNames: Set<String> = [
        "text", "first", "last", "url", "selectedMessage", "userInfo", "superview", "image", "title",
    ]
}

extension ClosureExprSyntax {
    /// Whether the closure's value is an optional by its syntax: it is one expression, or has a
    /// `return`, that is `nil`, `x as? T`, `try? f()`, `a?.b`, or `Int(s)` or another failable
    /// initialiser (one optional return makes the closure's type optional).
    var returnsOptional: Bool {
        if self.statements.count == 1, case .expr(let value)? = self.statements.first?.item {
            return value.isOptionalBySyntax
        }
        return Returns(self).values.contains { $0.isNilLiteral || $0.isOptionalBySyntax }
    }
}

/// The values a closure returns, not looking into the closures and functions inside it.
private final class Returns: SyntaxVisitor {
    private(set) var values: [ExprSyntax] = []

    init(_ closure: ClosureExprSyntax) {
        super.init(viewMode: .sourceAccurate)
        self.walk(closure.statements)
    }

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        if let value = node.expression { self.values.append(value) }
        return .skipChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

extension ExprSyntax {
    /// The types whose initialiser from a string (or a name) fails with nil.
    private static let failableInitialisers: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
        "Bool",
        "URL", "UUID", "UIImage", "UIColor",
    ]

    var isOptionalBySyntax: Bool {
        if let sequence = self.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            return elements.count == 3
                && elements[1].as(UnresolvedAsExprSyntax.self)?.questionOrExclamationMark?.tokenKind
                    == .postfixQuestionMark
        }
        if let cast = self.as(AsExprSyntax.self) {
            return cast.questionOrExclamationMark?.tokenKind == .postfixQuestionMark
        }
        if let attempt = self.as(TryExprSyntax.self) {
            return attempt.questionOrExclamationMark?.tokenKind == .postfixQuestionMark
        }
        if let call = self.as(FunctionCallExprSyntax.self),
            let type = call.calledExpression.as(DeclReferenceExprSyntax.self)
        {
            return Self.failableInitialisers.contains(type.baseName.text)
        }
        return self.hasOptionalChain
    }

    /// `s.startIndex`, `s.endIndex`, `s.index(…)`, `r.lowerBound`, `r.upperBound`.
    var isStringIndex: Bool {
        if let member = self.as(MemberAccessExprSyntax.self) {
            return member.base != nil
                && ["startIndex", "endIndex", "lowerBound", "upperBound"].contains(member.declName.baseName.text)
        }
        return self.as(FunctionCallExprSyntax.self)?.calledName == "index"
            && self.as(FunctionCallExprSyntax.self)?.receiver != nil
    }

    /// `a..<b` or `a...b` of two `isStringIndex`.
    var isStringIndexRange: Bool {
        guard let sequence = self.as(SequenceExprSyntax.self) else { return false }
        let elements = Array(sequence.elements)
        guard elements.count == 3, let range = elements[1].as(BinaryOperatorExprSyntax.self),
            ["..<", "..."].contains(range.operator.text)
        else { return false }
        return elements[0].isStringIndex && elements[2].isStringIndex
    }

    /// An expression `x[…]` can follow without parentheses.
    var isPostfixOperand: Bool {
        self.is(DeclReferenceExprSyntax.self) || self.is(MemberAccessExprSyntax.self)
            || self.is(FunctionCallExprSyntax.self)
            || self.is(SubscriptCallExprSyntax.self) || self.is(ForceUnwrapExprSyntax.self)
            || self.is(TupleExprSyntax.self)
    }

    /// A name that starts with a capital letter: a type (`CharacterSet.characters` is not a String's).
    var isTypeName: Bool {
        self.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase ?? false
    }
}
