import MsgHostPort
import SwiftParser
import SwiftSyntax
import Testing

/// main.swift from Info.plist's principal class or main storyboard.
struct MainSwiftTests {
    @Test func aPrincipalClassWithItsModuleIsTheClassAlone() throws {
        let text = try #require(MainSwift.text(for: .principalClass("$(PRODUCT_MODULE_NAME).MessagesViewController")))
        #expect(
            text == """
                // Written by msghost port from Info.plist's NSExtensionPrincipalClass ($(PRODUCT_MODULE_NAME).MessagesViewController).
                import MessagesSDK

                MSExtensionMain.run { MessagesViewController() }

                """)
        #expect(!Parser.parse(source: text).hasError)
        #expect(
            MainSwift.text(for: .principalClass("GameViewController"))?.contains(
                "MSExtensionMain.run { GameViewController() }") == true)
    }

    @Test func aStoryboardRegistersTheCompiledStoryboardsAndRunsItsInitialController() throws {
        let text = try #require(MainSwift.text(for: .storyboard("MainInterface")))
        #expect(
            text == """
                // Written by msghost port from Info.plist's NSExtensionMainStoryboard: its initial controller.
                import MessagesSDK

                MSExtensionMain.run {
                    // The storyboards are registered on the main actor, before the first is loaded.
                    CompiledStoryboards.register()
                    return UIStoryboard(name: "MainInterface", bundle: nil).instantiateInitialViewController() as! MSMessagesAppViewController
                }

                """)
        #expect(!Parser.parse(source: text).hasError)
        let quoted = try #require(MainSwift.text(for: .storyboard("Main \"v2\"")))
        #expect(quoted.contains(##"UIStoryboard(name: #"Main "v2""#, bundle: nil)"##))
        #expect(!Parser.parse(source: quoted).hasError)
    }

    @Test func aClassThatIsNoSwiftNameHasNoMain() {
        #expect(MainSwift.text(for: .principalClass("")) == nil)
        #expect(MainSwift.text(for: .principalClass("My Controller")) == nil)
        #expect(MainSwift.text(for: .principalClass("App.self")) == nil)
    }
}

extension MainSwiftTests {
    @Test func aPrincipalClassWithXibsOrPodsRegistersThemFirst() throws {
        let text = try #require(
            MainSwift.text(for: .principalClass("MessagesViewController"), appStoryboards: true, pods: ["DiceKit"]))
        #expect(text.contains("import DiceKit\n"))
        #expect(
            text.contains(
                "    CompiledStoryboards.register()\n    DiceKitPod.registerStoryboards()\n    return MessagesViewController()"
            ))
        let storyboard = try #require(MainSwift.text(for: .storyboard("MainInterface"), pods: ["DiceKit"]))
        #expect(
            storyboard.contains(
                "    CompiledStoryboards.register()\n    DiceKitPod.registerStoryboards()\n    return UIStoryboard"))
    }
}
