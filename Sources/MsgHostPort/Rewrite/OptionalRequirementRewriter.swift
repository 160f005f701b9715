import SwiftSyntax
import SwiftSyntaxBuilder

/// A protocol's `@objc optional` method requirements made plain requirements with a default
/// implementation that does nothing (or answers nil), and their calls in the file —
/// `delegate?.picker?(self, didPick: x)`, `delegate?.picker!(…)` — made plain calls.
///
/// An optional requirement is legal only in an `@objc` protocol, which Linux cannot have. A
/// conformer that leaves the method out then gets the default, which does what calling a
/// missing optional method did: nothing. A requirement whose result is neither Void nor an
/// optional has no such default, and is left (ObjCAttributeRewriter reports it); so are calls in other files, which the
/// compiler names (a `?` after a method that is no longer optional).
final class OptionalRequirementRewriter: PortRewriter {
    /// The requirements given a default, as `name(label:label:)`.
    private var defaulted: Set<String> = []

    override init(fileName: String, tree: SourceFileSyntax) {
        super.init(fileName: fileName, tree: tree)
        for protocolDecl in tree.statements.compactMap({ $0.item.as(ProtocolDeclSyntax.self) }) {
            for member in protocolDecl.memberBlock.members {
                guard let function = member.decl.as(FunctionDeclSyntax.self), function.isOptionalRequirement,
                    function.defaultBody != nil
                else { continue }
                self.defaulted.insert(function.selectorKey)
            }
        }
    }

    override func visit(_ node: CodeBlockItemListSyntax) -> CodeBlockItemListSyntax {
        let visited = super.visit(node)
        guard !self.defaulted.isEmpty else { return visited }
        var items: [CodeBlockItemSyntax] = []
        for item in visited {
            items.append(item)
            guard let protocolDecl = item.item.as(ProtocolDeclSyntax.self), let defaults = self.defaults(protocolDecl)
            else { continue }
            items.append(CodeBlockItemSyntax(item: .decl(DeclSyntax(defaults.with(\.leadingTrivia, .newlines(2))))))
        }
        return CodeBlockItemListSyntax(items)
    }

    /// The extension with the defaults of the protocol's optional requirements, nil when it has none.
    private func defaults(_ protocolDecl: ProtocolDeclSyntax) -> ExtensionDeclSyntax? {
        let access =
            protocolDecl.modifiers.first {
                ["public", "open", "internal", "fileprivate", "private"].contains($0.name.text)
            }
            .map { ($0.name.text == "open" ? "public" : $0.name.text) + " " } ?? ""
        let methods = protocolDecl.functionMembers.compactMap { function -> String? in
            guard self.defaulted.contains(function.selectorKey), let body = function.defaultBody else { return nil }
            let plain = function.with(\.attributes, []).with(\.modifiers, []).with(\.body, nil)
            return "    \(access)\(plain.trimmedDescription) \(body)"
        }
        guard !methods.isEmpty else { return nil }
        let text =
            "extension \(protocolDecl.name.text) {\n    // What calling the optional method did when a conformer left it out: nothing.\n\(methods.joined(separator: "\n"))\n}"
        return DeclSyntax("\(raw: text)").as(ExtensionDeclSyntax.self)
    }

    override func visit(_ node: FunctionDeclSyntax) -> DeclSyntax {
        // One with another result is left for ObjCAttributeRewriter to report.
        guard node.isOptionalRequirement, self.defaulted.contains(node.selectorKey) else { return super.visit(node) }
        let plain = DeclarationTrim.removing(
            node, attributes: { _ in false }, modifiers: { $0.name.tokenKind == .keyword(.optional) })
        self.recordRewrite(
            node, plain,
            why:
                "an optional requirement needs an @objc protocol, which Linux cannot have: it is a requirement with a default implementation that does nothing, in an extension of the protocol"
        )
        return DeclSyntax(plain)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> ExprSyntax {
        let inner =
            node.calledExpression.as(OptionalChainingExprSyntax.self)?.expression
            ?? node.calledExpression.as(ForceUnwrapExprSyntax.self)?.expression
        guard let member = inner?.as(MemberAccessExprSyntax.self),
            self.defaulted.contains(
                member.declName.baseName.text + "(" + node.arguments.map { ($0.label?.text ?? "_") + ":" }.joined()
                    + ")")
        else {
            return super.visit(node)
        }
        let visited = super.visit(node).cast(FunctionCallExprSyntax.self)
        let called =
            visited.calledExpression.as(OptionalChainingExprSyntax.self)?.expression ?? visited.calledExpression.as(
                ForceUnwrapExprSyntax.self)?.expression ?? visited.calledExpression
        let plain = visited.with(
            \.calledExpression, called.with(\.trailingTrivia, visited.calledExpression.trailingTrivia))
        self.recordRewrite(
            node, plain, why: "the optional requirement is a plain one with a default now: it is called without ? or !")
        return ExprSyntax(plain)
    }
}

extension ProtocolDeclSyntax {
    /// Its method requirements.
    var functionMembers: [FunctionDeclSyntax] {
        self.memberBlock.members.compactMap { $0.decl.as(FunctionDeclSyntax.self) }
    }
}

extension FunctionDeclSyntax {
    var isOptionalRequirement: Bool { self.modifiers.contains { $0.name.tokenKind == .keyword(.optional) } }

    /// `name(label:label:)`, as a call spells it.
    var selectorKey: String {
        self.name.text + "(" + self.signature.parameterClause.parameters.map { $0.firstName.text + ":" }.joined() + ")"
    }

    /// `{}` for a method with no result, `{ nil }` for an optional one; nil for any other.
    var defaultBody: String? {
        guard let result = self.signature.returnClause?.type else { return "{}" }
        if result.is(OptionalTypeSyntax.self) || result.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return "{ nil }"
        }
        return ["Void", "()"].contains(result.trimmedDescription) ? "{}" : nil
    }
}
