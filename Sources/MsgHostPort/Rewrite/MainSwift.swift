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
    /// `appStoryboards`: whether the app has storyboards or xibs to register (a storyboard
    /// start has them always); `pods`: the modules of ported pods whose xibs register too
    /// (`PODPod.registerStoryboards()`). The registrations come first.
    public static func text(for principal: Principal, appStoryboards: Bool = false, pods: [String] = []) -> String? {
        let imports = pods.map { "import \($0)\n" }.joined()
        let podCalls = pods.map { "\($0)Pod.registerStoryboards()" }
        switch principal {
        case .principalClass(let qualified):
            let name = qualified.split(separator: ".").last.map(String.init) ?? ""
            guard Self.isIdentifier(name) else { return nil }
            let registering = (appStoryboards ? ["CompiledStoryboards.register()"] : []) + podCalls
            let file: SourceFileSyntax =
                registering.isEmpty
                ? """
                // Written by msghost port from Info.plist's NSExtensionPrincipalClass (\(raw: qualified)).
                import MessagesSDK

                MSExtensionMain.run { \(raw: name)() }

                """
                : """
                // Written by msghost port from Info.plist's NSExtensionPrincipalClass (\(raw: qualified)).
                import MessagesSDK
                \(raw: imports)
                MSExtensionMain.run {
                    // The storyboards and xibs are registered on the main actor, before the first is loaded.
                    \(raw: registering.joined(separator: "\n    "))
                    return \(raw: name)()
                }

                """
            return file.description
        case .storyboard(let storyboard):
            let calls = ["CompiledStoryboards.register()"] + podCalls
            let file: SourceFileSyntax = """
                // Written by msghost port from Info.plist's NSExtensionMainStoryboard: its initial controller.
                import MessagesSDK
                \(raw: imports)
                MSExtensionMain.run {
                    // The storyboards are registered on the main actor, before the first is loaded.
                    \(raw: calls.joined(separator: "\n    "))
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
