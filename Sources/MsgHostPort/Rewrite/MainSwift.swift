import SwiftSyntax
import SwiftSyntaxBuilder

/// A ported extension's `main.swift`: what iOS does with Info.plist's `NSExtension` keys, in
/// the one line of the porting guide (§2), `MSExtensionMain.run { … }`.
public enum MainSwift {
    /// Which controller Info.plist says the extension starts with.
    public enum Principal: Hashable, Sendable {
        /// `NSExtensionPrincipalClass`: `MessagesViewController`, or with its module
        /// (`$(PRODUCT_MODULE_NAME).MessagesViewController`, `MyExtension.MessagesViewController`).
        case principalClass(String)
        /// `NSExtensionMainStoryboard`: its initial controller, from the compiled storyboards.
        case storyboard(String)
    }

    /// The text of `main.swift`; nil when the class is no Swift name once its module is taken off.
    /// `registering`: the calls that register compiled storyboards and xibs (the app's
    /// `CompiledStoryboards.register()`, each pod's), made first; a storyboard start makes
    /// the app's always.
    public static func text(for principal: Principal, registering: [String] = []) -> String? {
        switch principal {
        case .principalClass(let qualified):
            let name = qualified.split(separator: ".").last.map(String.init) ?? ""
            guard Self.isIdentifier(name) else { return nil }
            let file: SourceFileSyntax = registering.isEmpty ? """
                // Written by msghost port from Info.plist's NSExtensionPrincipalClass (\(raw: qualified)).
                import MessagesSDK

                MSExtensionMain.run { \(raw: name)() }

                """ : """
                // Written by msghost port from Info.plist's NSExtensionPrincipalClass (\(raw: qualified)).
                import MessagesSDK
                \(raw: Self.imports(registering))
                MSExtensionMain.run {
                    // The storyboards and xibs are registered on the main actor, before the first is loaded.
                    \(raw: registering.joined(separator: "\n    "))
                    return \(raw: name)()
                }

                """
            return file.description
        case .storyboard(let storyboard):
            let calls = registering.contains("CompiledStoryboards.register()") ? registering : ["CompiledStoryboards.register()"] + registering
            let file: SourceFileSyntax = """
                // Written by msghost port from Info.plist's NSExtensionMainStoryboard: its initial controller.
                import MessagesSDK
                \(raw: Self.imports(registering))
                MSExtensionMain.run {
                    // The storyboards are registered on the main actor, before the first is loaded.
                    \(raw: calls.joined(separator: "\n    "))
                    return UIStoryboard(name: \(literal: storyboard), bundle: nil).instantiateInitialViewController() as! MSMessagesAppViewController
                }

                """
            return file.description
        }
    }

    /// The imports of the pods whose registrations main.swift calls (`PodPod.registerStoryboards()`).
    private static func imports(_ registering: [String]) -> String {
        registering.compactMap { call -> String? in
            guard call.hasSuffix("Pod.registerStoryboards()") else { return nil }
            return "import " + call.dropLast("Pod.registerStoryboards()".count) + "\n"
        }.joined()
    }

    /// A name Swift reads as one identifier (not a keyword, not two tokens).
    private static func isIdentifier(_ name: String) -> Bool {
        let parsed = ExprSyntax("\(raw: name)")
        return !parsed.hasError && parsed.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .identifier(name)
            && parsed.description == name
    }
}
