import MCP

/// Why a tool's arguments were refused: which tool, which argument, what was wrong. Answered to
/// the model as an MCP error (`invalidParams`), never sent on to the daemon.
public struct ArgumentError: Error, Equatable, CustomStringConvertible {
    public var tool: String
    /// The argument's path (`fields.note`, `members[2]`); empty for the arguments as a whole.
    public var argument: String
    public var problem: String

    public var description: String {
        self.argument.isEmpty ? "\(self.tool): \(self.problem)" : "\(self.tool): \(self.argument): \(self.problem)"
    }
}

/// Checks a tool's arguments against its parameters, as the daemon checks a control body
/// (PROTOCOL.md §7: a wrong type, a number that is no integer or out of its range, each named),
/// and stricter in one thing: a key the tool does not have is an error.
public enum ArgumentCheck {
    /// The arguments as they may go to the daemon (nulls of nullable arguments dropped);
    /// throws the first fault, in the parameters' order, then unknown keys by name.
    public static func check(_ arguments: [String: Value]?, tool: String, parameters: [Parameter]) throws(ArgumentError)
        -> [String: Value]
    {
        try self.check(arguments ?? [:], tool: tool, parameters: parameters, in: "")
    }

    /// The keys of an object of fixed keys (the arguments, or an `.object` within them under
    /// `path`), each as its parameter says.
    static func check(_ arguments: [String: Value], tool: String, parameters: [Parameter], in path: String)
        throws(ArgumentError) -> [String: Value]
    {
        let known = Set(parameters.map(\.name))
        let named = { (key: String) in path.isEmpty ? key : "\(path).\(key)" }
        var checked: [String: Value] = [:]
        for parameter in parameters {
            guard let value = arguments[parameter.name] else {
                if parameter.required {
                    throw ArgumentError(
                        tool: tool, argument: named(parameter.name), problem: "missing: this argument is required")
                }
                continue
            }
            if let kept = try self.check(value, parameter.kind, tool: tool, path: named(parameter.name)) {
                checked[parameter.name] = kept
            } else if parameter.required {
                throw ArgumentError(
                    tool: tool, argument: named(parameter.name),
                    problem: "missing: this argument is required (null given)")
            }
        }
        if let unknown = arguments.keys.filter({ !known.contains($0) }).sorted().first {
            let expected =
                parameters.isEmpty
                ? "it takes no arguments" : "it takes " + parameters.map(\.name).joined(separator: ", ")
            throw ArgumentError(tool: tool, argument: named(unknown), problem: "unknown argument (\(expected))")
        }
        return checked
    }

    /// `value` if it suits `kind` (nil: a null where null is allowed, as if left out).
    static func check(_ value: Value, _ kind: Parameter.Kind, tool: String, path: String) throws(ArgumentError)
        -> Value?
    {
        func fail(_ problem: String) -> ArgumentError { ArgumentError(tool: tool, argument: path, problem: problem) }
        switch kind {
        case .nullable(let inner):
            if case .null = value { return nil }
            return try self.check(value, inner, tool: tool, path: path)
        case .any:
            return value
        case .string(let minLength, let maxLength):
            guard let text = Self.string(value) else { throw fail("expected a string, got \(Self.describe(value))") }
            let count = text.unicodeScalars.count
            if let minLength, count < minLength {
                throw fail(
                    minLength == 1 ? "must not be empty" : "must be at least \(minLength) characters, got \(count)")
            }
            if let maxLength, count > maxLength { throw fail("must be at most \(maxLength) characters, got \(count)") }
            return .string(text)
        case .integer(let minimum, let maximum):
            let number: Int64
            switch value {
            case .int(let int): number = Int64(int)
            case .double(let double) where double.rounded() == double && abs(double) < 9.2e18: number = Int64(double)
            case .double(let double): throw fail("expected an integer, got \(double)")
            default: throw fail("expected an integer, got \(Self.describe(value))")
            }
            if (minimum.map { number < $0 } ?? false) || (maximum.map { number > $0 } ?? false) {
                throw fail("\(number) is out of range (\(Self.range(minimum, maximum)))")
            }
            return .int(Int(number))
        case .number(let minimum):
            let number: Double
            switch value {
            case .int(let int): number = Double(int)
            case .double(let double) where double.isFinite: number = double
            default: throw fail("expected a number, got \(Self.describe(value))")
            }
            if let minimum, number < minimum { throw fail("\(number) is out of range (at least \(minimum))") }
            return .double(number)
        case .boolean:
            guard case .bool = value else { throw fail("expected true or false, got \(Self.describe(value))") }
            return value
        case .oneOf(let names):
            guard let text = Self.string(value), names.contains(text) else {
                throw fail(
                    "expected one of \(names.map { "\"\($0)\"" }.joined(separator: ", ")), got \(Self.describe(value))")
            }
            return .string(text)
        case .array(let items, let minItems):
            guard case .array(let elements) = value else {
                throw fail("expected an array, got \(Self.describe(value))")
            }
            if let minItems, elements.count < minItems {
                throw fail("needs at least \(minItems) items, got \(elements.count)")
            }
            var checked: [Value] = []
            for (index, element) in elements.enumerated() {
                guard let kept = try self.check(element, items, tool: tool, path: "\(path)[\(index)]") else {
                    throw ArgumentError(tool: tool, argument: "\(path)[\(index)]", problem: "must not be null")
                }
                checked.append(kept)
            }
            return .array(checked)
        case .map(let values):
            guard case .object(let object) = value else {
                throw fail("expected an object, got \(Self.describe(value))")
            }
            var checked: [String: Value] = [:]
            for key in object.keys.sorted() {
                guard let kept = try self.check(object[key]!, values, tool: tool, path: "\(path).\(key)") else {
                    throw ArgumentError(tool: tool, argument: "\(path).\(key)", problem: "must not be null")
                }
                checked[key] = kept
            }
            return .object(checked)
        case .object(let properties):
            guard case .object(let object) = value else {
                throw fail("expected an object, got \(Self.describe(value))")
            }
            return .object(try self.check(object, tool: tool, parameters: properties, in: path))
        }
    }

    /// A string argument. The SDK reads a string that is a `data:` URL as data; it was a
    /// string on the wire, and is one again here.
    static func string(_ value: Value) -> String? {
        switch value {
        case .string(let text): return text
        case .data(let mimeType, let data): return data.dataURLEncoded(mimeType: mimeType)
        default: return nil
        }
    }

    static func range(_ minimum: Int64?, _ maximum: Int64?) -> String {
        switch (minimum, maximum) {
        case (let low?, let high?): return "\(low) to \(high)"
        case (let low?, nil): return "at least \(low)"
        case (nil, let high?): return "at most \(high)"
        case (nil, nil): return "any"
        }
    }

    /// A value as an error message shows it: its type, and a short form of it.
    static func describe(_ value: Value) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return "\(flag)"
        case .int(let int): return "the number \(int)"
        case .double(let double): return "the number \(double)"
        case .string(let text): return "the string \"\(text.count > 40 ? String(text.prefix(40)) + "…" : text)\""
        case .data: return "a data URL"
        case .array(let elements): return "an array of \(elements.count)"
        case .object: return "an object"
        }
    }
}
