import Foundation
import MCP
import MsgHostMCP
import MsgHostProtocol

/// A tool call's arguments as msghost-mcp takes them: a byte choosing one of its tools
/// (`ToolCatalog.all`), then the JSON of `tools/call`'s `arguments`, read as the MCP SDK reads
/// them (`[String: Value]`) and checked by `ArgumentCheck.check` against the tool's
/// parameters, as `ToolRunner.call` does before anything reaches the daemon. Most inputs are
/// refused with the argument named; arguments that pass are checked further:
/// - checked again, they pass unchanged (the check keeps what it accepts);
/// - for a tool that stands for a control command (`tapScreen` with its point, not a label),
///   the body `ToolRunner` writes of them is one
///   the daemon's control codec types as that command: an argument msghost-mcp lets through
///   never comes back from the daemon as `invalidRequest` or `malformedFrame`.
/// A disagreement is a crash, so libFuzzer keeps the input.
enum MCPTarget {
    static func run(_ input: [UInt8]) {
        guard let first = input.first else { return }
        let spec = ToolCatalog.all[Int(first) % ToolCatalog.all.count]
        let json = Data(input.dropFirst())
        guard let arguments = try? JSONDecoder().decode([String: Value]?.self, from: json) else { return }
        guard let checked = try? ArgumentCheck.check(arguments, tool: spec.name, parameters: spec.parameters) else {
            return
        }
        do {
            let again = try ArgumentCheck.check(checked, tool: spec.name, parameters: spec.parameters)
            guard again == checked else { fatalError("\(spec.name): checked twice, \(checked) became \(again)") }
        } catch {
            fatalError("\(spec.name): \(checked), which the check let through, is refused when checked again: \(error)")
        }
        guard let command = spec.command else { return }
        // tapScreen's place: refused by the tool unless it is a label or a point; a label is
        // turned into the point by asking the daemon, so only a point goes to the codec as is.
        if command == .tapScreen {
            guard let place = try? ToolRunner.screenPlace(of: checked), place == .point else { return }
        }
        guard let body = try? JSONEncoder().encode(Value.object(checked)) else {
            fatalError("\(spec.name): the checked arguments \(checked) cannot be written as JSON")
        }
        let frames = Envelope(header: Header(id: "m1", type: command.rawValue, time: 0), body: Array(body)).frames(
            signingWith: nil)
        if case .refused(_, _, let error) = ControlCodec().decode(frames) {
            fatalError(
                "\(spec.name): the arguments \(String(decoding: body, as: UTF8.self)) pass msghost-mcp's check but the daemon's codec refuses them: \(error)"
            )
        }
    }
}
