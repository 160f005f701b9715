import MsgHostPort
import SwiftParser
import SwiftSyntax
import Testing

/// The tests' way to port a sample: the text and report, with every rewritten text checked to
/// parse without errors.
enum Porting {
    static func port(
        _ source: String, fileName: String = "MessagesViewController.swift",
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> (text: String, report: [PortReport.Entry]) {
        let ported = SourcePort.rewrite(source: source, fileName: fileName)
        #expect(
            !Parser.parse(source: ported.text).hasError, "the ported text does not parse:\n\(ported.text)",
            sourceLocation: sourceLocation)
        return ported
    }

    /// The report's entries without the file, which every sample shares: kind, line, before, after.
    static func entries(_ report: [PortReport.Entry]) -> [Line] {
        report.map { Line(kind: $0.kind, line: $0.line, before: $0.before, after: $0.after) }
    }

    struct Line: Equatable, CustomStringConvertible {
        var kind: PortReport.Entry.Kind
        var line: Int
        var before: String
        var after: String

        init(kind: PortReport.Entry.Kind, line: Int, before: String, after: String) {
            self.kind = kind
            self.line = line
            self.before = before
            self.after = after
        }

        static func rewrite(_ line: Int, _ before: String, _ after: String) -> Line {
            Line(kind: .rewrite, line: line, before: before, after: after)
        }
        static func note(_ line: Int, _ before: String, _ after: String) -> Line {
            Line(kind: .note, line: line, before: before, after: after)
        }
        static func couldNotPort(_ line: Int, _ text: String) -> Line {
            Line(kind: .couldNotPort, line: line, before: text, after: text)
        }

        var description: String { "\(self.kind) \(self.line): \(self.before) → \(self.after)" }
    }
}
