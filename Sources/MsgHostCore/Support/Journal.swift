import HashTreeCollections

/// A keyed table of a part whose changes since the unit of events began can be undone: beside
/// the table it keeps the value each key had before its first change in the unit.
///
/// Why: when the shell cannot store what a unit changed, the machine must be as it was before
/// the unit (PROTOCOL.md §3.5). Keeping the first value of each changed key makes both the
/// change and its undo cost what the unit touched, however large the world is: a world of
/// 100,000 conversations and one of 10 pay the same for a send. The table itself stays a
/// persistent tree, so a reader holding a copy of it while the part changes costs a path,
/// never a copy of the whole.
struct JournaledTable<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// The table as it is now.
    private(set) var current: TreeDictionary<Key, Value>
    /// Each key changed in this unit, with its value before (nil: it was absent).
    private var before: [Key: Value?] = [:]

    init(_ current: TreeDictionary<Key, Value> = [:]) { self.current = current }

    subscript(key: Key) -> Value? {
        get { self.current[key] }
        set {
            self.remember(key)
            self.current[key] = newValue
        }
        _modify {
            self.remember(key)
            yield &self.current[key]
        }
    }

    subscript(key: Key, default value: @autoclosure () -> Value) -> Value {
        get { self.current[key] ?? value() }
        _modify {
            self.remember(key)
            yield &self.current[key, default: value()]
        }
    }

    @discardableResult
    mutating func removeValue(forKey key: Key) -> Value? {
        guard self.current[key] != nil else { return nil }
        self.remember(key)
        return self.current.removeValue(forKey: key)
    }

    var values: TreeDictionary<Key, Value>.Values { self.current.values }
    var keys: TreeDictionary<Key, Value>.Keys { self.current.keys }
    var count: Int { self.current.count }
    var isEmpty: Bool { self.current.isEmpty }

    private mutating func remember(_ key: Key) {
        guard self.before.index(forKey: key) == nil else { return }
        self.before.updateValue(self.current[key], forKey: key)
    }

    /// The unit ends: its changes stay, or every key it changed is put back.
    mutating func closeUnit(undoing: Bool) {
        guard !self.before.isEmpty else { return }
        if undoing {
            for (key, value) in self.before { self.current[key] = value }
        }
        self.before = [:]
    }
}

/// A small value of a part (a counter, a flag, the few requests in flight) whose changes since
/// the unit began can be undone: its value before the first change is kept (see
/// `JournaledTable`). For what is bounded by what is under way, never by the world's size:
/// its first change in a unit copies it.
@propertyWrapper
struct Journaled<Value: Sendable>: Sendable {
    private var current: Value
    private var before: Value?

    init(wrappedValue: Value) { self.current = wrappedValue }

    var wrappedValue: Value {
        get { self.current }
        _modify {
            if self.before == nil { self.before = self.current }
            yield &self.current
        }
    }

    var projectedValue: Journaled<Value> {
        get { self }
        _modify { yield &self }
    }

    /// The unit ends: its change stays, or the value is put back as it was when it began.
    mutating func closeUnit(undoing: Bool) {
        if undoing, let before = self.before { self.current = before }
        self.before = nil
    }
}

extension JournaledTable: Equatable where Value: Equatable {
    /// Equal when the tables are: what each would undo is not part of what it holds.
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.current == rhs.current }
}

extension JournaledTable: Hashable where Value: Hashable {
    func hash(into hasher: inout Hasher) { hasher.combine(self.current) }
}
