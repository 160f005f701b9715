import SwiftSyntax

/// `@IBOutlet` and `@IBAction`, for the compiled storyboard.
///
/// An outlet needs the Objective-C runtime on iOS (`@IBOutlet` is an error here: "'@IBOutlet'
/// property cannot have non-'@objc' class type"), so it becomes `@Outlet`, MessagesSDK's
/// property wrapper that the compiled storyboard connects. A property wrapper cannot be `weak`
/// or `unowned`, so those go; every other modifier stays. An outlet collection (`[UIButton]!`)
/// is the same wrapper.
///
/// `@IBAction` compiles here and stays, but a `private` or `fileprivate` one could not be called
/// by the storyboard's generated code in another file of the module: the access goes.
final class InterfaceBuilderRewriter: PortRewriter {
    override func visit(_ node: VariableDeclSyntax) -> DeclSyntax {
        guard node.attributes.contains(where: { $0.named("IBOutlet") }) else { return super.visit(node) }
        if node.bindings.count > 1 {
            self.recordCouldNotPort(
                node,
                why: "a property wrapper holds one variable: declare each outlet on a line of its own, then port again")
            return DeclSyntax(node)
        }
        var outlet = DeclarationTrim.removing(node, attributes: { _ in false }, modifiers: { $0.isReferenceOwnership })
        outlet.attributes = AttributeListSyntax(
            outlet.attributes.map { element in
                guard case .attribute(let attribute) = element, element.named("IBOutlet"),
                    let name = attribute.attributeName.as(IdentifierTypeSyntax.self)
                else { return element }
                return .attribute(
                    attribute.with(
                        \.attributeName,
                        TypeSyntax(name.with(\.name, name.name.with(\.tokenKind, .identifier("Outlet"))))))
            })
        let dropped = node.modifiers.filter(\.isReferenceOwnership).map(\.name.text)
        let why =
            dropped.isEmpty
            ? "@IBOutlet needs the Objective-C runtime; @Outlet is the property wrapper the compiled storyboard connects"
            : "@IBOutlet needs the Objective-C runtime; @Outlet is the property wrapper the compiled storyboard connects (a property wrapper cannot be \(dropped.joined(separator: " or ")))"
        self.record(.rewrite, at: node, before: ReportText.line(node), after: ReportText.line(outlet), why: why)
        return DeclSyntax(outlet)
    }

    override func visit(_ node: FunctionDeclSyntax) -> DeclSyntax {
        let visited = super.visit(node).cast(FunctionDeclSyntax.self)
        guard node.attributes.contains(where: { $0.named("IBAction") }) else { return DeclSyntax(visited) }
        // Swift off Apple's platforms refuses an @IBAction without exactly one argument ("@IBAction
        // methods must have 1 argument"); the compiled storyboard calls the method by name, so
        // the attribute can go.
        let dropAttribute = node.signature.parameterClause.parameters.count != 1
        let dropPrivate = node.modifiers.contains(where: \.isFilePrivateOrPrivate)
        guard dropAttribute || dropPrivate else { return DeclSyntax(visited) }
        let action = DeclarationTrim.removing(
            visited, attributes: { dropAttribute && AttributeListSyntax.Element.attribute($0).named("IBAction") },
            modifiers: { dropPrivate && $0.isFilePrivateOrPrivate })
        let why = [
            dropAttribute
                ? "Linux refuses an @IBAction without exactly one argument, and the compiled storyboard calls the method by name"
                : nil,
            dropPrivate
                ? "the compiled storyboard calls its actions from another file of the module: a private action cannot be seen there"
                : nil,
        ].compactMap { $0 }.joined(separator: "; ")
        self.record(.rewrite, at: node, before: ReportText.head(node), after: ReportText.head(action), why: why)
        return DeclSyntax(action)
    }
}

extension AttributeListSyntax.Element {
    /// An attribute `@name` or `@name(…)`, outside `#if`.
    func named(_ name: String) -> Bool {
        guard case .attribute(let attribute) = self else { return false }
        return attribute.attributeName.as(IdentifierTypeSyntax.self)?.name.text == name
    }
}

extension DeclModifierSyntax {
    var isReferenceOwnership: Bool {
        switch self.name.tokenKind {
        case .keyword(.weak), .keyword(.unowned): true
        default: false
        }
    }

    /// `private` or `fileprivate`, not `private(set)`, which is about the setter only.
    var isFilePrivateOrPrivate: Bool {
        switch self.name.tokenKind {
        case .keyword(.private), .keyword(.fileprivate): self.detail == nil
        default: false
        }
    }
}
