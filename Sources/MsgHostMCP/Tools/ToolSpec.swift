import MCP
import MsgHostProtocol

/// A tool msghost-mcp offers: what it is called, what it does, its arguments, and how it is
/// carried out. Most stand for one control command (PROTOCOL.md §7) under the command's own
/// name, with the command's arguments; a few are msghost-mcp's own (a device's screens, the
/// recording's file, replay and export-test), which read or drive the daemon through those
/// commands or through msghostctl.
public struct ToolSpec: Sendable {
    /// What the answer holds besides the daemon's reply.
    public enum Group: String, Sendable, CaseIterable {
        /// People, devices, conversations, installs: the reply only.
        case world
        /// The user's actions: the reply, the events they caused, and every screen of the
        /// conversations concerned.
        case action
        /// The clock: as an action (deliveries and timers fall due).
        case time
        /// Reads: the reply, drawn as text where the daemon's JSON is hard to read.
        case observation
        /// The recording of a session, its file, replay and export.
        case recording
    }

    public var name: String
    /// The control command it stands for; nil for msghost-mcp's own tools.
    public var command: ControlCommand?
    public var group: Group
    public var summary: String
    public var parameters: [Parameter]
    /// True when it changes nothing (MCP's `readOnlyHint`).
    public var readOnly: Bool

    public init(
        _ name: String, command: ControlCommand?, _ group: Group, readOnly: Bool = false, _ summary: String,
        _ parameters: [Parameter]
    ) {
        self.name = name
        self.command = command
        self.group = group
        self.summary = summary
        self.parameters = parameters
        self.readOnly = readOnly
    }

    /// The tool as `tools/list` lists it.
    public var tool: Tool {
        Tool(
            name: self.name,
            description: self.summary,
            inputSchema: inputSchema(self.parameters),
            annotations: .init(readOnlyHint: self.readOnly, openWorldHint: false)
        )
    }

    /// Shows the daemon's reply with screens (actions and time).
    public var showsScreens: Bool { self.group == .action || self.group == .time }
}
