import SwiftSyntax

/// `Bundle.main`'s resource lookups (`url(forResource:…)`, `path(forResource:…)`, their plural
/// forms, `resourcePath`, `resourceURL`) made on `Bundle.extensionResources`. Foundation's
/// `Bundle.main` on Linux is the executable's folder (`.build/debug`), not the app bundle, and
/// the port puts the bundle's files under the package's `Resources`, which MessagesSDK's
/// `Bundle.extensionResources` is. Other uses of `Bundle.main` (its identifier, its Info
/// dictionary) are left: they answer nil here either way.
final class BundleRewriter: PortRewriter {
    static let resourceMembers: Set<String> = ["url", "urls", "path", "paths", "resourcePath", "resourceURL"]

    override func visit(_ node: MemberAccessExprSyntax) -> ExprSyntax {
        let name = node.declName.baseName.text
        guard Self.resourceMembers.contains(name), let base = node.base?.as(MemberAccessExprSyntax.self),
              base.declName.baseName.text == "main", base.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Bundle" else {
            return super.visit(node)
        }
        let resources = base.with(\.declName, base.declName.with(\.baseName, base.declName.baseName.with(\.tokenKind, .identifier("extensionResources"))))
        let rewritten = node.with(\.base, ExprSyntax(resources))
        self.record(.rewrite, at: node, before: "Bundle.main.\(name)", after: "Bundle.extensionResources.\(name)",
                    why: "on Linux Bundle.main is the executable's folder; the app bundle's files are in Resources, which Bundle.extensionResources is")
        return ExprSyntax(rewritten)
    }
}
