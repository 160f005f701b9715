import SwiftSyntax

/// `@objc`, `@objc(name)`, `@objcMembers` and `dynamic` taken off every declaration.
///
/// Swift on Linux has no Objective-C runtime: `@objc` is an error ("Objective-C
/// interoperability is disabled"), and what needed it on iOS — a selector, key-value observing,
/// an Objective-C caller — is gone once `SelectorRewriter` has made closures of the selectors.
/// So nothing here needs them. `NSObject` as a superclass stays: Foundation has it.
///
/// An `optional` protocol requirement is legal only in an `@objc` protocol, so it cannot stay
/// as it is: it is reported, for a default implementation in an extension.
final class ObjCAttributeRewriter: PortRewriter {
    override func visit(_ node: FunctionDeclSyntax) -> DeclSyntax { self.trim(node, super.visit(node)) }
    override func visit(_ node: VariableDeclSyntax) -> DeclSyntax { self.trim(node, super.visit(node)) }
    override func visit(_ node: InitializerDeclSyntax) -> DeclSyntax { self.trim(node, super.visit(node)) }
    override func visit(_ node: SubscriptDeclSyntax) -> DeclSyntax { self.trim(node, super.visit(node)) }
    override func visit(_ node: ClassDeclSyntax) -> DeclSyntax { self.trim(node, super.visit(node)) }
    override func visit(_ node: ProtocolDeclSyntax) -> DeclSyntax { self.trim(node, super.visit(node)) }
    override func visit(_ node: ExtensionDeclSyntax) -> DeclSyntax { self.trim(node, super.visit(node)) }
    override func visit(_ node: EnumDeclSyntax) -> DeclSyntax { self.trim(node, super.visit(node)) }

    /// `original` as read, `visited` with its members already done.
    private func trim<Decl: DeclSyntaxProtocol & WithAttributesSyntax & WithModifiersSyntax>(
        _ original: Decl, _ visited: DeclSyntax
    ) -> DeclSyntax {
        if original.modifiers.contains(where: { $0.name.tokenKind == .keyword(.optional) }) {
            self.recordCouldNotPort(
                original,
                why:
                    "an optional requirement needs an @objc protocol, which Linux cannot have: make it a requirement with a default implementation in an extension, and call it without `?`"
            )
            return visited
        }
        let removed =
            original.attributes.compactMap(\.objCName) + original.modifiers.filter(\.isDynamic).map(\.name.text)
        guard !removed.isEmpty else { return visited }
        let trimmed = DeclarationTrim.removing(
            visited.cast(Decl.self), attributes: { AttributeListSyntax.Element.attribute($0).objCName != nil },
            modifiers: \.isDynamic)
        let names = removed.map { $0 == "dynamic" ? $0 : "@" + $0 }.joined(separator: ", ")
        self.record(
            .rewrite, at: original, before: ReportText.head(original), after: ReportText.head(trimmed),
            why: "\(names): Linux has no Objective-C runtime, and nothing here needs one (selectors are closures now)")
        return DeclSyntax(trimmed)
    }
}

extension AttributeListSyntax.Element {
    /// `objc` for `@objc` and `@objc(name)`, `objcMembers` for `@objcMembers`; nil for others.
    var objCName: String? {
        self.named("objc") ? "objc" : self.named("objcMembers") ? "objcMembers" : nil
    }
}

extension DeclModifierSyntax {
    var isDynamic: Bool { self.name.tokenKind == .keyword(.dynamic) }
}
