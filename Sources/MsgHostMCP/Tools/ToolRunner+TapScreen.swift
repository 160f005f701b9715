import Foundation
import MCP
import MsgHostControl
import MsgHostProtocol

/// `tapScreen` by label: an agent reads "[Send] button at …" on a screen and taps "Send", as a
/// person taps the button titled Send, rather than working out its centre.
extension ToolRunner {
    /// How checked `tapScreen` arguments name the place: by label, or by the point.
    public enum ScreenPlace: Equatable { case label(String), point }

    /// Exactly one of `label` and the point `x`, `y`; else the arguments are bad (what the
    /// tool answers before anything reaches the daemon, and what its fuzz target holds it to).
    public static func screenPlace(of arguments: [String: Value]) throws -> ScreenPlace {
        let hasPoint = (arguments["x"] != nil, arguments["y"] != nil)
        if case .string(let label)? = arguments["label"] {
            guard hasPoint == (false, false) else { throw MCPError.invalidParams("tapScreen: give x and y, or label, not both") }
            return .label(label)
        }
        guard hasPoint == (true, true) else { throw MCPError.invalidParams("tapScreen: give x and y, or label") }
        return .point
    }

    enum Placed {
        case arguments([String: Value])
        /// What to answer instead: no item has the label (the answer lists those there are).
        case answer(CallTool.Result)
    }

    /// The arguments with `label` replaced by the centre of the item so labelled, read from
    /// control `view`. Exactly one of `label` and the point `x`, `y` is given, else the
    /// arguments are bad.
    func placingScreenLabel(_ arguments: [String: Value]) async throws -> Placed {
        guard case .label(let label) = try Self.screenPlace(of: arguments) else { return .arguments(arguments) }
        let device = arguments["device"]?.stringValue ?? ""
        let view: ViewResult
        do {
            view = try await self.link.request(.view, DeviceRequest(device: device), as: ViewResult.self)
        } catch {
            return .answer(Self.text("tapScreen on \(device): \(Self.failure(error))", isError: true))
        }
        switch view.screenItem(labelled: label) {
        case .success(let item):
            var placed = arguments
            placed["label"] = nil
            (placed["x"], placed["y"]) = (.double(item.center.x), .double(item.center.y))
            return .arguments(placed)
        case .failure(let missing):
            return .answer(Self.text("tapScreen on \(device): \(missing)", isError: true))
        }
    }
}
