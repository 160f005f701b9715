import Foundation
import Testing

@testable import MsgHostPort

/// Info.plist as Xcode writes it for a Messages extension, its build settings expanded, and
/// the plists that are not one answered with what is wrong.
@Suite struct ExtensionInfoTests {
    static func plist(_ extensionDictionary: String, top: String = "") -> Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
            <key>CFBundleName</key><string>$(PRODUCT_NAME)</string>
            \(top)
            <key>NSExtension</key><dict>\(extensionDictionary)</dict>
            </dict></plist>
            """.utf8)
    }

    static let messages = "<key>NSExtensionPointIdentifier</key><string>com.apple.message-payload-provider</string>"
    static let settings = [
        "PRODUCT_BUNDLE_IDENTIFIER": "com.example.dice.MessagesExtension", "PRODUCT_NAME": "MessagesExtension",
        "PRODUCT_MODULE_NAME": "MessagesExtension",
    ]

    @Test func aStoryboardExtensionWithItsSettingsExpanded() throws {
        let info = try ExtensionInfo(
            plist: Self.plist(
                Self.messages + """
                    <key>NSExtensionMainStoryboard</key><string>MainInterface</string>
                    <key>NSExtensionAttributes</key><dict><key>MSSupportedPresentationContexts</key>
                    <array><string>MSMessagesAppPresentationContextMessages</string><string>MSMessagesAppPresentationContextMedia</string></array></dict>
                    """, top: "<key>CFBundleDisplayName</key><string>Dice</string>"), settings: Self.settings,
            fallbackBundleID: "unused")
        #expect(info.bundleID == "com.example.dice.MessagesExtension")
        #expect(info.displayName == "Dice")
        #expect(info.entry == .mainStoryboard("MainInterface"))
        #expect(info.contexts == ["messages", "media"])
    }

    @Test func aPrincipalClassLosesItsModulePrefixAndTheNameFallsBackToCFBundleName() throws {
        let info = try ExtensionInfo(
            plist: Self.plist(
                Self.messages + """
                    <key>NSExtensionPrincipalClass</key><string>$(PRODUCT_MODULE_NAME).MessagesViewController</string>
                    """), settings: Self.settings, fallbackBundleID: "unused")
        #expect(info.entry == .principalClass("MessagesViewController"))
        #expect(info.displayName == "MessagesExtension")
        #expect(info.contexts == ["messages"])
    }

    @Test func settingModifiersAndBracesExpandAsXcodeDoes() throws {
        #expect(
            try ExtensionInfo.expand(
                "${PRODUCT_NAME:rfc1034identifier}.x", key: "k", settings: ["PRODUCT_NAME": "Dice"]) == "Dice.x")
        #expect(try ExtensionInfo.expand("costs $5 $", key: "k", settings: [:]) == "costs $5 $")
        #expect(try ExtensionInfo.expand("$(A)$(B)", key: "k", settings: ["A": "1", "B": "2"]) == "12")
    }

    @Test(arguments: [
        ("not a plist", Data("{ key = ".utf8), "not a property list"),
        ("a bare string", Data("hello".utf8), "not a dictionary"),
        ("an array", Data(#"<?xml version="1.0"?><plist version="1.0"><array/></plist>"#.utf8), "not a dictionary"),
        ("no NSExtension", Data(#"<?xml version="1.0"?><plist version="1.0"><dict/></plist>"#.utf8), "no NSExtension"),
        (
            "a widget",
            ExtensionInfoTests.plist(
                "<key>NSExtensionPointIdentifier</key><string>com.apple.widgetkit-extension</string>"),
            "com.apple.widgetkit-extension extension, not an iMessage app's"
        ),
        (
            "no entry", ExtensionInfoTests.plist(ExtensionInfoTests.messages),
            "neither NSExtensionMainStoryboard nor NSExtensionPrincipalClass"
        ),
    ])
    func whatIsNotAMessagesExtensionsPlistSaysWhy(_ name: String, _ data: Data, _ expected: String) {
        #expect {
            _ = try ExtensionInfo(plist: data, settings: Self.settings, fallbackBundleID: "x")
        } throws: { error in
            "\(error)".contains(expected)
        }
    }

    @Test func anUnknownSettingIsAnErrorThatNamesIt() {
        #expect {
            _ = try ExtensionInfo(
                plist: Self.plist(Self.messages + "<key>NSExtensionMainStoryboard</key><string>Main</string>"),
                settings: [:], fallbackBundleID: "x")
        } throws: { error in
            "\(error)".contains("PRODUCT_BUNDLE_IDENTIFIER is not known")
        }
    }
}
