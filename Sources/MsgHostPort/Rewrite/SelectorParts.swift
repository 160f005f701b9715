import SwiftSyntax

/// What a `#selector` names: `tapped` (`labels` nil: the file's declaration says how many
/// arguments), `tapped(_:)`, `self.tapped(sender:)`, `ViewController.tapped(_:)`.
struct SelectorName {
    var name: String
    var labels: [String]?

    init?(_ node: ExprSyntax) {
        guard let macro = node.as(MacroExpansionExprSyntax.self), macro.macroName.text == "selector",
            macro.arguments.count == 1, let argument = macro.arguments.first, argument.label == nil
        else { return nil }
        let reference =
            argument.expression.as(DeclReferenceExprSyntax.self)
            ?? argument.expression.as(MemberAccessExprSyntax.self)?.declName
        guard let reference else { return nil }
        self.name = reference.baseName.text
        self.labels = reference.argumentNames.map { $0.arguments.map(\.name.text) }
    }
}

/// The file's methods by name, and its classes' superclasses: what a `#selector` rewrite needs
/// to know about the method it calls (how many arguments, of which types) and the type it is in.
final class MethodIndex: SyntaxVisitor {
    struct Method {
        var labels: [String]
        /// The parameters' types as written (`UIButton`, `NSNotification?`).
        var types: [String]
    }

    private(set) var methods: [String: [Method]] = [:]
    /// Each class's `@MainActor` and the names it inherits from.
    private(set) var classes: [String: (mainActor: Bool, inherits: [String])] = [:]

    init(_ tree: SourceFileSyntax) {
        super.init(viewMode: .sourceAccurate)
        self.walk(tree)
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let parameters = node.signature.parameterClause.parameters
        let method = Method(labels: parameters.map(\.firstName.text), types: parameters.map(\.type.trimmedDescription))
        self.methods[node.name.text, default: []].append(method)
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let inherits = node.inheritanceClause?.inheritedTypes.map(\.type.trimmedDescription) ?? []
        self.classes[node.name.text] = (node.attributes.contains { $0.named("MainActor") }, inherits)
        return .visitChildren
    }

    /// The method a selector names, when the file declares it: by its labels, or by its name
    /// alone when every method of that name takes the same labels. nil: not declared here, or
    /// a bare name shared by methods of different labels.
    func method(for selector: SelectorName) -> Method? {
        let named = self.methods[selector.name] ?? []
        if let labels = selector.labels { return named.first { $0.labels == labels } }
        guard let first = named.first, named.allSatisfy({ $0.labels == first.labels }) else { return nil }
        return first
    }

    /// Whether code in `node` runs on the main actor: inside a type marked `@MainActor`, or one
    /// that is (or extends, or inherits from) a UIKit, Messages or SpriteKit class, whose
    /// MessagesSDK types are all main-actor isolated.
    func isOnMainActor(_ node: some SyntaxProtocol) -> Bool {
        for ancestor in sequence(first: Syntax(node), next: \.parent) {
            if let type = ancestor.as(ClassDeclSyntax.self) { return self.isMainActorClass(type.name.text) }
            if let type = ancestor.as(ExtensionDeclSyntax.self) {
                return self.isMainActorClass(type.extendedType.trimmedDescription)
            }
            if ancestor.is(StructDeclSyntax.self) || ancestor.is(EnumDeclSyntax.self)
                || ancestor.is(ActorDeclSyntax.self)
            {
                return false
            }
        }
        return false
    }

    private func isMainActorClass(_ name: String, depth: Int = 0) -> Bool {
        if ["UI", "MS", "SK"].contains(where: name.hasPrefix) { return true }
        guard let type = self.classes[name], depth < 20 else {
            // Declared in another file: a controller, a view, a cell or a scene by its name.
            return ["ViewController", "View", "Cell", "Scene"].contains(where: name.hasSuffix)
        }
        return type.mainActor || type.inherits.contains { self.isMainActorClass($0, depth: depth + 1) }
    }
}

extension ExprSyntax {
    /// A reference that names the same object each time it is read: `x`, `self.button`,
    /// `cell.label!`; not a call, a subscript or an optional chain.
    var isPlainReference: Bool {
        if self.is(DeclReferenceExprSyntax.self) { return true }
        if let member = self.as(MemberAccessExprSyntax.self) { return member.base?.isPlainReference ?? false }
        if let unwrap = self.as(ForceUnwrapExprSyntax.self) { return unwrap.expression.isPlainReference }
        return false
    }

    /// Whether an optional chain (`a?.b`) is on the way to this expression's value.
    var hasOptionalChain: Bool {
        if self.is(OptionalChainingExprSyntax.self) { return true }
        if let member = self.as(MemberAccessExprSyntax.self) { return member.base?.hasOptionalChain ?? false }
        if let call = self.as(FunctionCallExprSyntax.self) { return call.calledExpression.hasOptionalChain }
        if let subscriptCall = self.as(SubscriptCallExprSyntax.self) {
            return subscriptCall.calledExpression.hasOptionalChain
        }
        if let unwrap = self.as(ForceUnwrapExprSyntax.self) { return unwrap.expression.hasOptionalChain }
        return false
    }

    var isSelf: Bool { self.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) }
    var isNilLiteral: Bool { self.is(NilLiteralExprSyntax.self) }
}

extension FunctionCallExprSyntax {
    /// The called name: `addTarget` of `button.addTarget(…)`, `UITapGestureRecognizer` of
    /// `UITapGestureRecognizer(…)`.
    var calledName: String? {
        self.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            ?? self.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    /// The receiver of a method call (`button` of `button.addTarget(…)`); nil for a bare call.
    var receiver: ExprSyntax? { self.calledExpression.as(MemberAccessExprSyntax.self)?.base }

    /// The arguments' labels, `_` for none: `["_", "action", "for"]`.
    var labels: [String] { self.arguments.map { $0.label?.text ?? "_" } }

    func argument(_ label: String) -> ExprSyntax? {
        self.arguments.first { ($0.label?.text ?? "_") == label }?.expression
    }
}
