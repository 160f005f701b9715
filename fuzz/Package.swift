// swift-tools-version: 6.2
import Foundation
import PackageDescription

/// The fuzzers (docs/RELIABILITY.md, "Fuzzing"): one libFuzzer binary over the daemon's own
/// code, built by `scripts/fuzz` with `-sanitize=fuzzer,address` on every module. A package of
/// its own so that the root package's `swift build` never sees libFuzzer's `main`.
///
/// The root package is a path dependency; its identity is its directory's name, which is
/// whatever the clone is called, so it is computed here.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let rootIdentity = root.lastPathComponent.lowercased()

let package = Package(
    name: "msghost-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: root.path),
        // The MCP SDK's `Value`, which msghost-mcp's argument check takes (the `mcp` target);
        // on Linux it brings only swift-system and swift-log, which the root package has too.
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.0"),
    ],
    targets: [
        .executableTarget(
            name: "msghost-fuzz",
            dependencies: [
                .product(name: "MsgHost", package: rootIdentity),
                .product(name: "MsgHostCore", package: rootIdentity),
                .product(name: "MsgHostShell", package: rootIdentity),
                .product(name: "MsgHostStore", package: rootIdentity),
                .product(name: "MsgHostProtocol", package: rootIdentity),
                .product(name: "MsgHostMCP", package: rootIdentity),
                .product(name: "MCP", package: "swift-sdk"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        )
    ]
)
