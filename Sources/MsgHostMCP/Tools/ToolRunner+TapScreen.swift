import Foundation
import MCP
import MsgHostControl
import MsgHostProtocol

/// `tapScreen` by label: an agent reads "[Send] button at …" on a screen and taps "Send", as a
/// person taps the button titled Send, rather than working out its centre; and drags one item
/// onto another (`toLabel`), as a person moves a piece onto a square.
extension ToolRunner {
    /// How checked `tapScreen` arguments name the place: by label, or by the point.
    public enum ScreenPlace: Equatable {
        case label(String)
        case point
    }

    /// Where a checked `tapScreen` starts (exactly one of `label` and the point `x`, `y`) and,
    /// for a drag, where it ends (one of `toLabel` and `to`); else the arguments are bad (what
    /// the tool answers before anything reaches the daemon, and what its fuzz target holds it
    /// to). A drag is neither long nor typed into, and only a drag has `steps`.
    public static func screenPlaces(of arguments: [String: Value]) throws -> (start: ScreenPlace, end: ScreenPlace?) {
        let hasPoint = (arguments["x"] != nil, arguments["y"] != nil)
        let start: ScreenPlace
        if case .string(let label)? = arguments["label"] {
            guard hasPoint == (false, false) else {
                throw MCPError.invalidParams("tapScreen: give x and y, or label, not both")
            }
            start = .label(label)
        } else {
            guard hasPoint == (true, true) else { throw MCPError.invalidParams("tapScreen: give x and y, or label") }
            start = .point
        }
        let end: ScreenPlace?
        switch (arguments["to"], arguments["toLabel"]) {
        case (nil, nil): end = nil
        case (_?, nil): end = .point
        case (nil, .string(let label)?): end = .label(label)
        default: throw MCPError.invalidParams("tapScreen: give to, or toLabel, not both")
        }
        if end != nil, arguments["long"] == .bool(true) {
            throw MCPError.invalidParams("tapScreen: long: a drag (to, toLabel) is not a long press")
        }
        if end != nil, arguments["text"] != nil {
            throw MCPError.invalidParams("tapScreen: text: nothing is typed after a drag (to, toLabel)")
        }
        if end == nil, arguments["steps"] != nil {
            throw MCPError.invalidParams("tapScreen: steps: only for a drag (to, toLabel)")
        }
        return (start, end)
    }

    /// `.point` when every place the arguments name is a point (they may go to the daemon as
    /// they are); else the first label.
    public static func screenPlace(of arguments: [String: Value]) throws -> ScreenPlace {
        let places = try Self.screenPlaces(of: arguments)
        if case .label = places.start { return places.start }
        return places.end ?? .point
    }

    enum Placed {
        case arguments([String: Value])
        /// What to answer instead: no item has the label (the answer lists those there are).
        case answer(CallTool.Result)
    }

    /// The arguments with `label` (and `toLabel`) replaced by the centre of the item so
    /// labelled, read from control `view`.
    func placingScreenLabel(_ arguments: [String: Value]) async throws -> Placed {
        let places = try Self.screenPlaces(of: arguments)
        guard try Self.screenPlace(of: arguments) != .point else { return .arguments(arguments) }
        let device = arguments["device"]?.stringValue ?? ""
        let view: ViewResult
        do {
            view = try await self.link.request(.view, DeviceRequest(device: device), as: ViewResult.self)
        } catch {
            return .answer(Self.text("tapScreen on \(device): \(Self.failure(error))", isError: true))
        }
        var placed = arguments
        for (place, key) in [(places.start, "label"), (places.end, "toLabel")] {
            guard case .label(let label)? = place else { continue }
            switch view.screenItem(labelled: label) {
            case .success(let item):
                placed[key] = nil
                if key == "label" {
                    (placed["x"], placed["y"]) = (.double(item.center.x), .double(item.center.y))
                } else {
                    placed["to"] = ["x": .double(item.center.x), "y": .double(item.center.y)]
                }
            case .failure(let missing):
                return .answer(Self.text("tapScreen on \(device): \(missing)", isError: true))
            }
        }
        return .arguments(placed)
    }
}
