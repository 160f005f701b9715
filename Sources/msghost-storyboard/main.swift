import Foundation
import MsgHostStoryboard

// msghost-storyboard: compiles storyboards and xibs to one Swift file for MessagesSDK (what
// the MessagesStoryboards build plugin runs). Warnings and errors go to standard error as
// `path:line: warning: …`, as Xcode-style tools read them; any error exits 1 and writes nothing.
//
//     msghost-storyboard --output Generated.swift Main.storyboard StickerCell.xib

let usage = "usage: msghost-storyboard --output FILE.swift INPUT.storyboard|INPUT.xib…\n"
var arguments = Array(CommandLine.arguments.dropFirst())
var output: String?
var inputs: [String] = []
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--output", "-o":
        guard !arguments.isEmpty else {
            FileHandle.standardError.write(Data(usage.utf8))
            exit(2)
        }
        output = arguments.removeFirst()
    case "--help", "-h":
        print(usage, terminator: "")
        exit(0)
    default:
        inputs.append(argument)
    }
}
guard let output else {
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}

let result = StoryboardCompiler.compile(paths: inputs)
for diagnostic in result.diagnostics {
    FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
}
guard let source = result.source else { exit(1) }
do {
    try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
} catch {
    FileHandle.standardError.write(Data("\(output): error: cannot write: \(error)\n".utf8))
    exit(1)
}
