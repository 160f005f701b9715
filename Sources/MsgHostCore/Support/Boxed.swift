import HashTreeCollections

/// A value kept behind one reference, copied only when it is changed while shared.
///
/// Why: the machine's large values (an `Instance` is over a kilobyte with some thirty
/// references) live in persistent hash trees, and the shell keeps a checkpoint of the machine
/// for every unit of events (`HostCheckpoint`). The first change to a tree after a checkpoint
/// copies the node on the path to it, and with the values stored inline that copied every
/// value of the node — each field retained, and each released again when the checkpoint
/// went — several times a send (callgrind: about 5 % of a send's instructions). Boxed, a node copy
/// retains one reference a value, and only the value that changes is copied.
struct Boxed<Value: Sendable>: Sendable {
    private final class Storage: @unchecked Sendable {
        // Unchecked: the storage is changed only through `optional`'s `_modify`, which copies it
        // first unless this box is its only owner, so no two owners ever see it change.
        var value: Value?
        init(_ value: Value?) { self.value = value }
    }

    private var storage: Storage

    init(_ value: Value) { self.storage = Storage(value) }

    /// The value; nil only inside a change that removes it (a table's subscript set to nil,
    /// after which the table drops the box).
    var optional: Value? {
        _read { yield self.storage.value }
        _modify {
            if !isKnownUniquelyReferenced(&self.storage) { self.storage = Storage(self.storage.value) }
            yield &self.storage.value
        }
    }

    var isEmpty: Bool { self.storage.value == nil }
}

extension TreeDictionary {
    /// The value of `key`, changed in its box: setting it copies the one value if a checkpoint
    /// shares the box, and nil removes the entry.
    subscript<Unboxed>(boxed key: Key) -> Unboxed? where Value == Boxed<Unboxed> {
        get { self[key]?.optional }
        _modify {
            if self[key] != nil {
                yield &self[key]!.optional
                if self[key]?.isEmpty == true { self[key] = nil }
            } else {
                var added: Unboxed?
                yield &added
                if let added { self[key] = Boxed(added) }
            }
        }
    }
}
