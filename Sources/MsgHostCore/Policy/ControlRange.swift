import MsgHostProtocol

/// The ranges of the numbers a control request may carry, in one table, checked where a
/// request enters: a value outside is `invalidRequest` naming the field and its range, never
/// a number that later overflows a timer (PROTOCOL.md §7).
public struct ControlRange: Sendable {
    public let range: ClosedRange<Int64>
    public let unit: String

    /// `delivery.latencyMs`: up to a day.
    public static let latencyMs = ControlRange(range: 0...86_400_000, unit: "ms")
    /// `advanceClock.milliseconds`: up to 100 years at a time.
    public static let advanceClockMs = ControlRange(range: 0...3_155_760_000_000, unit: "ms")
    /// Transcript entry ids (`tap.entry`, `keep.entry`, `transcript.before`): they count up from 1.
    public static let entryID = ControlRange(range: 1...Int64.max, unit: "")
    /// `transcript.limit`: a page of entries. The cap bounds how large one reply (every entry
    /// rendered, its message included) can grow; older entries are a `before` away.
    public static let transcriptLimit = ControlRange(range: 1...1_000, unit: "entries")
    /// `chooseSticker.sticker`: an index into a drawer, which holds at most 256 stickers.
    public static let stickerIndex = ControlRange(range: 0...255, unit: "")
    /// Event sequence numbers (`events.after`, `subscribe.after`).
    public static let eventSequence = ControlRange(range: 0...Int64.max, unit: "")

    /// The value if it lies in the range, else `invalidRequest` naming `field`.
    public func check<Value: BinaryInteger>(_ value: Value, _ field: String) throws(WireError) -> Value {
        guard let wide = Int64(exactly: value), self.range.contains(wide) else {
            let unit = self.unit.isEmpty ? "" : " \(self.unit)"
            throw .control(
                .invalidRequest,
                "\(field) must be from \(self.range.lowerBound) to \(self.range.upperBound)\(unit); got \(value)")
        }
        return value
    }
}
