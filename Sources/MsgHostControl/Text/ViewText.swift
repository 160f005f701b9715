import Foundation
import MsgHostProtocol

/// The view an app declared (`setView`, PROTOCOL.md §4.9) as text, one element a line,
/// indented by row: texts, images, buttons with their ids, inputs with their values. Shared by
/// `msghostctl view` and msghost-mcp, whose readers (a person, a model) act on the ids shown.
public enum ViewText {
    public static func describe(_ result: ViewResult, device: String) -> String {
        guard let app = result.app, let instance = result.instance else { return "no app is open on \(device)" }
        let head = "\(app) on \(device) (\(result.presentationStyle?.rawValue ?? "?"), instance \(instance))"
        guard let view = result.view else { return head + ": no view set" }
        return ([head + ":"] + Self.lines(view.elements, indent: "  ")).joined(separator: "\n")
    }

    public static func lines(_ elements: [ViewElement], indent: String) -> [String] {
        elements.flatMap { element -> [String] in
            switch element {
            case .text(let text, let style):
                return ["\(indent)text\(style.map { " (\($0.rawValue))" } ?? ""): \(text)"]
            case .image(let image, let label, let width, let height):
                return [
                    "\(indent)image\(Self.size(width, height)): \(image.url ?? "?")\(label.map { " — \($0)" } ?? "")"
                ]
            case .sticker(let image, let index, let label, let width, let height):
                return [
                    "\(indent)sticker \(index)\(Self.size(width, height)): \(image.url ?? "?")\(label.map { " — \($0)" } ?? "") (tap or peel it: open the stickers, then choose sticker \(index))"
                ]
            case .choice(let id, let options, let selected, let style):
                let list = options.map {
                    $0.id == selected ? "(•) \($0.title) [\($0.id)]" : "( ) \($0.title) [\($0.id)]"
                }.joined(separator: "  ")
                return ["\(indent)choice \(id)\(style == .picker ? " (picker)" : ""): \(list)"]
            case .toggle(let id, let title, let on):
                return ["\(indent)toggle \(id): \(title) [\(on == true ? "on" : "off")]"]
            case .date(let id, let title, let mode, let value, let minimum, let maximum):
                let mode = mode ?? .date
                let range = minimum == nil && maximum == nil ? "" : " from \(minimum ?? "any") to \(maximum ?? "any")"
                return [
                    "\(indent)\(mode.rawValue) \(id)\(title.map { " (\($0))" } ?? ""): \(value ?? "unset") as \(mode.format)\(range)"
                ]
            case .button(let id, let title, let payload, let enabled):
                let payloadText =
                    payload.map { " payload \(String(decoding: WireJSON.encode($0), as: UTF8.self))" } ?? ""
                return ["\(indent)[\(title)] button \(id)\(enabled == false ? " (disabled)" : "")\(payloadText)"]
            case .textField(let id, let placeholder, let text):
                return [
                    "\(indent)text field \(id): \"\(text ?? "")\"\(placeholder.map { " (placeholder: \($0))" } ?? "")"
                ]
            case .row(let children):
                return ["\(indent)row:"] + Self.lines(children, indent: indent + "  ")
            case .screen(let image, let width, let height, let items):
                return ["\(indent)screen \(width)×\(height) points: \(image.url ?? "?") (tap it at a point: tapScreen)"]
                    + items.map { "\(indent)  \(Self.item($0))" }
            }
        }
    }

    /// `[Send] button at 10,20 80×40` — the frame in the screen's points, its label in brackets.
    public static func item(_ item: ScreenItem) -> String {
        func number(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(format: "%.1f", value)
        }
        let label = item.label.map { "[\($0)] " } ?? ""
        let value = item.value.map { item.role == .textField ? " \"\($0)\"" : " (\($0))" } ?? ""
        let place = "at \(number(item.x)),\(number(item.y)) \(number(item.width))×\(number(item.height))"
        return "\(label)\(item.role.rawValue)\(value) \(place)\(item.enabled == false ? " (disabled)" : "")"
    }

    public static func size(_ width: Int?, _ height: Int?) -> String {
        width.map { w in height.map { h in " \(w)×\(h)" } ?? " \(w) wide" } ?? height.map { " \($0) high" } ?? ""
    }
}
