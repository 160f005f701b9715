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
        try self.connection.call(.view, ViewRequest(device: self.device), as: ViewResult.self) { ViewText.describe($0, device: self.device) }
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
        try self.connection.call(.activate, request, as: Empty.self, causes: true) { _ in "activated \(self.button) on \(self.device)" }
    }
}
