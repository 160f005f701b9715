import Foundation
import Testing

@testable import MsgHostPort

/// The command's whole run on folders made here: what it writes, and the inputs it refuses
/// with a sentence saying why, leaving the original as it was.
@Suite struct ExtensionPortTests {
    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>CFBundleIdentifier</key><string>com.example.dice</string>
        <key>NSExtension</key><dict>
        <key>NSExtensionPointIdentifier</key><string>com.apple.message-payload-provider</string>
        <key>NSExtensionPrincipalClass</key><string>$(PRODUCT_MODULE_NAME).MessagesViewController</string>
        </dict></dict></plist>
        """

    /// A folder `Dice` holding `files` (relative path → text), in a fresh temporary folder.
    static func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "port-\(UUID().uuidString.prefix(8))/Dice", isDirectory: true)
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    @Test func aFolderIsWrittenBesideItselfAndAFileThatDoesNotParseIsReported() throws {
        let input = try Self.folder([
            "Info.plist": Self.plist,
            "MessagesViewController.swift":
                "import Messages\nclass MessagesViewController: MSMessagesAppViewController {}\n",
            "Broken.swift": "func f( {\n",
            "Legacy.m": "@implementation X @end",
            "fr.lproj/Main.strings": "\"a\" = \"b\";",
            "Art/dice.png": "not really a png",
        ])
        let result = try ExtensionPort.run(.init(input: input, msghost: "/opt/msghost"))
        #expect(result.output.lastPathComponent == "Dice-msghost")
        #expect(result.module == "Dice" && result.info.entry == .principalClass("MessagesViewController"))
        let main = try String(
            contentsOf: result.output.appendingPathComponent("Sources/Dice/main.swift"), encoding: .utf8)
        #expect(main.contains("MSExtensionMain.run { MessagesViewController() }"))
        // The broken file is copied as it was, and the report says where it stops parsing.
        let broken = try String(
            contentsOf: result.output.appendingPathComponent("Sources/Dice/Broken.swift"), encoding: .utf8)
        #expect(broken == "func f( {\n")
        let left = result.report.filter { $0.kind == .couldNotPort }
        #expect(left.contains { $0.file == "Broken.swift" && $0.line == 1 })
        #expect(left.contains { $0.file == "Legacy.m" })
        #expect(left.contains { $0.file == "fr.lproj" })
        #expect(FileManager.default.fileExists(atPath: result.output.appendingPathComponent("Resources/dice.png").path))
        let package = try String(contentsOf: result.output.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(
            package.contains(#".package(path: "/opt/msghost")"#)
                && package.contains(#".product(name: "Messages", package: "msghost")"#))
        #expect(!package.contains("MessagesStoryboards"), "no storyboard, no plugin")
        let report = try String(contentsOf: result.output.appendingPathComponent("PORT-REPORT.md"), encoding: .utf8)
        #expect(report.contains("3 things left to port by hand"))
        // The original folder holds what it held.
        #expect(
            try FileManager.default.subpathsOfDirectory(atPath: input.path).sorted() == [
                "Art", "Art/dice.png", "Broken.swift", "Info.plist", "Legacy.m", "MessagesViewController.swift",
                "fr.lproj", "fr.lproj/Main.strings",
            ])
        // Again: the output exists, so only with --overwrite.
        #expect { try ExtensionPort.run(.init(input: input, msghost: "/opt/msghost")) } throws: {
            "\($0)".contains("already exists (give --overwrite")
        }
        #expect(throws: Never.self) {
            try ExtensionPort.run(.init(input: input, msghost: "/opt/msghost", overwrite: true))
        }
    }

    @Test func inputsThatCannotBePortedSayWhy() throws {
        let widget = Self.plist.replacingOccurrences(
            of: "com.apple.message-payload-provider", with: "com.apple.widgetkit-extension")
        let cases: [(files: [String: String], expected: String)] = [
            (["A.swift": "let a = 1"], "has no Info.plist"),
            (["Info.plist": widget], "com.apple.widgetkit-extension extension"),
            (["Info.plist": "{ not a plist"], "not a property list"),
        ]
        for (files, expected) in cases {
            let input = try Self.folder(files)
            #expect { try ExtensionPort.run(.init(input: input, msghost: "/m")) } throws: { "\($0)".contains(expected) }
        }
        let input = try Self.folder(["Info.plist": Self.plist])
        #expect {
            try ExtensionPort.run(.init(input: input, output: input.appendingPathComponent("out"), msghost: "/m"))
        } throws: {
            "\($0)".contains("would be in the original folder")
        }
        #expect { try ExtensionPort.run(.init(input: input.appendingPathComponent("nope"), msghost: "/m")) } throws: {
            "\($0)".contains("is not a folder")
        }
        #expect { try ExtensionPort.run(.init(input: input, target: "X", msghost: "/m")) } throws: {
            "\($0)".contains("--target names a target of an .xcodeproj")
        }
    }

    /// A storyboard the plugin would refuse at each build is in the report now, at its line;
    /// the port still writes the package.
    @Test func aStoryboardThatIsNotXMLIsLeftToDoAtItsLine() throws {
        let input = try Self.folder([
            "Info.plist": Self.plist, "Base.lproj/MainInterface.storyboard": "<document>\n<scenes>\n</document",
        ])
        let result = try ExtensionPort.run(.init(input: input, msghost: "/m"))
        let left = result.report.filter { $0.kind == .couldNotPort && $0.file == "Base.lproj/MainInterface.storyboard" }
        #expect(left.count == 1 && left[0].line > 0, "\(result.report)")
        #expect(left.first?.why.contains("plugin stops the build here") == true)
        #expect(
            FileManager.default.fileExists(
                atPath: result.output.appendingPathComponent("Sources/Dice/MainInterface.storyboard").path))
    }
}

extension ExtensionPortTests {
    @Test func aPodInstalledBesideTheExtensionBecomesALibraryTargetItImports() throws {
        let input = try Self.folder([
            "Info.plist": Self.plist,
            "MessagesViewController.swift":
                "import Messages\nimport DiceKit\nclass MessagesViewController: MSMessagesAppViewController { let die = Die() }\n",
        ])
        let project = input.deletingLastPathComponent()
        let support = "Pods/Target Support Files"
        for (path, text) in [
            "Podfile": "target 'Dice' do\n  pod 'DiceKit'\nend\n",
            "\(support)/Pods-Dice/Pods-Dice.debug.xcconfig": "OTHER_LDFLAGS = $(inherited) -framework \"DiceKit\"\n",
            "\(support)/DiceKit/DiceKit.xcconfig": "PODS_TARGET_SRCROOT = ${PODS_ROOT}/DiceKit\n",
            "\(support)/DiceKit/DiceKit-umbrella.h": "#import <UIKit/UIKit.h>\n",
            // No import of UIKit: the framework's umbrella header gives it on iOS.
            "Pods/DiceKit/Sources/Die.swift":
                "open class Die { @objc public var colour = UIColor.red; public init() {} }\n",
            "Pods/DiceKit/README.md": "# DiceKit\n",
            "Pods/DiceKit/LICENSE": "MIT\n",
        ] {
            let url = project.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let result = try ExtensionPort.run(.init(input: input, msghost: "/opt/msghost"))
        #expect(
            result.report.filter { $0.kind == .couldNotPort }.isEmpty, "import DiceKit is the package's own module now")
        #expect(result.report.contains { $0.file == "Pods/DiceKit/Sources/Die.swift" && $0.before.hasPrefix("@objc") })
        #expect(result.report.contains { $0.file == "Pods/DiceKit" && $0.after == "Sources/DiceKit" })
        let files = try FileManager.default.subpathsOfDirectory(atPath: result.output.path)
        #expect(
            files.contains("Sources/DiceKit/Sources/Die.swift") && files.contains("Sources/DiceKit/DiceKitPod.swift"))
        #expect(
            !files.contains { $0.hasSuffix("README.md") || $0.hasSuffix("LICENSE") },
            "a pod's documents are not resources")
        let own = try String(
            contentsOf: result.output.appendingPathComponent("Sources/DiceKit/DiceKitPod.swift"), encoding: .utf8)
        #expect(
            own.contains("@_exported import UIKit") && !own.contains("registerStoryboards"),
            "no xib, nothing to register")
        let package = try String(contentsOf: result.output.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(package.contains("dependencies: [.target(name: \"DiceKit\"), .product(name: \"MessagesSDK\""))
        #expect(package.contains("path: \"Sources/DiceKit\""))
    }
}
