import SwiftSyntax

/// `Bundle.main`'s resource lookups (`url(forResource:…)`, `path(forResource:…)`, their plural
/// forms, `resourcePath`, `resourceURL`) made on `Bundle.extensionResources`. Foundation's
/// `Bundle.main` on Linux is the executable's folder (`.build/debug`), not the app bundle, and
/// the port puts the bundle's files under the package's `Resources`, which MessagesSDK's
/// `Bundle.extensionResources` is. So is `Bundle.main` taken as a value (`let bundle =
/// Bundle.main`, a `bundle:` argument), whose lookups come later. Its other members (its
/// identifier, its Info dictionary) are left: they answer nil here either way.
final class BundleRewriter: PortRewriter {
    static let resourceMembers: Set<String> = ["url", "urls", "path", "paths", "resourcePath", "resourceURL"]

    override func visit(_ node: MemberAccessExprSyntax) -> ExprSyntax {
        if Self.isBundleMain(node), !(node.parent?.is(MemberAccessExprSyntax.self) ?? false) {
            let resources = Self.extensionResources(node)
            self.record(
                .rewrite, at: node, before: "Bundle.main", after: "Bundle.extensionResources",
                why:
                    "on Linux Bundle.main is the executable's folder; the app bundle's files are in Resources, which Bundle.extensionResources is, and this bundle is used for them"
            )
            return ExprSyntax(resources)
        }
        let name = node.declName.baseName.text
        guard Self.resourceMembers.contains(name), let base = node.base?.as(MemberAccessExprSyntax.self),
            Self.isBundleMain(base)
        else {
            return super.visit(node)
        }
        let rewritten = node.with(\.base, ExprSyntax(Self.extensionResources(base)))
        self.record(
            .rewrite, at: node, before: "Bundle.main.\(name)", after: "Bundle.extensionResources.\(name)",
            why:
                "on Linux Bundle.main is the executable's folder; the app bundle's files are in Resources, which Bundle.extensionResources is"
        )
        return ExprSyntax(rewritten)
    }

    /// `Bundle.main`.
    private static func isBundleMain(_ node: MemberAccessExprSyntax) -> Bool {
        node.declName.baseName.text == "main" && node.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Bundle"
    }

    /// `Bundle.main` as `Bundle.extensionResources`.
    private static func extensionResources(_ main: MemberAccessExprSyntax) -> MemberAccessExprSyntax {
        main.with(
            \.declName,
            main.declName.with(\.baseName, main.declName.baseName.with(\.tokenKind, .identifier("extensionResources"))))
    }
}
