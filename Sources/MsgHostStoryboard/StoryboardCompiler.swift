import Foundation

/// Compiles storyboards and xibs to one Swift file for MessagesSDK: what `msghost-storyboard`
/// and the `MessagesStoryboards` build plugin run.
public enum StoryboardCompiler {
    public struct Output: Sendable {
        /// The Swift source, nil when any file had an error.
        public let source: String?
        /// Every warning and error, file by file, in the order found.
        public let diagnostics: [Diagnostic]
    }

    /// Reads one document from its XML; nil with the errors in the diagnostics when it cannot.
    public static func read(_ data: Data, path: String) -> (document: StoryboardDocument?, diagnostics: [Diagnostic]) {
        let reader = DocumentReader(path: path)
        let document = reader.read(data)
        return (document, reader.diagnostics.all)
    }

    /// Compiles the files at `paths` (a file that cannot be read is an error too).
    public static func compile(paths: [String]) -> Output {
        var inputs: [(Data, String)] = []
        var diagnostics: [Diagnostic] = []
        for path in paths {
            if let data = FileManager.default.contents(atPath: path) {
                inputs.append((data, path))
            } else {
                diagnostics.append(Diagnostic(.error, path: path, line: 1, "cannot read the file"))
            }
        }
        let output = self.compile(inputs)
        return Output(source: diagnostics.isEmpty ? output.source : nil, diagnostics: diagnostics + output.diagnostics)
    }

    /// Compiles documents given as their XML and paths.
    public static func compile(_ inputs: [(data: Data, path: String)]) -> Output {
        var documents: [StoryboardDocument] = []
        var diagnostics: [Diagnostic] = []
        for input in inputs {
            let read = self.read(input.data, path: input.path)
            diagnostics += read.diagnostics
            if let document = read.document { documents.append(document) }
        }
        var names: [String: String] = [:]
        for document in documents {
            let key = DocumentWriter.enumName(document)
            if let first = names[key] {
                diagnostics.append(
                    Diagnostic(
                        .error, path: document.path, line: 1,
                        "has the name of \(first); storyboards and xibs of a target need names of their own"))
            }
            names[key] = document.path
        }
        guard !diagnostics.contains(where: { $0.severity == .error }) else {
            return Output(source: nil, diagnostics: diagnostics)
        }
        let written = DocumentWriter.write(documents)
        return Output(source: written.source, diagnostics: diagnostics + written.diagnostics)
    }
}
