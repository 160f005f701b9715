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
    public static func text(for principal: Principal) -> String? {
        switch principal {
        case .principalClass(let qualified):
            let name = qualified.split(separator: ".").last.map(String.init) ?? ""
            guard Self.isIdentifier(name) else { return nil }
            let file: SourceFileSyntax = """
                // Written by msghost port from Info.plist's NSExtensionPrincipalClass (\(raw: qualified)).
                import MessagesSDK

                MSExtensionMain.run { \(raw: name)() }

                """
            return file.description
        case .storyboard(let storyboard):
            let file: SourceFileSyntax = """
                // Written by msghost port from Info.plist's NSExtensionMainStoryboard: its initial controller.
                import MessagesSDK

                MSExtensionMain.run {
                    // The storyboards are registered on the main actor, before the first is loaded.
                    CompiledStoryboards.register()
                    return UIStoryboard(name: \(literal: storyboard), bundle: nil).instantiateInitialViewController() as! MSMessagesAppViewController
                }

                """
            return file.description
        }
    }

    /// A name Swift reads as one identifier (not a keyword, not two tokens).
    private static func isIdentifier(_ name: String) -> Bool {
        let parsed = ExprSyntax("\(raw: name)")
        return !parsed.hasError && parsed.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .identifier(name)
            && parsed.description == name
    }
}
