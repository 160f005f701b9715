import Foundation
import MCP
import MsgHostMCP
import MsgHostProtocol
import MsgHostTesting
import Testing

/// Each tool that stands for a control command takes exactly that command's arguments, with
/// the constraints docs/schema/control.COMMAND.schema.json gives them (types, ranges, lengths,
/// enums, which are required), so a model reading the tool's schema reads the protocol's.
@Suite struct ToolSchemaTests {
    /// The control schema of `command`, as MCP's `Value`.
    static func controlSchema(_ command: ControlCommand) throws -> [String: Value] {
        let path = TestPaths.repository + "/docs/schema/control.\(command.rawValue).schema.json"
        let data = try #require(FileManager.default.contents(atPath: path), "no \(path)")
        return try #require(try JSONDecoder().decode(Value.self, from: data).objectValue)
    }

    /// A schema without its descriptions (the tools word theirs for a model).
    static func withoutDescriptions(_ value: Value) -> Value {
        switch value {
        case .object(let object):
            var kept: [String: Value] = [:]
            for (key, inner) in object where key != "description" { kept[key] = withoutDescriptions(inner) }
            return .object(kept)
        case .array(let elements):
            return .array(elements.map(withoutDescriptions))
        default:
            return value
        }
    }

    /// Arguments a tool turns into its command's before sending it, and the command's
    /// required arguments they stand in for: `tapScreen`'s `label` becomes the item's centre,
    /// and its `toLabel` the centre of the item a drag ends on (`to`).
    static let placedByTheTool: [String: (adds: Set<String>, insteadOf: Set<String>)] = [
        "tapScreen": (["label", "toLabel"], ["x", "y"])
    ]

    @Test(arguments: ToolCatalog.all.filter { $0.command != nil }.map(\.name))
    func aToolsArgumentsAreItsControlCommands(_ name: String) throws {
        let spec = try #require(ToolCatalog.named(name))
        let command = try #require(spec.command)
        #expect(name == command.rawValue, "a tool standing for a command carries its name")
        let control = try Self.controlSchema(command)
        let tool = try #require(spec.tool.inputSchema.objectValue)
        let controlProperties = control["properties"]?.objectValue ?? [:]
        let toolProperties = tool["properties"]?.objectValue ?? [:]
        let placed = Self.placedByTheTool[name] ?? ([], [])
        #expect(
            Set(toolProperties.keys) == Set(controlProperties.keys).union(placed.adds),
            "\(name): the arguments differ from control.\(name).schema.json")
        for (key, schema) in controlProperties {
            #expect(
                Self.withoutDescriptions(toolProperties[key] ?? .null) == Self.withoutDescriptions(schema),
                "\(name).\(key): \(toolProperties[key] ?? .null) is not \(schema)")
            #expect(
                toolProperties[key]?.objectValue?["description"]?.stringValue?.isEmpty == false,
                "\(name).\(key) has no description")
        }
        let required = Set((control["required"]?.arrayValue ?? []).compactMap(\.stringValue)).subtracting(
            placed.insteadOf)
        #expect(
            Set((tool["required"]?.arrayValue ?? []).compactMap(\.stringValue)) == required,
            "\(name): required arguments differ")
        #expect(tool["type"] == "object")
        #expect(tool["additionalProperties"] == false, "\(name): an unknown argument must be an error")
    }

    /// Every control command is a tool but the two that push (`subscribe`, `wireTap`: the
    /// events tool and resource serve what they would); the others are msghost-mcp's own.
    @Test func everyCommandHasATool() {
        let commands = Set(ToolCatalog.all.compactMap(\.command))
        let missing = ControlCommand.allCases.filter { !commands.contains($0) }
        #expect(missing == [.subscribe, .wireTap])
        #expect(
            ToolCatalog.all.filter { $0.command == nil }.map(\.name) == [
                "screen", "saveRecording", "replay", "explore", "exportTest",
            ])
        #expect(Set(ToolCatalog.all.map(\.name)).count == ToolCatalog.all.count, "tool names are unique")
    }

    @Test func ownToolsHaveStrictSchemasToo() throws {
        for spec in ToolCatalog.all where spec.command == nil {
            let schema = try #require(spec.tool.inputSchema.objectValue)
            #expect(schema["additionalProperties"] == false)
            for (_, property) in schema["properties"]?.objectValue ?? [:] {
                // Every number from outside has a range, every string a bound.
                let object = property.objectValue ?? [:]
                if object["type"] == "integer" {
                    #expect(object["minimum"] != nil && object["maximum"] != nil, "\(spec.name): \(property)")
                }
                if object["type"] == "string" { #expect(object["maxLength"] != nil, "\(spec.name): \(property)") }
            }
        }
    }
}
