import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting
import Testing

/// `transcript` pages over a real daemon (PROTOCOL.md §7): the newest page first, older ones
/// with `before` until `more` is false, together exactly the whole transcript with `index`es
/// counting through it; msghostctl says how to reach older entries, and `tap --last` finds an
/// app message that a page of plain texts hides.
@Suite(.serialized) struct TranscriptPagingTests {
    /// John's owner types and sends `count` texts in the test's conversation.
    static func johnSends(_ count: Int, _ daemon: TestDaemon) throws {
        for number in 1...count {
            try daemon.control(
                .typeText,
                TypeTextRequest(device: "john-iphone", conversation: daemon.conversation, text: "text \(number)"))
            try daemon.control(.send, InputFieldRequest(device: "john-iphone", conversation: daemon.conversation))
        }
    }

    @Test func pagesWithBeforeUntilMoreIsFalseMakeTheWholeTranscript() throws {
        try TestDaemon.with { daemon in
            try Self.johnSends(120, daemon)
            let whole = try daemon.transcript("kate-iphone", limit: 1_000)
            #expect(whole.map(\.text) == (1...120).map { "text \($0)" })

            var pages: [TranscriptResult] = []
            var before: Int?
            repeat {
                let page = try daemon.transcriptPage("kate-iphone", limit: 50, before: before)
                pages.append(page)
                before = page.entries.first?.entry
            } while pages.last?.more == true && pages.count < 10
            #expect(pages.map(\.entries.count) == [50, 50, 20])
            #expect(pages.map(\.olderCount) == [70, 20, 0])
            #expect(pages.map(\.more) == [true, true, false])
            for (newer, older) in zip(pages, pages.dropFirst()) {
                #expect(
                    older.entries.last!.entry < newer.entries.first!.entry, "each page is older than the one before it")
            }
            let joined = pages.reversed().flatMap(\.entries)
            #expect(joined.map(\.entry) == whole.map(\.entry), "no entry missing or twice")
            #expect(joined.map(\.index) == Array(0..<120))
            #expect(
                try daemon.transcript("kate-iphone").map(\.entry) == pages[0].entries.map(\.entry),
                "the default page is the newest 50")
        }
    }

    @Test func msghostctlSaysHowToReachOlderEntries() throws {
        try TestDaemon.with { daemon in
            try Self.johnSends(12, daemon)
            let arguments = [
                "transcript", "--device", "kate-iphone", "--conversation", daemon.conversation, "--endpoint",
                daemon.control.endpoint,
            ]
            let newest = try CommandRun(TestPaths.msghostctl, arguments + ["--limit", "5"])
            let lines = newest.stdout.split(separator: "\n").map(String.init)
            let firstShown = try #require(try daemon.transcript("kate-iphone", limit: 5).first).entry
            #expect(lines.first == "… 7 older entries: --before \(firstShown)", "\(newest.stdout)")
            #expect(lines.count == 6 && lines.last?.hasSuffix(": text 12") == true, "\(newest.stdout)")

            let oldest = try CommandRun(
                TestPaths.msghostctl, arguments + ["--limit", "5", "--before", "\(firstShown)", "--json"])
            let page = try JSONDecoder().decode(TranscriptResult.self, from: Data(oldest.stdout.utf8))
            #expect(page.entries.map(\.text) == (3...7).map { "text \($0)" } && page.olderCount == 2)
            // The real reply matches docs/schema (more and olderCount included).
            let bodies = daemon.directory + "/transcript-reply.jsonl"
            try
                #"{"type": "control.reply#/$defs/transcript", "body": \#(oldest.stdout.trimmingCharacters(in: .whitespacesAndNewlines))}"#
                .write(toFile: bodies, atomically: true, encoding: .utf8)
            let check = try CommandRun(
                "/usr/bin/env", ["python3", TestPaths.repository + "/scripts/check-schemas.py", "--bodies", bodies])
            #expect(check.status == 0, "\(check.stdout)\(check.stderr)")

            let refused = try CommandRun(TestPaths.msghostctl, arguments + ["--limit", "1001"])
            #expect(refused.status != 0 && refused.stderr.contains("limit must be from 1 to 1000"), "\(refused.stderr)")
        }
    }

    @Test func tapLastFindsTheAppMessageBehindAPageOfTexts() throws {
        try TestDaemon.with { daemon in
            try daemon.open(on: "kate-iphone")
            try daemon.touch("kate-iphone", payload: .object(["caption": .string("Vanilla?")]))
            try daemon.close("kate-iphone")
            try Self.johnSends(TranscriptRequest.defaultLimit + 5, daemon)
            #expect(try daemon.transcript("john-iphone").allSatisfy { $0.kind == "text" })

            let tap = try CommandRun(
                TestPaths.msghostctl,
                [
                    "tap", "--last", "--device", "john-iphone", "--conversation", daemon.conversation,
                    "--endpoint", daemon.control.endpoint,
                ])
            #expect(
                tap.status == 0 && tap.stdout.contains("opened the message in its app"), "\(tap.stdout)\(tap.stderr)")
        }
    }
}
