import Foundation
import MsgHostProtocol

/// The session file of an explorer's run: the daemon's recording, with what the run found in
/// its end line (`findings`), written so that the same seed and build write the same bytes.
/// On the manual clock with seeded identifiers, two things in a recording are still not the
/// seed's to decide: the process ids the kernel gives (each is replaced by the launch's number
/// in the run, 1, 2, …), and the order in which two extensions' doings at the same moment
/// reached the daemon (a send's `didStartSending` to one phone and `didReceive` to another run
/// at once): each step's events, callbacks and frames are written device by device, each
/// device's in the order they came, their sequence numbers given again in that order.
enum ExploreSession {
    static func lines(_ recorded: [String], findings: [ExploreFinding], invariants: String?) throws -> [String] {
        var lines = self.numberingProcesses(recorded.map(Self.deviceByDevice))
        guard !findings.isEmpty, let last = lines.last else { return lines }
        var end: SessionEnd
        do {
            end = try WireJSON.decode(SessionEnd.self, from: Array(last.utf8))
        } catch {
            throw ExploreError("the daemon's recording ends with no end line: \(error)")
        }
        end.findings = findings.map { finding in
            var recorded = finding.recorded
            if finding.kind == .invariant { recorded.invariants = invariants }
            return recorded
        }
        lines[lines.count - 1] = String(decoding: WireJSON.encode(end), as: UTF8.self)
        return lines
    }

    /// A step line with its events, callbacks and frames in device order (stable), and the
    /// events' and frames' `seq` given again in that order.
    static func deviceByDevice(_ line: String) -> String {
        guard line.hasPrefix("{"), line.contains("\"type\":\"step\""),
            case .object(var step)? = try? WireJSON.decode(JSONValue.self, from: Array(line.utf8))
        else { return line }
        func device(_ value: JSONValue) -> String {
            if case .object(let fields) = value, case .string(let device)? = fields["device"] { device } else { "" }
        }
        for key in ["events", "callbacks", "frames"] {
            guard case .array(let items)? = step[key] else { continue }
            var sorted = items.enumerated().sorted { (device($0.element), $0.offset) < (device($1.element), $1.offset) }
                .map(\.element)
            if key != "callbacks" {
                let numbers = items.compactMap { item -> Double? in
                    if case .object(let fields) = item, case .number(let seq)? = fields["seq"] { seq } else { nil }
                }.sorted()
                if numbers.count == sorted.count {
                    for index in sorted.indices {
                        guard case .object(var fields) = sorted[index] else { continue }
                        fields["seq"] = .number(numbers[index])
                        sorted[index] = .object(fields)
                    }
                }
            }
            if key == "frames" { sorted = Self.renumberingDaemonIDs(sorted) }
            step[key] = .array(sorted)
        }
        return String(decoding: WireJSON.encode(JSONValue.object(step)), as: UTF8.self)
    }

    /// The daemon's header ids (`h12`) of a step's frames given again in the frames' order,
    /// in `id` and in the `replyTo` that answers it: the daemon numbers what it sends in the
    /// order it sends, which between two devices is the order their replies came.
    static func renumberingDaemonIDs(_ frames: [JSONValue]) -> [JSONValue] {
        func number(_ value: JSONValue?) -> Int? {
            guard case .string(let id)? = value, id.hasPrefix("h") else { return nil }
            return Int(id.dropFirst())
        }
        var seen: [Int] = []
        for frame in frames {
            guard case .object(let fields) = frame else { continue }
            for key in ["id", "replyTo"] { if let id = number(fields[key]), !seen.contains(id) { seen.append(id) } }
        }
        let mapping = Dictionary(uniqueKeysWithValues: zip(seen, seen.sorted()))
        return frames.map { frame in
            guard case .object(var fields) = frame else { return frame }
            for key in ["id", "replyTo"] {
                if let id = number(fields[key]), let new = mapping[id] { fields[key] = .string("h\(new)") }
            }
            return .object(fields)
        }
    }

    /// `"pid":12345` → `"pid":1` for the first process id seen, and so on, wherever the key is
    /// a key (not inside a string, where its quotes would be escaped).
    static func numberingProcesses(_ lines: [String]) -> [String] {
        var numbers: [Substring: Int] = [:]
        let key = "\"pid\":"
        return lines.map { line in
            guard line.contains(key) else { return line }
            var result = ""
            result.reserveCapacity(line.utf8.count)
            var rest = line[...]
            while let range = rest.range(of: key) {
                result += rest[..<range.upperBound]
                rest = rest[range.upperBound...]
                let escaped = range.lowerBound > line.startIndex && line[line.index(before: range.lowerBound)] == "\\"
                let digits = rest.prefix { $0.isASCII && $0.isNumber }
                guard !escaped, !digits.isEmpty else { continue }
                let number = numbers[digits] ?? numbers.count + 1
                numbers[digits] = number
                result += String(number)
                rest = rest[digits.endIndex...]
            }
            return result + rest
        }
    }
}
