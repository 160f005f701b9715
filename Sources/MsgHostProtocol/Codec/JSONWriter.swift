/// Writes JSON byte for byte as the wire's Foundation `JSONEncoder` does (`WireJSON`: sorted
/// keys, unescaped slashes, compact), without reflection, for the hot messages
/// (`FastEncodable`).
///
/// Foundation's choices it reproduces: keys in `String` order (code units, so "B" < "a");
/// `"`, `\` and control characters escaped (`\b \t \n \f \r`, the rest `\u00xx` in lowercase
/// hex), everything else (`/`, DEL, any non-ASCII) written as it is. An object's fields may be
/// written in any order; `endObject` puts them in key order. A value it cannot write exactly as
/// Foundation would (a number with a fraction) sets `failed`, and `WireJSON` then encodes the
/// value with Foundation instead.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []
    /// Set when a value could not be written as Foundation writes it.
    public private(set) var failed = false
    /// The fields of the open objects, innermost last: each key and where its `"key":` starts.
    /// Only the first `fieldCount` are live: a closed object's fields are dropped by moving the
    /// count back and written over later (removing them from the array cost every object a
    /// generic `replaceSubrange`).
    private var fields: [(key: String, start: Int)] = []
    private var fieldCount = 0
    /// Per open object: where its first field will start, and its first entry in `fields`.
    private var objects: [(contentStart: Int, firstField: Int)] = []
    /// Per `beginObject` not yet ended: whether it was merged into the object around it.
    private var merged: [Bool] = []
    private var mergeNext = false

    /// Writes `/` as `\/`, as a Foundation encoder without `.withoutEscapingSlashes` does (the
    /// store's; the wire's does not escape them).
    public var escapesSlashes = false

    public init(capacity: Int = 256, escapesSlashes: Bool = false) {
        self.bytes.reserveCapacity(capacity)
        self.escapesSlashes = escapesSlashes
    }

    // MARK: Values

    public mutating func null() { self.bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C]) }

    public mutating func bool(_ value: Bool) {
        if value {
            self.bytes.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
        } else {
            self.bytes.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
        }
    }

    public mutating func integer(_ value: some FixedWidthInteger) {
        if value == 0 { return self.bytes.append(UInt8(ascii: "0")) }
        var magnitude = value.magnitude
        if value < 0 { self.bytes.append(UInt8(ascii: "-")) }
        let start = self.bytes.count
        while magnitude > 0 {
            self.bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        }
        self.bytes[start...].reverse()
    }

    /// A number as `JSONValue` writes it: integral values below 1e15 as integers; any other
    /// number is Foundation's to format.
    public mutating func number(_ value: Double) {
        guard value.rounded() == value, abs(value) < 1e15 else {
            self.failed = true
            return self.null()
        }
        self.integer(Int64(value))
    }

    public mutating func string(_ value: String) {
        self.bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var plainStart = 0
            let slash: UInt8 = self.escapesSlashes ? UInt8(ascii: "/") : UInt8(ascii: "\"")
            for (index, byte) in utf8.enumerated()
            where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == slash {
                self.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart..<index]))
                plainStart = index + 1
                self.bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): self.bytes.append(byte)
                case 0x08: self.bytes.append(UInt8(ascii: "b"))
                case 0x09: self.bytes.append(UInt8(ascii: "t"))
                case 0x0A: self.bytes.append(UInt8(ascii: "n"))
                case 0x0C: self.bytes.append(UInt8(ascii: "f"))
                case 0x0D: self.bytes.append(UInt8(ascii: "r"))
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    self.bytes.append(contentsOf: [
                        UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)],
                        hex[Int(byte & 0xF)],
                    ])
                }
            }
            self.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart...]))
        }
        self.bytes.append(UInt8(ascii: "\""))
    }

    public mutating func array<S: Sequence>(_ elements: S, _ write: (inout JSONWriter, S.Element) -> Void) {
        self.bytes.append(UInt8(ascii: "["))
        var first = true
        for element in elements {
            if !first { self.bytes.append(UInt8(ascii: ",")) }
            first = false
            write(&self, element)
        }
        self.bytes.append(UInt8(ascii: "]"))
    }

    public mutating func value(_ value: some FastEncodable) { value.write(to: &self) }

    // MARK: Objects

    /// The next object written adds its fields to the object open now instead (`OKReply`:
    /// the result's fields sit beside `status`).
    public mutating func mergeNextObject() { self.mergeNext = true }

    public mutating func beginObject() {
        self.merged.append(self.mergeNext)
        if self.mergeNext {
            self.mergeNext = false
            return
        }
        self.bytes.append(UInt8(ascii: "{"))
        self.objects.append((self.bytes.count, self.fieldCount))
    }

    /// Starts a field of the innermost open object: write its value next.
    public mutating func key(_ key: String) {
        if self.mergeNext { self.failed = true }  // merging needs an object, not a field
        if self.fieldCount > self.objects[self.objects.count - 1].firstField { self.bytes.append(UInt8(ascii: ",")) }
        if self.fieldCount < self.fields.count {
            self.fields[self.fieldCount] = (key, self.bytes.count)
        } else {
            self.fields.append((key, self.bytes.count))
        }
        self.fieldCount += 1
        self.string(key)
        self.bytes.append(UInt8(ascii: ":"))
    }

    /// Closes the innermost object, its fields in key order.
    public mutating func endObject() {
        if self.merged.removeLast() { return }
        let (contentStart, firstField) = self.objects.removeLast()
        let own = self.fields[firstField..<self.fieldCount]
        if !zip(own, own.dropFirst()).allSatisfy({ $0.key < $1.key }) {
            // Written out of order (a merged object, `OKReply`): the fields' bytes copied once,
            // in key order, over what was written.
            let order = own.indices.sorted { self.fields[$0].key < self.fields[$1].key }
            var sorted: [UInt8] = []
            sorted.reserveCapacity(self.bytes.count - contentStart)
            for index in order {
                if !sorted.isEmpty { sorted.append(UInt8(ascii: ",")) }
                let end = index + 1 < self.fieldCount ? self.fields[index + 1].start - 1 : self.bytes.count
                sorted.append(contentsOf: self.bytes[self.fields[index].start..<end])
            }
            self.bytes.replaceSubrange(contentStart..., with: sorted)
        }
        self.fieldCount = firstField
        self.bytes.append(UInt8(ascii: "}"))
    }

    /// `{ … }` with the fields `body` writes.
    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        self.beginObject()
        body(&self)
        self.endObject()
    }

    // MARK: Fields (of the open object)

    /// Omitted when nil, as `Codable`'s synthesized `encodeIfPresent` does.
    public mutating func field(_ key: String, _ value: String?) {
        guard let value else { return }
        self.key(key)
        self.string(value)
    }

    public mutating func field(_ key: String, _ value: Bool?) {
        guard let value else { return }
        self.key(key)
        self.bool(value)
    }

    public mutating func field(_ key: String, _ value: (some FixedWidthInteger)?) {
        guard let value else { return }
        self.key(key)
        self.integer(value)
    }

    public mutating func field(_ key: String, _ value: (some FastEncodable)?) {
        guard let value else { return }
        self.key(key)
        value.write(to: &self)
    }

    /// A field written `null` when nil (the wire's explicit nulls).
    public mutating func fieldOrNull(_ key: String, _ value: (some FastEncodable)?) {
        self.key(key)
        if let value { value.write(to: &self) } else { self.null() }
    }
}
