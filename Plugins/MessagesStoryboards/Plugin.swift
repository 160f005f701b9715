import Foundation
import PackagePlugin

/// Compiles a target's storyboards and xibs to Swift with `msghost-storyboard` before the
/// target builds, as one build command whose inputs are the files, so that editing any of them
/// compiles them again. A ported package applies it to its extension target:
///
/// ```swift
/// .executableTarget(name: "MyExtension", dependencies: [.product(name: "MessagesSDK", package: "msghost")],
///                   plugins: [.plugin(name: "MessagesStoryboards", package: "msghost")])
/// ```
///
/// The generated file defines `CompiledStoryboards.register()`, which main.swift calls first.
@main
struct MessagesStoryboards: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let inputs = target.sourceFiles.map(\.url).filter { ["storyboard", "xib"].contains($0.pathExtension) }
            .sorted { $0.path < $1.path }
        guard !inputs.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appending(path: "CompiledStoryboards.swift")
        return [
            .buildCommand(
                displayName: "Compiling \(inputs.count) storyboard and xib file(s) of \(target.name)",
                executable: try context.tool(named: "msghost-storyboard").url,
                arguments: ["--output", output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
