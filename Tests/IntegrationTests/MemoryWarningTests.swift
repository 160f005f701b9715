import Foundation
import MsgHostProtocol
import MsgHostTesting
import Testing

/// `didReceiveMemoryWarning` (PROTOCOL.md §4.7) with a real process that grows in steps
/// (Tests/Fixtures/problem.py, touch {"do": "grow", "mb": N}): warned once per crossing of the
/// soft line, and killed only past the limit, after the warning.
@Suite struct MemoryWarningTests {
    static let app = "com.example.problem"
    static let warningMB = 96
    static let limitMB = 192

    static func grow(_ mb: Int, _ daemon: TestDaemon) throws {
        try daemon.touch("kate-iphone", payload: .object(["do": .string("grow"), "mb": .number(Double(mb))]))
    }

    /// The warnings the fixture received, as it logged them.
    static func warningsReceived(_ daemon: TestDaemon) throws -> [[String: JSONValue]] {
        try daemon.fixtureLog(Self.app).compactMap { record in
            guard record["callback"] == .string("didReceiveMemoryWarning"), case .object(let body) = record["body"]
            else { return nil }
            return body
        }
    }

    @Test func aGrowingProcessIsWarnedOncePerCrossingAndBeforeItIsKilled() throws {
        var app = TestDaemon.App.fixture("problem.py", bundleID: Self.app)
        app.manifest = ["memoryLimitMB": "\(Self.limitMB)", "memoryWarningMB": "\(Self.warningMB)"]
        try TestDaemon.with(apps: [app]) { daemon in
            try daemon.open(Self.app, on: "kate-iphone")
            try Self.grow(16, daemon)
            // Samples come after every message the extension sends and every 250 ms.
            Thread.sleep(forTimeInterval: 0.6)
            let small = try #require(try daemon.status().extensions.first?.memoryBytes)
            #expect(small < Self.warningMB << 20, "the interpreter and 16 MiB stay below the line: \(small >> 20) MiB")
            #expect(try daemon.events(kind: "memoryWarning").isEmpty)

            try Self.grow(90, daemon)
            try daemon.eventually("the extension got its warning") { try Self.warningsReceived(daemon).count == 1 }
            let warning = try #require(try Self.warningsReceived(daemon).first)
            #expect(
                warning["warningBytes"] == .number(Double(Self.warningMB << 20))
                    && warning["limitBytes"] == .number(Double(Self.limitMB << 20)))
            if case .number(let resident) = warning["residentBytes"] {
                #expect(Int(resident) > Self.warningMB << 20)
            } else {
                Issue.record("no residentBytes")
            }

            try Self.grow(8, daemon)
            Thread.sleep(forTimeInterval: 0.6)
            #expect(try daemon.events(kind: "memoryWarning").count == 1, "still above the line: no second warning")

            // Back below the line, then above it again: a new crossing, a new warning.
            try daemon.touch("kate-iphone", payload: .object(["do": .string("free")]))
            try daemon.eventually("a sample saw it below the line") {
                (try daemon.status().extensions.first?.memoryBytes ?? .max) <= Self.warningMB << 20
            }
            Thread.sleep(forTimeInterval: 0.3)
            try Self.grow(90, daemon)
            try daemon.eventually("warned again") { try Self.warningsReceived(daemon).count == 2 }
            #expect(try daemon.events(kind: "memoryExceeded").isEmpty, "below the limit nothing is killed")

            do {
                try Self.grow(120, daemon)
            } catch let error as WireError {
                #expect(error.isControl(.extensionFailed) && error.description.contains("(memory)"), "\(error)")
            }
            try daemon.eventually("killed for memory") {
                try daemon.events(kind: "memoryExceeded").count == 1 && daemon.status().extensions.isEmpty
            }
            let warnings = try daemon.events(kind: "memoryWarning")
            let exceeded = try #require(try daemon.events(kind: "memoryExceeded").first)
            #expect(
                warnings.count == 2 && warnings.allSatisfy { $0.seq < exceeded.seq },
                "the warnings came before the kill")
        }
    }
}
