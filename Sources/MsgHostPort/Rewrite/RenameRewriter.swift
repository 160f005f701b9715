import SwiftSyntax
import SwiftSyntaxBuilder

/// The Swift 3–5 spellings of `Rename.table` brought up to date, each occurrence reported.
/// The rows say what to change; this says where a row applies, by syntax alone (there is no
/// type checker here), which is why some rows apply only to a shape that cannot mean anything
/// else (`flatMap` whose closure returns an optional, `substring(to:)` of a `String.Index`).
final class RenameRewriter: PortRewriter {
    private var names: [String: Rename] = [:]
    private var rows: [Rename] = []

    override init(fileName: String, tree: SourceFileSyntax) {
        let declared = DeclaredNames(tree)
        self.rows = Rename.table.filter { row in
            guard let name = row.unlessDeclared else { return true }
            // `x.characters` can only be a member's: a local `let characters` does not stop it.
            if case .droppedMember = row.old { return !declared.members.contains(name) }
            return !declared.names.contains(name)
        }
        for row in self.rows {
            if case .name(let name) = row.old { self.names[name] = row }
        }
        super.init(fileName: fileName, tree: tree)
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> ExprSyntax {
        guard let row = self.names[node.baseName.text] else { return super.visit(node) }
        if !row.new.contains(".") {
            let renamed = node.with(\.baseName, node.baseName.with(\.tokenKind, .identifier(row.new)))
            self.recordRewrite(node, renamed, why: row.why)
            return ExprSyntax(renamed)
        }
        // A dotted name is no member's name (`x.UIControlState` is someone else's).
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
            return super.visit(node)
        }
        guard node.argumentNames == nil else { return super.visit(node) }
        let renamed = ExprSyntax("\(raw: row.new)").with(\.leadingTrivia, node.leadingTrivia).with(
            \.trailingTrivia, node.trailingTrivia)
        self.recordRewrite(node, renamed, why: row.why)
        return renamed
    }

    override func visit(_ node: IdentifierTypeSyntax) -> TypeSyntax {
        guard let row = self.names[node.name.text], node.genericArgumentClause == nil else { return super.visit(node) }
        let renamed = TypeSyntax("\(raw: row.new)").with(\.leadingTrivia, node.leadingTrivia).with(
            \.trailingTrivia, node.trailingTrivia)
        self.recordRewrite(node, renamed, why: row.why)
        return renamed
    }

    override func visit(_ node: MemberAccessExprSyntax) -> ExprSyntax {
        for row in self.rows {
            guard case .droppedMember(let name) = row.old, node.declName.baseName.text == name,
                node.declName.argumentNames == nil,
                let base = node.base, !base.isSelf, !base.isTypeName
            else { continue }
            let kept = self.visit(base).with(\.trailingTrivia, base.trailingTrivia + node.trailingTrivia)
            self.recordRewrite(node, kept, why: row.why)
            return kept
        }
        return super.visit(node)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> ExprSyntax {
        let visited = super.visit(node)
        guard let call = visited.as(FunctionCallExprSyntax.self) else { return visited }
        for row in self.rows {
            if let renamed = self.apply(row, to: call, original: node) {
                self.recordRewrite(node, renamed, why: row.why)
                return renamed
            }
        }
        return visited
    }

    override func visit(_ node: FunctionDeclSyntax) -> DeclSyntax {
        let visited = super.visit(node).cast(FunctionDeclSyntax.self)
        for row in self.rows {
            guard case .label(let method, let label) = row.old, node.name.text == method,
                var parameter = visited.signature.parameterClause.parameters.first, parameter.firstName.text == label
            else { continue }
            // The old label was also the parameter's name when it had no other: it stays that.
            if parameter.secondName == nil {
                parameter.secondName = parameter.firstName.with(\.leadingTrivia, .space)
            }
            parameter.firstName = parameter.firstName.with(\.tokenKind, .identifier(row.new))
            var renamed = visited
            renamed.signature.parameterClause.parameters = FunctionParameterListSyntax(
                [parameter] + visited.signature.parameterClause.parameters.dropFirst())
            self.record(
                .rewrite, at: node, before: ReportText.head(node), after: ReportText.head(renamed), why: row.why)
            return DeclSyntax(renamed)
        }
        return DeclSyntax(visited)
    }

    /// `call` (its children done) with `row` applied, or nil where the row does not apply.
    /// `original` is the call as read, for what its syntax says.
    private func apply(_ row: Rename, to call: FunctionCallExprSyntax, original: FunctionCallExprSyntax) -> ExprSyntax?
    {
        if case .maker(let function, let labels) = row.old {
            guard let callee = call.calledExpression.as(DeclReferenceExprSyntax.self), callee.baseName.text == function,
                call.trailingClosure == nil, call.labels == Array(repeating: "_", count: labels.count)
            else { return nil }
            let arguments = zip(call.arguments, labels).map { argument, label in
                argument.with(\.label, .identifier(label)).with(\.colon, .colonToken(trailingTrivia: .space))
            }
            return ExprSyntax(
                call.with(
                    \.calledExpression,
                    ExprSyntax(callee.with(\.baseName, callee.baseName.with(\.tokenKind, .identifier(row.new))))
                )
                .with(\.arguments, LabeledExprListSyntax(arguments)))
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil else {
            return nil
        }
        let named = { (name: String) in
            ExprSyntax(
                call.with(
                    \.calledExpression,
                    ExprSyntax(
                        member.with(\.declName.baseName, member.declName.baseName.with(\.tokenKind, .identifier(name))))
                ))
        }
        switch row.old {
        case .name, .droppedMember, .maker:
            return nil
        case .label(let method, let label):
            guard call.calledName == method, call.labels == [label], let argument = call.arguments.first else {
                return nil
            }
            return ExprSyntax(
                call.with(
                    \.arguments, [argument.with(\.label, argument.label?.with(\.tokenKind, .identifier(row.new)))]))
        case .call(let name, let labels):
            return call.calledName == name && call.labels == labels ? named(row.new) : nil
        case .optionalFlatMap:
            guard call.calledName == "flatMap", let closure = original.onlyClosure, closure.returnsOptional,
                !original.receiverLooksOptional
            else { return nil }
            return named(row.new)
        case .substring(let label):
            guard call.calledName == "substring", call.labels == [label], let base = member.base,
                let index = call.arguments.first?.expression,
                label == "with" ? index.isStringIndexRange : index.isStringIndex
            else { return nil }
            let receiver = base.isPostfixOperand ? base.trimmedDescription : "(\(base.trimmedDescription))"
            let range = row.new.split(separator: "$", omittingEmptySubsequences: false).joined(
                separator: index.trimmedDescription)
            return ExprSyntax("String(\(raw: receiver)[\(raw: range)])").with(\.leadingTrivia, call.leadingTrivia).with(
                \.trailingTrivia, call.trailingTrivia)
        }
    }
}

/// The names a file declares (variables, functions, cases): a rename row with `unlessDeclared`
/// leaves a file alone that has its own of that name; `members`, those a type declares (its
/// properties, methods and cases), which are all that `x.name` can be.
private final class DeclaredNames: SyntaxVisitor {
    private(set) var names: Set<String> = []
    private(set) var members: Set<String> = []

    init(_ tree: SourceFileSyntax) {
        super.init(viewMode: .sourceAccurate)
        self.walk(tree)
    }

    override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
        self.names.insert(node.identifier.text)
        // A pattern of a variable declared in a type's member block (not a local, not a global).
        if node.ancestor(VariableDeclSyntax.self)?.parent?.is(MemberBlockItemSyntax.self) == true {
            self.members.insert(node.identifier.text)
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if !node.modifiers.contains(where: { $0.name.tokenKind == .keyword(.override) }) {
            self.names.insert(node.name.text)
            if node.parent?.is(MemberBlockItemSyntax.self) == true { self.members.insert(node.name.text) }
        }
        return .visitChildren
    }

    override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind {
        self.names.insert(node.name.text)
        self.members.insert(node.name.text)
        return .visitChildren
    }
}

extension SyntaxProtocol {
    /// The nearest ancestor of that kind.
    func ancestor<Kind: SyntaxProtocol>(_ kind: Kind.Type) -> Kind? {
        var node = self.parent
        while let current = node {
            if let found = current.as(Kind.self) { return found }
            node = current.parent
        }
        return nil
    }
}
