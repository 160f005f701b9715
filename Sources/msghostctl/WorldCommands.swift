import ArgumentParser
import MsgHostProtocol

struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "The daemon, its running extensions and its counters.")
    @OptionGroup var connection: Connection

    func run() throws {
        try self.connection.call(.status, as: StatusResult.self) { status in
            var lines = [
                "msghostd pid \(status.daemon.pid), protocol \(status.daemon.protocol), up \(status.daemon.uptimeMs / 1000) s"
            ]
            if status.extensions.isEmpty { lines.append("no extension running") }
            lines[0] += ", \(status.daemon.clock) clock"
            for ext in status.extensions {
                let memory = ext.memoryBytes.map { " \($0 >> 20) MiB," } ?? ""
                let uptime = ext.uptimeMs.map { " up \($0) ms," } ?? ""
                lines.append(
                    "  \(ext.app)\(ext.role == "parentApp" ? " (parent app)" : "") on \(ext.device): \(ext.state)\(ext.attached == true ? " (attached)" : ""), pid \(ext.pid.map(String.init) ?? "-"),\(uptime)\(memory) instances \(ext.instances.joined(separator: " "))"
                )
            }
            for quarantined in status.quarantined { lines.append("  quarantined: \(quarantined)") }
            for (name, value) in status.counters.sorted(by: { $0.key < $1.key }) { lines.append("  \(name): \(value)") }
            return lines.joined(separator: "\n")
        }
    }
}

struct World: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List people, devices, conversations, apps and installs.")
    @OptionGroup var connection: Connection

    func run() throws {
        try self.connection.call(.world, as: WorldResult.self) { world in
            var lines = ["people:"]
            lines += world.people.map { "  \($0.handle)  \($0.name)" }
            lines.append("devices:")
            lines += world.devices.map { "  \($0.id)  \($0.model.name), \($0.platform.rawValue), owned by \($0.owner)" }
            lines.append("conversations:")
            lines += world.conversations.map { "  \($0.id)  \($0.members.joined(separator: ", "))" }
            lines.append("apps:")
            lines += world.apps.map { "  \($0.bundleID)  \($0.displayName)" }
            lines.append("installs:")
            lines += world.installs.map { "  \($0.app) on \($0.device)  (install \($0.id))" }
            return lines.joined(separator: "\n")
        }
    }
}

struct Person: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "person", abstract: "Create a person.", subcommands: [Create.self])

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a person with an iMessage handle and a name.")
        @Argument(help: "The handle, e.g. amber@example.com.") var handle: String
        @Argument(help: "The display name, e.g. Amber.") var name: String
        @OptionGroup var connection: Connection

        func run() throws {
            try self.connection.call(
                .createPerson, CreatePersonRequest(handle: self.handle, name: self.name), as: PersonResult.self
            ) {
                "created \($0.person.handle) (\($0.person.name))"
            }
        }
    }
}

struct DeviceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "device", abstract: "Create a device.", subcommands: [Create.self])

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a device owned by a person.")
        @Argument(help: "The device id, e.g. amber-iphone.") var id: String
        @Option(help: "The owner's handle.") var owner: String
        @Option(help: "ios17, ios11, ios10, macos, watchos or legacy.") var platform: String = "ios17"
        @Option(
            help:
                "The hardware, which gives its apps their screen: \(DeviceModel.allCases.map(\.rawValue).joined(separator: ", "))."
        ) var model: String = DeviceModel.default.rawValue
        @OptionGroup var connection: Connection

        func run() throws {
            guard let platform = Platform(rawValue: self.platform) else {
                throw ValidationError(
                    "--platform must be one of \(Platform.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            guard let model = DeviceModel(rawValue: self.model) else {
                throw ValidationError(
                    "--model must be one of \(DeviceModel.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            try self.connection.call(
                .createDevice, CreateDeviceRequest(id: self.id, owner: self.owner, platform: platform, model: model),
                as: DeviceResult.self
            ) {
                "created \($0.device.id) (\($0.device.model.name), \($0.device.platform.rawValue)) for \($0.device.owner)"
            }
        }
    }
}

struct ConversationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conversation", abstract: "Create a conversation; add or remove a member.",
        subcommands: [Create.self, AddMember.self, RemoveMember.self])

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a conversation between two or more people.")
        @Argument(help: "The members' handles.") var members: [String]
        @Option(help: "The conversation id (default: a new UUID).") var id: String?
        @OptionGroup var connection: Connection

        func run() throws {
            try self.connection.call(
                .createConversation, CreateConversationRequest(members: self.members, id: self.id),
                as: ConversationResult.self
            ) {
                "created conversation \($0.conversation.id)"
            }
        }
    }
}

struct Install: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Install an app on a device (a new install gets new participant identifiers).")
    @Argument(help: "The app's bundle id.") var app: String
    @Option(help: "The device.") var device: String
    @OptionGroup var connection: Connection

    func run() throws {
        try self.connection.call(
            .installApp, DeviceAppRequest(device: self.device, app: self.app), as: InstallResult.self
        ) {
            "installed \($0.install.app) on \($0.install.device) (install \($0.install.id))"
        }
    }
}

struct Uninstall: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Uninstall an app from a device.")
    @Argument(help: "The app's bundle id.") var app: String
    @Option(help: "The device.") var device: String
    @OptionGroup var connection: Connection

    func run() throws {
        try self.connection.call(.uninstallApp, DeviceAppRequest(device: self.device, app: self.app), as: Empty.self) {
            _ in
            "uninstalled \(self.app) from \(self.device)"
        }
    }
}

struct Participants: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The participant identifier each person has as one install sees them.")
    @Argument(help: "The app's bundle id.") var app: String
    @Option(help: "The device.") var device: String
    @OptionGroup var connection: Connection

    func run() throws {
        try self.connection.call(
            .participants, DeviceAppRequest(device: self.device, app: self.app), as: ParticipantsResult.self
        ) { result in
            (["install \(result.install.id)"] + result.participants.map { "  \($0.identifier)  \($0.person)" }).joined(
                separator: "\n")
        }
    }
}
