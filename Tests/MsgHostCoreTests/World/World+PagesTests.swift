import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// Pins down the paging arithmetic of `transcript` (PROTOCOL §7): the newest `limit` entries
/// older than `before`, oldest first; `olderCount` is the number of entries before the page
/// (so the page's first `index`), counted in entries, not ids; `more` says whether any exist.
@Suite struct WorldPagesTests {
    /// Ben's phone with `count` plain texts from Amber in `ab` (entry ids 1 … count).
    static func world(withTexts count: Int) throws -> World {
        var world = try WorldTranscriptsTests.makeWorld()
        for number in 1...count {
            let text = StoredMessage(
                id: "t\(number)", conversation: "ab", app: nil, sender: "amber", senderDevice: "amber-phone",
                senderInstall: nil, sentAt: Int64(number), content: .text("\(number)"))
            try WorldTranscriptsTests.arrive(text, in: &world)
        }
        return world
    }

    static func page(_ world: World, before: Int? = nil, limit: Int) throws -> (ids: [Int], olderCount: Int, more: Bool)
    {
        let page = try world.transcriptPage(device: "ben-phone", conversation: "ab", before: before, limit: limit)
        return (page.entries.map(\.id), page.olderCount, page.more)
    }

    @Test func withoutBeforeItIsTheNewestEntriesOldestFirst() throws {
        let world = try Self.world(withTexts: 10)
        let page = try Self.page(world, limit: 4)
        #expect(page.ids == [7, 8, 9, 10])
        #expect(page.olderCount == 6)
        #expect(page.more)
    }

    @Test func aLimitPastTheTranscriptIsTheWholeOfItWithNothingOlder() throws {
        let world = try Self.world(withTexts: 3)
        let page = try Self.page(world, limit: 1_000)
        #expect(page.ids == [1, 2, 3])
        #expect(page.olderCount == 0)
        #expect(!page.more)
    }

    @Test func pagingWithTheFirstIDAsBeforeWalksBackWithoutGapsOrOverlap() throws {
        let world = try Self.world(withTexts: 10)
        var pages: [[Int]] = []
        var before: Int?
        while true {
            let page = try Self.page(world, before: before, limit: 3)
            pages.append(page.ids)
            #expect(
                page.olderCount == (page.ids.first ?? 1) - 1,
                "in a transcript without gaps, olderCount is the first id − 1")
            guard page.more else { break }
            before = page.ids.first
        }
        #expect(pages == [[8, 9, 10], [5, 6, 7], [2, 3, 4], [1]])
    }

    @Test func beforeIsAnIDBoundNotAnEntryThatMustExist() throws {
        let world = try Self.world(withTexts: 5)
        #expect(try Self.page(world, before: 1_000, limit: 2).ids == [4, 5], "past the newest: the newest page")
        #expect(try Self.page(world, before: 3, limit: 10).ids == [1, 2])
        let none = try Self.page(world, before: 1, limit: 10)
        #expect(none.ids.isEmpty && none.olderCount == 0 && !none.more)
    }

    @Test func olderCountCountsEntriesSoARemovedEntryLeavesNoGapInIndexes() throws {
        var world = try Self.world(withTexts: 6)
        _ = world.applying([.transcriptEntryRemoved(device: "ben-phone", conversation: "ab", entryID: 2)])
        let page = try Self.page(world, limit: 2)
        #expect(page.ids == [5, 6])
        #expect(page.olderCount == 3, "entries 1, 3 and 4 are older")
        #expect(try Self.page(world, before: 5, limit: 10).ids == [1, 3, 4])
    }

    @Test func anEmptyOrUnknownTranscriptIsAnEmptyLastPage() throws {
        let world = try Self.world(withTexts: 2)
        for (device, conversation) in [("amber-phone", "ab"), ("ben-phone", "nowhere")] {
            let page = try world.transcriptPage(device: device, conversation: conversation, before: nil, limit: 50)
            #expect(page.entries.isEmpty && page.olderCount == 0 && !page.more, "\(device) in \(conversation)")
        }
    }
}
