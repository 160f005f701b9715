import Foundation
import MCP
import MsgHostControl
import MsgHostProtocol

/// The resources msghost-mcp offers: the world (JSON), each device's screen (text, as the
/// `screen` tool draws it) and the event stream's newest events (text). Each is read afresh
/// from the daemon when asked.
public struct ResourceCatalog: Sendable {
    let link: ControlLink
    let reader: ScreenReader
    /// How many of the newest events `msghost://events` shows.
    static let eventCount = 200

    public static let worldURI = "msghost://world"
    public static let eventsURI = "msghost://events"
    public static let screenPrefix = "msghost://screen/"

    public init(link: ControlLink, screenEntries: Int) {
        self.link = link
        self.reader = ScreenReader(link: link, entries: screenEntries)
    }

    public static let templates = [
        Resource.Template(
            uriTemplate: screenPrefix + "{device}", name: "screen", title: "A device's screen",
            description:
                "What a device shows, as text: its conversations' newest entries, input field, staged item and the open app's view.",
            mimeType: "text/plain")
    ]

    public func list() async throws -> [Resource] {
        var resources = [
            Resource(
                name: "world", uri: Self.worldURI,
                description: "People, devices, conversations, apps and installs (control world).",
                mimeType: "application/json"),
            Resource(
                name: "events", uri: Self.eventsURI,
                description: "The daemon's newest \(Self.eventCount) events, one a line (control events).",
                mimeType: "text/plain"),
        ]
        let world = try await self.world()
        for device in world.devices {
            resources.append(
                Resource(
                    name: "screen of \(device.id)", uri: Self.screenPrefix + device.id,
                    description: "What \(device.id) shows.", mimeType: "text/plain"))
        }
        return resources
    }

    public func read(_ uri: String) async throws -> [Resource.Content] {
        do {
            if uri == Self.worldURI {
                let reply = try await self.link.raw(.world, body: Array("{}".utf8))
                return [.text(ToolRunner.replyJSON(reply.body), uri: uri, mimeType: "application/json")]
            }
            if uri == Self.eventsURI {
                let result = try await self.link.request(.events, EventsRequest(), as: EventsResult.self)
                let lines = result.events.suffix(Self.eventCount).map(EventText.line)
                return [
                    .text((lines + ["next: \(result.next)"]).joined(separator: "\n"), uri: uri, mimeType: "text/plain")
                ]
            }
            if uri.hasPrefix(Self.screenPrefix) {
                let device = String(uri.dropFirst(Self.screenPrefix.count)).removingPercentEncoding ?? ""
                let world = try await self.world()
                guard world.devices.contains(where: { $0.id == device }) else {
                    throw MCPError.invalidParams("no device \"\(device)\" in the world: \(uri)")
                }
                var parts: [String] = []
                for conversation in ScreenReader.conversations(of: device, world: world) {
                    parts.append(
                        ScreenText.render(
                            await self.reader.screen(device: device, conversation: conversation, world: world)))
                }
                return [
                    .text(
                        parts.isEmpty ? "\(device) is in no conversation" : parts.joined(separator: "\n\n"), uri: uri,
                        mimeType: "text/plain")
                ]
            }
        } catch let error as MCPError {
            throw error
        } catch {
            throw MCPError.internalError("\(uri): \(ToolRunner.failure(error))")
        }
        throw MCPError.invalidParams(
            "unknown resource \(uri): msghost://world, msghost://events, msghost://screen/DEVICE")
    }

    private func world() async throws -> WorldResult {
        try await self.link.request(.world, MsgHostProtocol.Empty(), as: WorldResult.self)
    }
}
