import SwiftSyntax

/// Imports of modules that are not here: reported, never rewritten. An extension's imports of
/// Apple's UI modules build as written (msghost has `UIKit`, `Messages`, `SpriteKit`,
/// `QuartzCore` and `CoreGraphics`, docs/DECISIONS.md), and Foundation's are Linux's own; any
/// other (a CocoaPod, `EventKit`, `AVFoundation`, `os`) fails the build, so the report names it
/// with what to do before the compiler stops at it.
final class ImportCheck: PortRewriter {
    /// Modules an extension can import on Linux with msghost.
    static let available: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
        "Dispatch", "Glibc", "Swift", "_Concurrency", "Synchronization", "RegexBuilder", "XCTest", "Testing",
        "MessagesSDK", "UIKit", "Messages", "SpriteKit", "QuartzCore", "CoreGraphics",
    ]

    /// What to say of the modules a Messages extension imports most that are not here.
    static let advice: [String: String] = [
        "Darwin": "use Glibc (or Foundation, which has most of it) on Linux",
        "os": "use print or swift-log: os_log is Apple's",
        "EventKit": "EventKit is Apple's calendar store: give the app its events another way (a file, a test double)",
        "EventKitUI": "EventKitUI's controllers are Apple's: build the screen with UIKit's views",
        "AVFoundation": "no audio or video here: leave the feature out of the port, behind #if canImport(AVFoundation)",
        "GameplayKit":
            "GameplayKit is not here: write the part of it the game uses (a random source: SystemRandomNumberGenerator)",
        "SafariServices": "no web views here: open URLs with the host's own means, or leave the feature out",
        "SwiftUI": "SwiftUI is not here: MessagesSDK has UIKit's views",
    ]

    /// The package's own modules (its ported pods).
    let packageModules: Set<String>

    init(fileName: String, tree: SourceFileSyntax, packageModules: Set<String> = []) {
        self.packageModules = packageModules
        super.init(fileName: fileName, tree: tree)
    }

    override func visit(_ node: ImportDeclSyntax) -> DeclSyntax {
        guard let module = node.path.first?.name.text, !Self.available.contains(module),
            !self.packageModules.contains(module)
        else { return DeclSyntax(node) }
        let advice =
            Self.advice[module]
            ?? "no module \(module) on Linux (an Apple framework, or a CocoaPod that is not installed in Pods/): port what the app uses of it into the package, or remove its uses"
        self.recordCouldNotPort(node, why: advice)
        return DeclSyntax(node)
    }
}
