import ArgumentParser
import Foundation
import MsgHostControl
import MsgHostProtocol

/// `msghostctl view DEVICE`: the view the app open on a device set (PROTOCOL.md §4.9), one
/// element a line, indented by row; `--json` prints the daemon's reply.
struct ViewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "view",
        abstract: "Show the view the app open on a device set (setView): texts, images, buttons, inputs, stickers.")
    @Argument(help: "The device.") var device: String
    @OptionGroup var connection: Connection

    func run() throws {
        try self.connection.call(.view, ViewRequest(device: self.device), as: ViewResult.self) {
            ViewText.describe($0, device: self.device)
        }
    }
}

/// `msghostctl activate DEVICE BUTTON [--field id=value …]`: a user touch on a button of the
/// open app's view, with what the user typed or picked in its inputs: a text field's text, a
/// choice's option id, a toggle's `true`/`false`, a date as its mode's format (`2026-12-24`).
struct Activate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Activate a button of the view of the app open on a device (a user touch with the button's payload).")
    @Argument(help: "The device.") var device: String
    @Argument(help: "The button's id (see `msghostctl view`).") var button: String
    @Option(
        name: .customLong("field"),
        help:
            "An input's value, as id=value: a text field's text, a choice's option id, a toggle's true or false, a date as YYYY-MM-DD (time HH:MM, both YYYY-MM-DDTHH:MM) (repeatable)."
    ) var fields: [String] = []
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
        try self.connection.call(.activate, request, as: Empty.self, causes: true) { _ in
            "activated \(self.button) on \(self.device)"
        }
    }
}

struct TapScreen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tap-screen",
        abstract:
            "Tap the open app's own screen (drawn from its UIKit views) at a point or on an item by its label, or drag from there (a user touch).",
        discussion: """
            `msghostctl view DEVICE` lists what is on the screen, with frames: `--label Send` taps the centre of the item labelled exactly Send. \
            With `--to X,Y` (or `--to-label LABEL`, an item's centre) the finger drags from that point to there through `--steps` moves \
            (1–100, default 10) and lifts: touchesBegan, touchesMoved, touchesEnded, or a pan gesture, as the app's views take it.
            """)
    @Argument(help: "The device.") var device: String
    @Option(help: "The point, as X,Y in the screen's points from its top left.") var at: String?
    @Option(
        help:
            "The label of the item to tap (a button's title, a label's text, a field's placeholder), as `view` shows it."
    ) var label: String?
    @Flag(help: "A long press instead of a tap.") var long = false
    @Option(help: "Text to type after the tap, into what it focused (a text field); \\n is the return key.") var text:
        String?
    @Option(help: "Drag to this point (X,Y) instead of tapping.") var to: String?
    @Option(name: .customLong("to-label"), help: "Drag to the centre of the item with this label instead of tapping.")
    var toLabel: String?
    @Option(help: "How many moves the drag makes on its way (1–100; default 10).") var steps: Int?
    @OptionGroup var connection: Connection

    func run() throws {
        let point: (x: Double, y: Double)
        switch (self.at, self.label) {
        case (let at?, nil): point = try Self.point(at, option: "--at")
        case (nil, let label?): point = try self.centre(of: label)
        default: throw ValidationError("give one of --at X,Y and --label LABEL")
        }
        let end: (x: Double, y: Double)?
        switch (self.to, self.toLabel) {
        case (nil, nil): end = nil
        case (let to?, nil): end = try Self.point(to, option: "--to")
        case (nil, let label?): end = try self.centre(of: label)
        default: throw ValidationError("give one of --to X,Y and --to-label LABEL")
        }
        if end != nil, self.long { throw ValidationError("--long: a drag (--to) is not a long press") }
        if end != nil, self.text != nil {
            throw ValidationError("--text: nothing is typed after a drag (--to); tap the field, then type")
        }
        if end == nil, self.steps != nil { throw ValidationError("--steps: only for a drag (--to or --to-label)") }
        if let steps = self.steps, !TapScreenRequest.dragSteps.contains(steps) {
            throw ValidationError("--steps must be from 1 to 100, not \(steps)")
        }
        let request = TapScreenRequest(
            device: self.device, x: point.x, y: point.y, long: self.long ? true : nil,
            text: self.text.map { $0.replacingOccurrences(of: "\\n", with: "\n") },
            to: end.map { ScreenPoint(x: $0.x, y: $0.y) }, steps: self.steps)
        let what = self.label.map { "\"\($0)\"" } ?? "\(point.x),\(point.y)"
        let done: String
        if let end {
            done =
                "dragged \(what) to \(self.toLabel.map { "\"\($0)\"" } ?? "\(end.x),\(end.y)") on \(self.device)'s app"
        } else {
            done = "\(self.long ? "pressed" : "tapped") \(what) on \(self.device)'s app"
        }
        try self.connection.call(.tapScreen, request, as: Empty.self, causes: true) { _ in done }
    }

    /// `text` as a point, X,Y (two finite numbers), or a mistake naming `option`.
    private static func point(_ text: String, option: String) throws -> (x: Double, y: Double) {
        let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let x = parts[0], let y = parts[1], x.isFinite, y.isFinite else {
            throw ValidationError("\(option) must be X,Y (two numbers), not \"\(text)\"")
        }
        return (x, y)
    }

    /// The centre of the screen item labelled `label`, read from control `view`.
    private func centre(of label: String) throws -> (x: Double, y: Double) {
        let result: ViewResult
        do {
            result = try self.connection.client().request(
                .view, DeviceRequest(device: self.device), as: ViewResult.self, timeout: self.connection.timeout)
        } catch let error as WireError {
            FileHandle.standardError.write(
                Data("msghostctl: view: \(error.description) (\(error.domain) \(error.code) \(error.name))\n".utf8))
            throw ExitCode(1)
        } catch let error as ControlClient.TransportError {
            FileHandle.standardError.write(Data("msghostctl: \(error.description)\n".utf8))
            throw ExitCode(2)
        }
        switch result.screenItem(labelled: label) {
        case .success(let item): return item.center
        case .failure(let missing):
            FileHandle.standardError.write(
                Data(
                    "msghostctl: tap-screen: \(missing.description.replacingOccurrences(of: "on the screen", with: "on the screen of \(self.device)'s app"))\n"
                        .utf8))
            throw ExitCode(3)
        }
    }
}
