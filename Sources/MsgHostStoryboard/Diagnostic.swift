import Foundation

/// A warning or an error about a storyboard or xib, at a line of it, printed as Xcode-style
/// tools read them: `path:line: warning: message`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable { case warning, error }

    public let severity: Severity
    public let path: String
    public let line: Int
    public let message: String

    public init(_ severity: Severity, path: String, line: Int, _ message: String) {
        self.severity = severity
        self.path = path
        self.line = line
        self.message = message
    }

    public var description: String { "\(self.path):\(self.line): \(self.severity.rawValue): \(self.message)" }
}

/// What reading a document found: its model, unless an error stopped it, and every warning
/// and error in the order found.
struct Diagnostics {
    let path: String
    private(set) var all: [Diagnostic] = []

    init(path: String) { self.path = path }

    var hasErrors: Bool { self.all.contains { $0.severity == .error } }

    mutating func warn(_ line: Int, _ message: String) {
        self.all.append(Diagnostic(.warning, path: self.path, line: line, message))
    }

    mutating func error(_ line: Int, _ message: String) {
        self.all.append(Diagnostic(.error, path: self.path, line: line, message))
    }
}
