import ArgumentParser
import Foundation
import MsgHostControl
import MsgHostProtocol

/// `msghostctl view DEVICE`: the view the app open on a device set (PROTOCOL.md §4.9), one
/// element a line, indented by row; `--json` prints the daemon's reply.
struct ViewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "view", abstract: "Show the view the app open on a device set (setView): texts, images, buttons, inputs, stickers.")
    @Argument(help: "The device.") var device: String
    @OptionGroup var connection: Connection

    func run() throws {
        try self.connection.call(.view, ViewRequest(device: self.device), as: ViewResult.self) { Self.describe($0, device: self.device) }
    }

    static func describe(_ result: ViewResult, device: String) -> String {
        guard let app = result.app, let instance = result.instance else { return "no app is open on \(device)" }
        let head = "\(app) on \(device) (\(result.presentationStyle?.rawValue ?? "?"), instance \(instance))"
        guard let view = result.view else { return head + ": no view set" }
        return ([head + ":"] + Self.lines(view.elements, indent: "  ")).joined(separator: "\n")
    }

    static func lines(_ elements: [ViewElement], indent: String) -> [String] {
        elements.flatMap { element -> [String] in
            switch element {
            case .text(let text, let style):
                return ["\(indent)text\(style.map { " (\($0.rawValue))" } ?? ""): \(text)"]
            case .image(let image, let label, let width, let height):
                return ["\(indent)image\(Self.size(width, height)): \(image.url ?? "?")\(label.map { " — \($0)" } ?? "")"]
            case .sticker(let image, let index, let label, let width, let height):
                return ["\(indent)sticker \(index)\(Self.size(width, height)): \(image.url ?? "?")\(label.map { " — \($0)" } ?? "") (tap or peel: msghostctl stickers, then sticker \(index))"]
            case .choice(let id, let options, let selected, let style):
                let list = options.map { $0.id == selected ? "(•) \($0.title) [\($0.id)]" : "( ) \($0.title) [\($0.id)]" }.joined(separator: "  ")
                return ["\(indent)choice \(id)\(style == .picker ? " (picker)" : ""): \(list)"]
            case .toggle(let id, let title, let on):
                return ["\(indent)toggle \(id): \(title) [\(on == true ? "on" : "off")]"]
            case .date(let id, let title, let mode, let value, let minimum, let maximum):
                let mode = mode ?? .date
                let range = minimum == nil && maximum == nil ? "" : " from \(minimum ?? "any") to \(maximum ?? "any")"
                return ["\(indent)\(mode.rawValue) \(id)\(title.map { " (\($0))" } ?? ""): \(value ?? "unset") as \(mode.format)\(range)"]
            case .button(let id, let title, let payload, let enabled):
                let payloadText = payload.map { " payload \(String(decoding: WireJSON.encode($0), as: UTF8.self))" } ?? ""
                return ["\(indent)[\(title)] button \(id)\(enabled == false ? " (disabled)" : "")\(payloadText)"]
            case .textField(let id, let placeholder, let text):
                return ["\(indent)text field \(id): \"\(text ?? "")\"\(placeholder.map { " (placeholder: \($0))" } ?? "")"]
            case .row(let children):
                return ["\(indent)row:"] + Self.lines(children, indent: indent + "  ")
            }
        }
    }

    static func size(_ width: Int?, _ height: Int?) -> String {
        width.map { w in height.map { h in " \(w)×\(h)" } ?? " \(w) wide" } ?? height.map { " \($0) high" } ?? ""
    }
}

/// `msghostctl activate DEVICE BUTTON [--field id=value …]`: a user touch on a button of the
/// open app's view, with what the user typed or picked in its inputs: a text field's text, a
/// choice's option id, a toggle's `true`/`false`, a date as its mode's format (`2026-12-24`).
struct Activate: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Activate a button of the view of the app open on a device (a user touch with the button's payload).")
    @Argument(help: "The device.") var device: String
    @Argument(help: "The button's id (see `msghostctl view`).") var button: String
    @Option(name: .customLong("field"), help: "An input's value, as id=value: a text field's text, a choice's option id, a toggle's true or false, a date as YYYY-MM-DD (time HH:MM, both YYYY-MM-DDTHH:MM) (repeatable).") var fields: [String] = []
    @OptionGroup var connection: Connection

    func run() throws {
        var typed: [String: String] = [:]
        for field in self.fields {
            guard let equals = field.firstIndex(of: "="), equals != field.startIndex else {
                throw ValidationError("--field must be id=value, not \"\(field)\"")
            }
            typed[String(field[..<equals])] = String(field[field.index(after: equals)...])
        }
        let request = ActivateRequest(device: self.device, button: self.button, fields: typed.isEmpty ? nil : typed)
        try self.connection.call(.activate, request, as: Empty.self) { _ in "activated \(self.button) on \(self.device)" }
    }
}
