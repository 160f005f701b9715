import Foundation
import MCP
import MsgHostControl
import MsgHostProtocol

/// `tapScreen` by label: an agent reads "[Send] button at …" on a screen and taps "Send", as a
/// person taps the button titled Send, rather than working out its centre.
extension ToolRunner {
    enum Placed {
        case arguments([String: Value])
        /// What to answer instead: no item has the label (the answer lists those there are).
        case answer(CallTool.Result)
    }

    /// The arguments with `label` replaced by the centre of the item so labelled, read from
    /// control `view`. Exactly one of `label` and the point `x`, `y` is given, else the
    /// arguments are bad.
    func placingScreenLabel(_ arguments: [String: Value]) async throws -> Placed {
        let hasPoint = (arguments["x"] != nil, arguments["y"] != nil)
        guard case .string(let label)? = arguments["label"] else {
            guard hasPoint == (true, true) else { throw MCPError.invalidParams("tapScreen: give x and y, or label") }
            return .arguments(arguments)
        }
        guard hasPoint == (false, false) else { throw MCPError.invalidParams("tapScreen: give x and y, or label, not both") }
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
