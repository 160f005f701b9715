import MCP

/// One argument of a tool: its name, what it may hold, and whether it must be given.
///
/// A tool that stands for a control command has exactly that command's arguments, with the
/// constraints of its schema in docs/schema/ (`control.COMMAND.schema.json`), written out here
/// in the same JSON Schema shape so that a test can compare the two property by property. The
/// same description checks the arguments a model sends before any reaches the daemon, so a
/// bad one is answered with an MCP error naming it rather than a daemon round trip.
public struct Parameter: Sendable {
    /// What an argument may hold, as the control schemas spell it.
    public indirect enum Kind: Sendable {
        /// A string, with `minLength`/`maxLength` in characters (Unicode scalars, as JSON Schema counts).
        case string(minLength: Int? = 1, maxLength: Int? = nil)
        /// An integer (no fraction, no exponent beyond Int64) within `minimum`…`maximum`.
        case integer(minimum: Int64? = nil, maximum: Int64? = nil)
        /// A finite number (a point on a screen) of at least `minimum`.
        case number(minimum: Double? = nil)
        case boolean
        /// One of these strings (`{"enum": […]}`).
        case oneOf([String])
        /// An array of `items`, at least `minItems` long.
        case array(of: Kind, minItems: Int? = nil)
        /// An object whose values are all `values` (its keys are the caller's).
        case map(of: Kind)
        /// An object of exactly these keys (a point: `x`, `y`), checked as a tool's arguments are.
        case object([Parameter])
        /// Any JSON value (a touch's payload).
        case any
        /// `kind`, or null (`{"anyOf": [kind, {"type": "null"}]}`): null as if left out.
        case nullable(Kind)
    }

    public var name: String
    public var kind: Kind
    public var required: Bool
    public var description: String
    /// The schema's `default`, when it states one.
    public var defaultValue: String?

    public init(
        _ name: String, _ kind: Kind, required: Bool = true, _ description: String, default defaultValue: String? = nil
    ) {
        self.name = name
        self.kind = kind
        self.required = required
        self.description = description
        self.defaultValue = defaultValue
    }

    /// The property's JSON Schema, with its description.
    public var schema: Value {
        guard case .object(var object) = Self.schema(of: self.kind) else { return Self.schema(of: self.kind) }
        if let defaultValue = self.defaultValue { object["default"] = .string(defaultValue) }
        object["description"] = .string(self.description)
        return .object(object)
    }

    /// The JSON Schema of `kind`, in the shape docs/schema/ writes it.
    public static func schema(of kind: Kind) -> Value {
        switch kind {
        case .string(let minLength, let maxLength):
            var object: [String: Value] = ["type": "string"]
            if let minLength { object["minLength"] = .int(minLength) }
            if let maxLength { object["maxLength"] = .int(maxLength) }
            return .object(object)
        case .integer(let minimum, let maximum):
            var object: [String: Value] = ["type": "integer"]
            if let minimum { object["minimum"] = .int(Int(minimum)) }
            if let maximum { object["maximum"] = .int(Int(maximum)) }
            return .object(object)
        case .number(let minimum):
            var object: [String: Value] = ["type": "number"]
            if let minimum { object["minimum"] = minimum == minimum.rounded() ? .int(Int(minimum)) : .double(minimum) }
            return .object(object)
        case .boolean:
            return ["type": "boolean"]
        case .oneOf(let names):
            return ["enum": .array(names.map { .string($0) })]
        case .array(let items, let minItems):
            var object: [String: Value] = ["type": "array", "items": self.schema(of: items)]
            if let minItems { object["minItems"] = .int(minItems) }
            return .object(object)
        case .map(let values):
            return ["type": "object", "additionalProperties": self.schema(of: values)]
        case .object(let properties):
            return inputSchema(properties)
        case .any:
            return [:]
        case .nullable(let inner):
            return ["anyOf": [self.schema(of: inner), ["type": "null"]]]
        }
    }
}

/// The input schema of a tool with these parameters: an object of exactly them (an unknown
/// key is refused, unlike the control endpoint, which ignores one: a model that misspells an
/// argument should hear of it), the required ones listed.
public func inputSchema(_ parameters: [Parameter]) -> Value {
    var properties: [String: Value] = [:]
    for parameter in parameters { properties[parameter.name] = parameter.schema }
    return [
        "type": "object",
        "properties": .object(properties),
        "required": .array(parameters.filter(\.required).map { .string($0.name) }),
        "additionalProperties": false,
    ]
}
