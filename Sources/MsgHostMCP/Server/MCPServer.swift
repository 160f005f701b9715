import MCP

/// The MCP server: msghost-mcp's tools and resources, over a transport (stdio in msghost-mcp).
public enum MCPServer {
    /// What an agent reads first: what msghost is and how to play it.
    static let instructions = """
        msghost emulates Apple's Messages for iMessage-app extensions: people, their devices, \
        conversations and apps. You play the users: `world` lists who and what exists; `show` a \
        conversation on a device, `open` an app there, press the buttons of the view it declares \
        (`activate`, ids as `view` or any action's screens show them), `send` what it staged, `tap` a \
        bubble on another device. Every action answers with the events it caused (refusals with \
        Apple's code and name, e.g. 9 sendWithoutRecentInteraction) and what every device of the \
        conversation now shows.
        """

    /// A server with every tool and resource, running `runner` and `resources` against one daemon.
    public static func make(runner: ToolRunner, resources: ResourceCatalog, version: String) async -> Server {
        let server = Server(
            name: "msghost-mcp", version: version, instructions: instructions,
            capabilities: .init(
                resources: .init(subscribe: false, listChanged: false), tools: .init(listChanged: false))
        )
        await server.withMethodHandler(ListTools.self) { _ in
            .init(tools: ToolCatalog.all.map(\.tool))
        }
        await server.withMethodHandler(CallTool.self) { parameters in
            try await runner.call(parameters.name, arguments: parameters.arguments)
        }
        await server.withMethodHandler(ListResources.self) { _ in
            .init(resources: try await resources.list(), nextCursor: nil)
        }
        await server.withMethodHandler(ListResourceTemplates.self) { _ in
            .init(templates: ResourceCatalog.templates)
        }
        await server.withMethodHandler(ReadResource.self) { parameters in
            .init(contents: try await resources.read(parameters.uri))
        }
        return server
    }
}
