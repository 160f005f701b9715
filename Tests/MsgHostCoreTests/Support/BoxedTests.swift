@testable import MsgHostCore
import HashTreeCollections
import Testing

/// `Boxed` is what lets a checkpoint share the machine's instances and processes: a change
/// after a copy must never show in the copy, and the tree's entry must come and go as a plain
/// `[Key: Value?]` subscript's would.
@Suite struct BoxedTests {
    @Test func aChangeAfterACopyStaysOnItsSide() {
        var tree: TreeDictionary<String, Boxed<[Int]>> = ["a": Boxed([1]), "b": Boxed([2])]
        let checkpoint = tree
        tree[boxed: "a"]?.append(3)
        #expect(tree[boxed: "a"] == [1, 3])
        #expect(checkpoint[boxed: "a"] == [1])
        // The neighbour is still the same box on both sides: only the changed value was copied.
        #expect(tree[boxed: "b"] == [2] && checkpoint[boxed: "b"] == [2])
    }

    @Test func anUnsharedValueChangesInPlaceAndTwice() {
        var tree: TreeDictionary<String, Boxed<[Int]>> = ["a": Boxed([1])]
        tree[boxed: "a"]?.append(2)
        tree[boxed: "a"]?.append(3)
        #expect(tree[boxed: "a"] == [1, 2, 3])
    }

    @Test func settingAddsAndNilRemoves() {
        var tree: TreeDictionary<String, Boxed<[Int]>> = [:]
        tree[boxed: "a"] = [7]
        #expect(tree.count == 1 && tree[boxed: "a"] == [7])
        let checkpoint = tree
        tree[boxed: "a"] = nil
        #expect(tree.isEmpty)
        #expect(checkpoint[boxed: "a"] == [7])
        tree[boxed: "missing"]?.append(1)  // changing what is not there adds nothing
        #expect(tree.isEmpty)
    }
}
