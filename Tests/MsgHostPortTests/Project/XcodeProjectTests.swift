import Foundation
import MsgHostPort
import Testing

/// project.pbxproj read for its targets: the Messages extension found with no name, its Debug
/// settings and folder, and the projects it cannot be found in answered with what there is.
@Suite struct XcodeProjectTests {
    /// examples/Lemonade, the project's own Xcode-shaped example: an app and its extension.
    static let lemonade = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../../examples/Lemonade/Lemonade.xcodeproj/project.pbxproj"
    ).standardizedFileURL

    @Test func theOneMessagesExtensionIsFoundWithItsDebugSettings() throws {
        let project = try XcodeProject(pbxproj: try Data(contentsOf: Self.lemonade))
        #expect(project.targets.map(\.name) == ["Lemonade", "MessagesExtension"])
        let target = try project.target(named: nil)
        #expect(target.name == "MessagesExtension" && target.isMessagesExtension)
        #expect(target.settings["PRODUCT_BUNDLE_IDENTIFIER"] == "com.example.lemonade.MessagesExtension")
        #expect(target.folder == "MessagesExtension")
        let settings = target.expansionSettings
        #expect(
            settings["PRODUCT_NAME"] == "MessagesExtension" && settings["PRODUCT_MODULE_NAME"] == "MessagesExtension")
        #expect(try project.target(named: "MessagesExtension") == target)
    }

    @Test func aTargetThatIsNotAnExtensionOrIsNotThereIsAnError() throws {
        let project = try XcodeProject(pbxproj: try Data(contentsOf: Self.lemonade))
        #expect { try project.target(named: "Lemonade") } throws: {
            "\($0)".contains("com.apple.product-type.application.messages, not an iMessage app extension")
        }
        #expect { try project.target(named: "Nope") } throws: {
            "\($0)".contains("no target Nope (its targets: Lemonade, MessagesExtension)")
        }
        #expect { try XcodeProject(pbxproj: Data("{ objects = { }; }".utf8)).target(named: nil) } throws: {
            "\($0)".contains("no iMessage app extension")
        }
        #expect { try XcodeProject(pbxproj: Data("{ not".utf8)) } throws: { "\($0)".contains("not a property list") }
    }

    @Test func moduleNamesAreXcodes() {
        #expect(PortNames.moduleName("Ice Cream-Builder") == "Ice_Cream_Builder")
        #expect(PortNames.moduleName("2048") == "_2048")
        #expect(PortNames.moduleName("") == "_")
    }
}
