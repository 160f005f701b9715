import Foundation

/// The files `msghost port` writes beside the sources: the package that builds the extension
/// against MessagesSDK, the app's manifest and a world to try it in (msghostd's config forms,
/// PROTOCOL.md §4.1 and config/world.yaml), and a first test under a real daemon. Text only:
/// the command writes them.
///
/// Layout of the ported package (relative to its root):
///
///     Package.swift
///     Sources/MODULE/          the rewritten sources, main.swift, storyboards and xibs
///     Resources/               asset catalog sets and the extension's other files
///     msghost/msghostd.yaml    the daemon's configuration
///     msghost/apps/BUNDLE.yaml the manifest: the binary `swift build` makes, run in the root
///     msghost/world.yaml       Kate and John, an iPhone each, the app on both
///     Tests/MODULETests/FirstScreenTests.swift
///     PORT-REPORT.md
public struct PackageFiles: Equatable, Sendable {
    public var module: String
    public var info: ExtensionInfo
    /// The msghost checkout the package depends on (a path dependency).
    public var msghost: String
    /// Whether the sources have storyboards or xibs, for the plugin that compiles them.
    public var hasInterfaceFiles: Bool

    /// A library target of the package beside the extension's: a ported CocoaPod.
    public struct Library: Equatable, Sendable {
        public var module: String
        public var hasInterfaceFiles: Bool

        public init(module: String, hasInterfaceFiles: Bool) {
            self.module = module
            self.hasInterfaceFiles = hasInterfaceFiles
        }
    }

    /// The ported pods, each a library target in `Sources/MODULE/` that the extension depends on.
    public var libraries: [Library]

    public init(
        module: String, info: ExtensionInfo, msghost: String, hasInterfaceFiles: Bool, libraries: [Library] = []
    ) {
        self.module = module
        self.info = info
        self.msghost = msghost
        self.hasInterfaceFiles = hasInterfaceFiles
        self.libraries = libraries
    }

    /// MessagesSDK and the modules of msghost with Apple's names (docs/DECISIONS.md).
    static let sdkModules = ["MessagesSDK", "UIKit", "Messages", "SpriteKit", "QuartzCore", "CoreGraphics"]

    /// SwiftPM names a path dependency by its folder's name.
    var msghostIdentity: String { (self.msghost as NSString).lastPathComponent }

    public var packageSwift: String {
        let plugins = self.plugins(self.hasInterfaceFiles)
        let sdk = Self.sdkModules.map { ".product(name: \"\($0)\", package: \(Self.literal(self.msghostIdentity)))" }
            .joined(separator: ", ")
        let own = self.libraries.map { ".target(name: \(Self.literal($0.module))), " }.joined()
        let libraries = self.libraries.map { library in
            """
                    // A CocoaPod, ported as the app's sources are.
                    .target(
                        name: \(Self.literal(library.module)),
                        dependencies: [\(sdk)],
                        path: "Sources/\(library.module)",
                        swiftSettings: [.swiftLanguageMode(.v5)]\(self.plugins(library.hasInterfaceFiles))
                    ),

            """
        }.joined()
        return """
            // swift-tools-version: 6.2
            // Written by msghost port: the iOS Messages extension \(self.info.displayName) built against MessagesSDK.
            // Build: swift build. Run: msghostd --config with msghost/apps and msghost/world.yaml. Test: swift test.
            import PackageDescription

            let package = Package(
                name: \(Self.literal(self.module)),
                platforms: [.macOS(.v15)],
                dependencies: [.package(path: \(Self.literal(self.msghost)))],
                targets: [
                    .executableTarget(
                        name: \(Self.literal(self.module)),
                        // MessagesSDK, and the same under the names of Apple's modules the sources import.
                        dependencies: [\(own)\(sdk)],
                        path: "Sources/\(self.module)",
                        // The language mode iOS projects are written in; Swift 6's checks come later.
                        swiftSettings: [.swiftLanguageMode(.v5)]\(plugins)
                    ),
            \(libraries)        .testTarget(
                        name: \(Self.literal(self.module + "Tests")),
                        dependencies: [
                            .target(name: \(Self.literal(self.module))),
                            .product(name: "MsgHostTesting", package: \(Self.literal(self.msghostIdentity))),
                            .product(name: "MsgHostProtocol", package: \(Self.literal(self.msghostIdentity))),
                        ],
                        path: "Tests/\(self.module)Tests"
                    ),
                ]
            )

            """
    }

    private func plugins(_ has: Bool) -> String {
        has
            ? ",\n            plugins: [.plugin(name: \"MessagesStoryboards\", package: \(Self.literal(self.msghostIdentity)))]"
            : ""
    }

    /// The daemon's configuration: the apps folder and world seed beside it, by default.
    public var daemonYAML: String {
        """
        # Written by msghost port. Every key: msghost's config/msghostd.yaml.
        extensions:
          idleGraceMs: 500

        """
    }

    /// The app's manifest, in `msghost/apps/`: run from the package's root, where
    /// `Resources` is what `UIImage(named:)` reads.
    public var manifestYAML: String {
        """
        # Written by msghost port from the extension's Info.plist.
        bundleID: \(Self.literal(self.info.bundleID))
        displayName: \(Self.literal(self.info.displayName))
        # The binary `swift build` makes, relative to workingDirectory.
        command: .build/debug/\(self.module)
        # Relative to this file's folder: the package's root.
        workingDirectory: ../..
        contexts: [\(self.info.contexts.joined(separator: ", "))]

        """
    }

    public var worldYAML: String {
        """
        # Written by msghost port: two people, an iPhone each, in one conversation, with \(self.info.displayName) installed.
        people:
          - handle: kate@example.com
            name: Kate Bell
          - handle: john@example.com
            name: John Appleseed
        devices:
          - id: kate-iphone
            owner: kate@example.com
          - id: john-iphone
            owner: john@example.com
        conversations:
          - id: kate-john
            members: [kate@example.com, john@example.com]
        installs:
          - device: kate-iphone
            app: \(Self.literal(self.info.bundleID))
          - device: john-iphone
            app: \(Self.literal(self.info.bundleID))

        """
    }

    /// A test that opens the app on Kate's phone under a real daemon and reads its first
    /// screen: the place to start the app's own tests.
    public var firstScreenTest: String {
        """
        // Written by msghost port: the app opens under msghostd and shows its first screen.
        // Add the app's own flows below (docs/testing.md of msghost: tapScreen by label, send, transcript).
        import Foundation
        import MsgHostProtocol
        import MsgHostTesting
        import Testing

        @Suite struct FirstScreenTests {
            /// The package's root, from this file's place (Tests/\(self.module)Tests/).
            static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
            /// The extension from the same build as this test (\(self.binaryVariable) to use another),
            /// run in the package's root, where Resources is.
            static let app = TestDaemon.App(
                bundleID: \(Self.literal(self.info.bundleID)), command: TestPaths.binary(\(Self.literal(self.module)), override: \(Self.literal(self.binaryVariable))), args: [],
                workingDirectory: root, contexts: [\(self.info.contexts.map(Self.literal).joined(separator: ", "))])

            @Test func theAppOpensAndShowsItsFirstScreen() throws {
                try TestDaemon.with(apps: [Self.app]) { daemon in
                    #expect(try daemon.open(\(Self.literal(self.info.bundleID)), on: "kate-iphone").presentationStyle == .compact)
                    try daemon.settle()
                    let screen = try daemon.screenItems("kate-iphone")
                    #expect(!screen.isEmpty, "the compact view shows something")
                    print(screen.map { "\\($0.role) \\($0.label ?? "")" }.joined(separator: "\\n"))
                }
            }
        }

        """
    }

    /// The environment variable that names another build of the extension for the test.
    var binaryVariable: String { self.module.uppercased() + "_BINARY" }

    /// A double-quoted string literal that Swift and YAML read alike: their escapes agree on
    /// quote, backslash, newline and tab; another control character (nonsense in a name) is
    /// a space.
    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
