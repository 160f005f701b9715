import ArgumentParser
import MsgHostProtocol

/// The parent app and its compose sheet (PROTOCOL.md §4.10), as the user plays them:
/// `msghostctl parent-app open com.example.app --device kate-iphone`,
/// `msghostctl compose send --device kate-iphone`.
struct ParentApp: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parent-app",
        abstract:
            "Open or close an app's parent app on a device (its containing app, which can present a compose sheet).",
        subcommands: [OpenApp.self, CloseApp.self])

    struct OpenApp: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "open",
            abstract: "Bring the app's parent app to the foreground of a device (started if needed).")
        @Argument(help: "The app's bundle id.") var app: String
        @Option(help: "The device.") var device: String
        @OptionGroup var connection: Connection

        func run() throws {
            try self.connection.call(
                .openParentApp, ParentAppRequest(device: self.device, app: self.app), as: ParentAppResult.self,
                causes: true
            ) {
                "\(self.app)'s parent app is in the foreground of \(self.device) (instance \($0.instance))"
            }
        }
    }

    struct CloseApp: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "close",
            abstract: "Close the parent app in the foreground of a device (a sheet it had up is cancelled).")
        @Option(help: "The device.") var device: String
        @OptionGroup var connection: Connection

        func run() throws {
            try self.connection.call(.closeParentApp, DeviceRequest(device: self.device), as: Empty.self, causes: true)
            { _ in "closed the parent app on \(self.device)" }
        }
    }
}

/// The compose sheet: show it, or tap Send or Cancel on it.
struct Compose: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the compose sheet a parent app presented on a device (no action), or tap Send or Cancel on it.")
    @Argument(help: "show, send or cancel.") var action: String
    @Option(help: "The device.") var device: String
    @OptionGroup var connection: Connection

    func validate() throws {
        guard ["show", "send", "cancel"].contains(self.action) else {
            throw ValidationError("action must be show, send or cancel; got \(self.action)")
        }
    }

    func run() throws {
        guard let action = ComposeAction(rawValue: self.action) else {
            try self.connection.call(.composeSheet, DeviceRequest(device: self.device), as: ComposeSheetResult.self) {
                result in
                guard let sheet = result.sheet else {
                    return result.parentApp.map { "\($0) is in the foreground of \(self.device); no sheet is up" }
                        ?? "no parent app is in the foreground of \(self.device)"
                }
                var lines = ["\(sheet.app) presents a sheet to \(sheet.recipients.joined(separator: ", "))"]
                if let body = sheet.body { lines.append("  text: \(body)") }
                if let message = sheet.message {
                    lines.append(
                        "  message: \(message.rendered?.caption ?? message.rendered?.summaryText ?? "(no caption)") [\(message.rendering ?? message.kind)]"
                    )
                }
                return lines.joined(separator: "\n")
            }
            return
        }
        try self.connection.call(
            .compose, ComposeRequest(device: self.device, action: action), as: ComposeResult.self, causes: true
        ) { result in
            switch result.result {
            case .sent: "sent to \(result.conversation ?? "?")"
            case .cancelled: "cancelled"
            case .failed: "failed: \(result.reason ?? "")"
            }
        }
    }
}
