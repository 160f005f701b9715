// swift-tools-version: 6.2
import PackageDescription

/// Settings every target shares: Swift 6 mode plus the upcoming features our models
/// (Hummingbird, swift-service-lifecycle) build with.
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// Apple's module names over MessagesSDK (`import UIKit` in an iOS extension's sources builds as
/// written): Linux only, where none of them exists (docs/DECISIONS.md, "Apple's module names").
#if os(Linux)
    let appleModules = ["UIKit", "Messages", "SpriteKit", "QuartzCore", "CoreGraphics"]
#else
    let appleModules: [String] = []
#endif

let package = Package(
    name: "msghost",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "msghostd", targets: ["msghostd"]),
        .executable(name: "msghostctl", targets: ["msghostctl"]),
        .executable(name: "msghost-bench", targets: ["msghost-bench"]),
        .executable(name: "msghost-web", targets: ["msghost-web"]),
        .executable(name: "msghost-mcp", targets: ["msghost-mcp"]),
        .executable(name: "msghost-port", targets: ["msghost-port"]),
        .library(name: "MsgHostProtocol", targets: ["MsgHostProtocol"]),
        // The host and the shell as libraries, for the fuzzers (fuzz/Package.swift), which
        // drive the daemon's own code paths from a package of their own.
        .library(name: "MsgHostCore", targets: ["MsgHostCore"]),
        .library(name: "MsgHostStore", targets: ["MsgHostStore"]),
        .library(name: "MsgHostShell", targets: ["MsgHostShell"]),
        .library(name: "MsgHost", targets: ["MsgHost"]),
        .library(name: "MsgHostControl", targets: ["MsgHostControl"]),
        // For the fuzzers (fuzz/Package.swift), whose `mcp` target checks tool arguments.
        .library(name: "MsgHostMCP", targets: ["MsgHostMCP"]),
        .library(name: "MsgHostTesting", targets: ["MsgHostTesting"]),
        .library(name: "MessagesSDK", targets: ["MessagesSDK"]),
        // For ported packages: `plugins: [.plugin(name: "MessagesStoryboards", package: "msghost")]`.
        .plugin(name: "MessagesStoryboards", targets: ["MessagesStoryboards"]),
    ] + appleModules.map { .library(name: $0, targets: [$0]) },
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.8.0"),
        .package(url: "https://github.com/apple/swift-configuration", from: "1.0.0", traits: ["YAML"]),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.5.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.0"),
        // msghost port's source rewrites (MsgHostPort) read and write Swift through its syntax tree.
        .package(url: "https://github.com/swiftlang/swift-syntax", "602.0.0"..<"604.0.0"),
    ],
    targets: [
        // libzmq, from the system (Debian: libzmq3-dev). See Sources/CZeroMQ/shim.h.
        .systemLibrary(
            name: "CZeroMQ",
            providers: [.apt(["libzmq3-dev"]), .brew(["zeromq"])]
        ),
        // Cairo and Pango (Debian: libcairo2-dev, libpango1.0-dev): MessagesSDK's UIKit drawing.
        // See Sources/CCairo/shim.h.
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev"]), .brew(["cairo", "pango"])]
        ),
        // JPEG decoding and encoding over libjpeg-turbo (Debian: libjpeg-dev), in C for its
        // setjmp error handling (see cjpeg.h).
        .target(name: "CJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        // Our spawn of extension processes (fork-exec with a parent-death signal; see cspawn.h).
        .target(name: "CSpawn"),
        // A small typed wrapper over libzmq: contexts, sockets, multipart messages, poll.
        .target(name: "ZeroMQ", dependencies: ["CZeroMQ"], swiftSettings: swiftSettings),
        // Wire protocol v1: envelope, signing, message bodies, error codes. No I/O.
        .target(
            name: "MsgHostProtocol",
            dependencies: [.product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: swiftSettings
        ),
        // The host: an I/O-free state machine. Events (with the time) in, actions out.
        .target(
            name: "MsgHostCore",
            dependencies: ["MsgHostProtocol", .product(name: "HashTreeCollections", package: "swift-collections")],
            swiftSettings: swiftSettings
        ),
        // Persistence of the world and transcripts in SQLite, through GRDB.
        .target(
            name: "MsgHostStore",
            dependencies: ["MsgHostCore", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: swiftSettings
        ),
        // The one driver of the machine's actions in commit units, over a store, a clock and a
        // transport given as protocols: the daemon's loop, the core's tests, the property test,
        // the fuzzers and the benchmark run the machine through it. No I/O of its own.
        .target(name: "MsgHostShell", dependencies: ["MsgHostCore", "MsgHostProtocol"], swiftSettings: swiftSettings),
        // Client of the control endpoint, shared by msghostctl and the integration tests.
        .target(name: "MsgHostControl", dependencies: ["ZeroMQ", "MsgHostProtocol"], swiftSettings: swiftSettings),
        // A real daemon per test: temp directories, world, apps, control, settle, events.
        .target(
            name: "MsgHostTesting", dependencies: ["MsgHostControl", "MsgHostProtocol", "ZeroMQ"],
            swiftSettings: swiftSettings),
        // The shell: event loop, sockets, processes, SQLite, systemd, configuration.
        .target(
            name: "MsgHost",
            dependencies: [
                .product(name: "HashTreeCollections", package: "swift-collections"),
                "MsgHostCore", "MsgHostShell", "MsgHostStore", "ZeroMQ", "MsgHostProtocol", "CSpawn",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "HeapModule", package: "swift-collections"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "msghostd",
            dependencies: [
                "MsgHost",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "msghostctl",
            dependencies: [
                "MsgHostControl", "MsgHostProtocol", "ZeroMQ",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        // The benchmark harness (docs/PERFORMANCE.md): build in release mode, run from the repo root.
        .executableTarget(
            name: "msghost-bench",
            dependencies: [
                // MsgHostTesting: the Swift test harness, whose start + stop is a figure.
                "MsgHostControl", "MsgHostProtocol", "MsgHostCore", "MsgHostShell", "MsgHostStore", "ZeroMQ",
                "MsgHostTesting",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        // The web simulator (docs/WEB.md): a Hummingbird server that shows and drives a daemon
        // through its control API only; the page is plain HTML, CSS and JavaScript in Public/.
        .target(
            name: "MsgHostWeb",
            dependencies: [
                "MsgHostProtocol", "MsgHostControl", "ZeroMQ",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            resources: [.copy("Public")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "msghost-web",
            dependencies: [
                "MsgHostWeb", "MsgHostControl",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            swiftSettings: swiftSettings
        ),
        // The MCP server (docs/AGENTS.md): the control API as Model Context Protocol tools and
        // resources for a coding agent, through MsgHostControl's client only, like msghost-web.
        .target(
            name: "MsgHostMCP",
            dependencies: [
                "MsgHostControl", "MsgHostProtocol", .product(name: "MCP", package: "swift-sdk"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "msghost-mcp",
            dependencies: [
                "MsgHostMCP", "MsgHostControl", "MsgHostProtocol",
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        // The Swift SDK: Messages.framework's classes over the wire protocol, for extensions.
        .target(
            name: "MessagesSDK", dependencies: ["ZeroMQ", "CZeroMQ", "MsgHostProtocol", "CCairo", "CJPEG"],
            swiftSettings: swiftSettings),
        // Storyboards and xibs read and written as Swift for MessagesSDK: Foundation only, so a
        // ported package's build of the tool is quick (docs/DECISIONS.md, "Storyboards").
        .target(name: "MsgHostStoryboard", swiftSettings: swiftSettings),
        // Its command line: storyboard and xib paths in, one Swift file out, Xcode-style warnings.
        .executableTarget(
            name: "msghost-storyboard", dependencies: ["MsgHostStoryboard"], swiftSettings: swiftSettings),
        // The build plugin that runs msghost-storyboard on every .storyboard and .xib of a target.
        .plugin(name: "MessagesStoryboards", capability: .buildTool(), dependencies: ["msghost-storyboard"]),
        // The WWDC 2016 Ice Cream builder, ported to MessagesSDK (examples/IceCream).
        .executableTarget(
            name: "IceCreamExtension", dependencies: ["MessagesSDK"], path: "examples/IceCream/Sources",
            swiftSettings: swiftSettings),
        // Tic-Tac-Toe, the worked example of docs/porting-from-ios.md (examples/TicTacToe).
        .executableTarget(
            name: "TicTacToeExtension", dependencies: ["MessagesSDK"], path: "examples/TicTacToe/Sources",
            swiftSettings: swiftSettings),
        // Two examples written by following the porting guide: a board game whose bubble is the
        // board drawn with the SDK (examples/ConnectFour), a group date poll with the view's
        // inputs (examples/DatePoll).
        .executableTarget(
            name: "ConnectFourExtension", dependencies: ["MessagesSDK"], path: "examples/ConnectFour/Sources",
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "DatePollExtension", dependencies: ["MessagesSDK"], path: "examples/DatePoll/Sources",
            swiftSettings: swiftSettings),
        // A fixture app for the integration tests of UIImage and stickers (Tests/Fixtures/StickerApp).
        .executableTarget(
            name: "StickerApp", dependencies: ["MessagesSDK"], path: "Tests/Fixtures/StickerApp",
            exclude: ["Resources"], swiftSettings: swiftSettings),
        // The porting guide's main.swift in the Swift 5 language mode: it must build.
        .executableTarget(
            name: "Swift5Main", dependencies: ["MessagesSDK"], path: "Tests/Fixtures/Swift5Main",
            swiftSettings: [.swiftLanguageMode(.v5)]),
        // A fixture app whose screen is UIKit views, tapped at points (Tests/Fixtures/ScreenApp).
        .executableTarget(
            name: "ScreenApp", dependencies: ["MessagesSDK"], path: "Tests/Fixtures/ScreenApp",
            swiftSettings: swiftSettings),
        // An extension's imports as iOS writes them (import UIKit, Messages…): it must build.
        .executableTarget(
            name: "AppleImports", dependencies: appleModules.map { .target(name: $0) },
            path: "Tests/Fixtures/AppleImports", swiftSettings: [.swiftLanguageMode(.v5)]),
        // The middle process of the parent-death test of CSpawn (Tests/MsgHostTests/Processes).
        .executableTarget(name: "SpawnProbe", dependencies: ["CSpawn"], path: "Tests/Fixtures/SpawnProbe"),
        // A fixture app built from a storyboard and a xib by the MessagesStoryboards plugin
        // (Tests/Fixtures/StoryboardApp), loaded by MessagesSDKTests' storyboard tests.
        .executableTarget(
            name: "StoryboardApp", dependencies: ["MessagesSDK"], path: "Tests/Fixtures/StoryboardApp",
            swiftSettings: swiftSettings, plugins: ["MessagesStoryboards"]),
        // The Swift SDK's client for the conformance kit (conformance/README.md).
        .executableTarget(
            name: "ConformanceClient", dependencies: ["MessagesSDK"], path: "conformance/clients/swift",
            swiftSettings: swiftSettings),
        // msghost port's library: an iOS Messages extension (its folder, or an .xcodeproj and
        // its target) written out as a package that builds against MessagesSDK — Info.plist to a
        // manifest, asset catalogs to Resources, the sources rewritten with swift-syntax for what
        // Linux cannot compile (outlets, #selector, @objc, Swift 3–5 spellings) — every step in
        // a report. The rewrites and the planning do no I/O; Port/ reads and writes the folders.
        .target(
            name: "MsgHostPort",
            dependencies: [
                "MsgHostStoryboard",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "msghost-port",
            dependencies: ["MsgHostPort", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MsgHostPortTests",
            // MsgHostTesting: the ported example's flow runs under a real daemon.
            dependencies: [
                "MsgHostPort", "MsgHostTesting", "MsgHostControl", "MsgHostProtocol",
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "ZeroMQTests", dependencies: ["ZeroMQ"], swiftSettings: swiftSettings),
        .testTarget(name: "MsgHostStoryboardTests", dependencies: ["MsgHostStoryboard"], swiftSettings: swiftSettings),
        // The examples are read by path (#filePath), not as a bundle resource.
        .testTarget(
            name: "MsgHostProtocolTests", dependencies: ["MsgHostProtocol"], exclude: ["Codec/schema-examples.json"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "MsgHostTestingTests", dependencies: ["MsgHostTesting", "MsgHostControl", "MsgHostProtocol"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "MsgHostCoreTests",
            dependencies: [
                "MsgHostCore", "MsgHostProtocol", "MsgHostShell", "MsgHostStore", "MsgHostTesting",
                .product(name: "HashTreeCollections", package: "swift-collections"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MsgHostStoreTests",
            dependencies: [
                "MsgHostStore", "MsgHostCore", "MsgHostProtocol", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HashTreeCollections", package: "swift-collections"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MsgHostTests",
            dependencies: [
                // SpawnProbe: building the tests builds the probe they run.
                // MsgHostCore named too: the tests import it, and a dependency reached only through
                // MsgHost left stale objects linked after a change to the core.
                "MsgHost", "MsgHostCore", "MsgHostTesting", "ZeroMQ", "CSpawn", "SpawnProbe",
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "IntegrationTests",
            // StickerApp: building the tests builds the fixture app they launch.
            dependencies: ["MsgHostControl", "MsgHostProtocol", "MsgHostTesting", "ZeroMQ", "StickerApp", "ScreenApp"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MsgHostWebTests",
            // msghost-web: building the tests builds the binary AccessTests start.
            dependencies: [
                "MsgHostWeb", "msghost-web", "MsgHostTesting", "MsgHostProtocol", "MsgHostControl",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MsgHostMCPTests",
            // msghost-mcp: building the tests builds the binary AgentSessionTests starts.
            dependencies: [
                "MsgHostMCP", "msghost-mcp", "MsgHostControl", "MsgHostProtocol", "MsgHostTesting",
                .product(name: "MCP", package: "swift-sdk"),
            ],
            swiftSettings: swiftSettings
        ),
        // Compares drawings with reference PNGs, for MessagesSDK's tests and the examples'.
        .target(
            name: "DrawingReferences", dependencies: ["MessagesSDK"], path: "Tests/Support/DrawingReferences",
            swiftSettings: swiftSettings),
        .testTarget(
            name: "MessagesSDKTests",
            dependencies: ["MessagesSDK", "MsgHostProtocol", "ZeroMQ", "DrawingReferences", "StoryboardApp"],
            exclude: ["Drawing/References", "UIKit/References"], swiftSettings: swiftSettings),
        // Depends on the extension so that building the tests builds the binary they launch.
        .testTarget(
            name: "IceCreamTests",
            dependencies: [
                "IceCreamExtension", "MsgHostTesting", "MsgHostControl", "MsgHostProtocol", "MessagesSDK",
                "DrawingReferences",
            ],
            path: "examples/IceCream/Tests",
            exclude: ["References"],
            swiftSettings: swiftSettings
        ),
        // Their Swift tests, and the Python ones (examples/*/tests) they run with pytest.
        .testTarget(
            name: "ConnectFourTests",
            dependencies: [
                "ConnectFourExtension", "MessagesSDK", "DrawingReferences", "MsgHostTesting", "MsgHostControl",
                "MsgHostProtocol",
            ],
            path: "examples/ConnectFour/Tests",
            exclude: ["References"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "DatePollTests",
            dependencies: ["DatePollExtension", "MessagesSDK", "MsgHostTesting", "MsgHostControl", "MsgHostProtocol"],
            path: "examples/DatePoll/Tests",
            swiftSettings: swiftSettings
        ),
        // Its Swift tests, and the Python ones (examples/TicTacToe/tests) they run with pytest.
        .testTarget(
            name: "TicTacToeTests",
            dependencies: ["TicTacToeExtension", "MsgHostTesting", "MsgHostControl", "MsgHostProtocol"],
            path: "examples/TicTacToe/Tests",
            swiftSettings: swiftSettings
        ),
    ]
        + appleModules.map {
            .target(
                name: $0, dependencies: ["MessagesSDK"], path: "Sources/AppleModules/\($0)",
                swiftSettings: swiftSettings)
        }
)
