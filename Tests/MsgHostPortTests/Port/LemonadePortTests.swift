import Foundation
import MsgHostControl
import MsgHostPort
import MsgHostProtocol
import MsgHostTesting
import Testing

/// examples/Lemonade, an extension in the shape Xcode makes, ported by the command: the port's
/// report says what it rewrote, the package builds against this checkout's MessagesSDK, its
/// generated test passes, and the app's main flow runs under a real daemon — Kate picks a
/// flavour and sends it, John opens the order, orders the same and picks his ice in the
/// IcePicker pod's navigation controller.
///
/// The ported package is built with `swift build` in a scratch folder of this checkout's
/// .build (`port-scratch/Lemonade`), so that a second run rebuilds only what changed.
@Suite(.serialized) struct LemonadePortTests {
    static let repository = TestPaths.repository
    static let project = URL(fileURLWithPath: repository + "/examples/Lemonade/Lemonade.xcodeproj")
    static let scratch = repository + "/.build/port-scratch/Lemonade"
    static let bundleID = "com.example.lemonade.MessagesExtension"

    /// Runs `swift ARGUMENTS` in `directory`; its output when it fails.
    static func swift(_ arguments: [String], in directory: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments + ["--scratch-path", Self.scratch]
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// Ports the example into .build (one place, written over each time, so that the build of
    /// the ported package stays incremental between runs).
    static func port() throws -> (output: URL, result: ExtensionPort.Result) {
        let output = URL(fileURLWithPath: Self.repository + "/.build/port-scratch/Lemonade-msghost")
        let result = try ExtensionPort.run(
            .init(input: Self.project, output: output, msghost: Self.repository, overwrite: true))
        return (output, result)
    }

    @Test func thePortSaysWhatItRewroteAndLeavesNothingToDoByHand() throws {
        let (output, result) = try Self.port()
        #expect(result.module == "MessagesExtension")
        #expect(result.info.bundleID == Self.bundleID && result.info.displayName == "Lemonade")
        #expect(result.report.filter { $0.kind == .couldNotPort }.map(\.file) == [])
        let rewrites = result.report.filter { $0.kind == .rewrite }
        // The outlets, the selectors and the Swift 4 spellings, each at its line.
        #expect(
            rewrites.contains {
                $0.file == "OrderViewController.swift" && $0.before.contains("@IBOutlet var glassViews")
            })
        #expect(
            rewrites.contains {
                $0.file == "OrderViewController.swift" && $0.before.contains("#selector(orderTheSame(_:))")
            })
        #expect(
            rewrites.contains {
                $0.file == "MessagesViewController.swift" && $0.before.contains("childViewControllers")
            })
        #expect(rewrites.contains { $0.file == "main.swift" })
        // The pod, a library target, its sources ported as the app's.
        #expect(rewrites.contains { $0.file == "Pods/IcePicker" && $0.after == "Sources/IcePicker" })
        #expect(
            rewrites.contains {
                $0.file == "Pods/IcePicker/IcePicker/IcePickerViewController.swift"
                    && $0.before.contains("barButtonSystemItem")
            })
        #expect(
            rewrites.contains {
                $0.file == "Pods/IcePicker/IcePicker/IcePickerViewController.swift"
                    && $0.before.contains("@objc optional func icePicker")
            })
        let files = try FileManager.default.subpathsOfDirectory(atPath: output.path)
        for file in [
            "Package.swift", "msghost/apps/\(Self.bundleID).yaml", "msghost/world.yaml", "PORT-REPORT.md",
            "Sources/MessagesExtension/main.swift", "Sources/MessagesExtension/MainInterface.storyboard",
            "Resources/lemon.imageset/lemon@2x.png", "Resources/Lemon Yellow.colorset/Contents.json",
            "Resources/Lemonade Stickers/01 Glass.png", "Tests/MessagesExtensionTests/FirstScreenTests.swift",
            "Sources/IcePicker/IcePicker/IcePickerViewController.swift", "Sources/IcePicker/IcePicker/IceHeader.xib",
            "Sources/IcePicker/IcePickerPod.swift",
        ] {
            #expect(files.contains(file), "\(file)")
        }
        #expect(!files.contains { $0.hasPrefix("Resources/AppIcon") })
        // The original is as it was: nothing written into examples/Lemonade.
        let original = try FileManager.default.subpathsOfDirectory(
            atPath: Self.project.deletingLastPathComponent().path)
        #expect(!original.contains { $0.contains("msghost") || $0.hasSuffix(".build") })
    }

    @Test(.timeLimit(.minutes(20))) func thePortedPackageBuildsItsTestPassesAndTheFlowRuns() throws {
        let (output, _) = try Self.port()
        let build = try Self.swift(["build"], in: output)
        #expect(build.status == 0, "swift build of the ported package:\n\(build.output.suffix(6000))")
        // The compiled storyboards build without a warning (the app's own code may have some).
        #expect(!build.output.contains("CompiledStoryboards.swift:"), "\(build.output.suffix(6000))")
        guard build.status == 0 else { return }
        let test = try Self.swift(["test"], in: output)
        #expect(test.status == 0, "the ported package's generated test:\n\(test.output.suffix(6000))")

        let binary = Self.scratch + "/debug/MessagesExtension"
        let app = TestDaemon.App(bundleID: Self.bundleID, command: binary, args: [], workingDirectory: output.path)
        try TestDaemon.with(apps: [app]) { daemon in
            let conversation = daemon.conversation
            func staged(_ device: String) throws -> TranscriptEntryValue? {
                try daemon.control(
                    .inputField, InputFieldRequest(device: device, conversation: conversation),
                    as: InputFieldResult.self
                ).staged
            }
            // Kate: the compact app is the flavours' collection view, from the storyboard and the xib.
            #expect(try daemon.open(Self.bundleID, on: "kate-iphone").presentationStyle == .compact)
            try daemon.settle()
            let labels = try daemon.screenItems("kate-iphone").compactMap(\.label)
            #expect(labels.contains("Pick a lemonade"))
            #expect(labels.contains("Strawberry lemonade"))
            try daemon.tapScreen("kate-iphone", label: "Strawberry lemonade")
            try daemon.settle()
            #expect(try staged("kate-iphone")?.rendered?.caption == "Strawberry lemonade?")
            try daemon.control(.send, InputFieldRequest(device: "kate-iphone", conversation: conversation))

            // John: the bubble, tapped, opens the order (expanded) with its outlets filled in.
            let last = try #require(try daemon.transcript("john-iphone").last)
            #expect(last.rendered?.caption == "Strawberry lemonade?")
            let tap = try daemon.control(
                .tap, TapRequest(device: "john-iphone", conversation: conversation, entry: last.entry),
                as: TapResult.self)
            #expect(tap.action == "selected")
            try daemon.settle()
            let order = try daemon.screenItems("john-iphone")
            #expect(order.contains { $0.label == "1 × Strawberry lemonade" })
            #expect(order.contains { $0.role == .button && $0.label == "Same for me" })
            // The pod: its picker in a navigation controller, its header from its own xib, its
            // items and buttons (selectors made closures) calling its optional delegate method.
            try daemon.tapScreen("john-iphone", label: "Ice…")
            try daemon.settle()
            let picker = try daemon.screenItems("john-iphone")
            #expect(picker.contains { $0.label == "How much ice?" }, "\(picker.map { $0.label ?? "" })")
            #expect(
                picker.contains { $0.role == .button && $0.label == "Cancel" } && picker.contains { $0.label == "Ice" })
            try daemon.tapScreen("john-iphone", label: "Some ice")
            try daemon.settle()
            let back = try daemon.screenItems("john-iphone")
            #expect(back.contains { $0.label == "1 × Strawberry lemonade, some ice" }, "\(back.map { $0.label ?? "" })")
            #expect(
                !back.contains { $0.label == "How much ice?" },
                "the picker dismissed itself through its navigation controller")

            // The #selector target-action became a closure: the tap orders one more glass.
            try daemon.tapScreen("john-iphone", label: "Same for me")
            try daemon.settle()
            #expect(try staged("john-iphone")?.rendered?.caption == "2 glasses of strawberry lemonade")
        }
    }
}
