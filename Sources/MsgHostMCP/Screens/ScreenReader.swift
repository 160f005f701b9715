import MsgHostControl
import MsgHostProtocol

/// Reads what devices show, through the documented control requests only (`world`,
/// `transcript`, `inputField`, `view`, and `file` for the images entries show), for the
/// answers of user actions and the screen resources.
public struct ScreenReader: Sendable {
    let link: ControlLink
    /// How many of the newest transcript entries a screen shows.
    public let entries: Int

    public init(link: ControlLink, entries: Int) {
        self.link = link
        self.entries = entries
    }

    /// Every device of every member of `conversation`: each has its own view of it (SPEC §1),
    /// with its own contact names.
    public func screens(of conversation: String, world: WorldResult) async -> [DeviceScreen] {
        guard let members = world.conversations.first(where: { $0.id == conversation })?.members else { return [] }
        var screens: [DeviceScreen] = []
        for device in world.devices where members.contains(device.owner) {
            screens.append(await self.screen(device: device.id, conversation: conversation, world: world))
        }
        return screens
    }

    /// What `device` shows of `conversation`. A part the daemon refuses (a conversation the
    /// owner left has no input field) says why instead.
    public func screen(device: String, conversation: String, world: WorldResult) async -> DeviceScreen {
        let owner = world.devices.first { $0.id == device }.flatMap { device in
            world.people.first { $0.handle == device.owner }?.name
        }
        let transcript = try? await self.link.request(
            .transcript, TranscriptRequest(device: device, conversation: conversation, limit: self.entries),
            as: TranscriptResult.self)
        var field: InputFieldResult?
        var note: String?
        do {
            field = try await self.link.request(
                .inputField, ConversationViewRequest(device: device, conversation: conversation),
                as: InputFieldResult.self)
        } catch let error as WireError {
            note = "(none: \(error.description))"
        } catch {
            note = "(not read: \(error))"
        }
        let view = try? await self.link.request(.view, DeviceRequest(device: device), as: ViewResult.self)
        var screen = DeviceScreen(
            device: device, owner: owner, conversation: conversation, transcript: transcript, inputField: field,
            inputFieldNote: note, view: view)
        screen.images = await self.images(of: screen.entries)
        return screen
    }

    /// The images `entries` show, each once, in order. One the daemon does not give (removed
    /// since, over `file`'s limit) is left out, and the screen names it without a size.
    func images(of entries: [TranscriptEntryValue]) async -> [ScreenImage] {
        var images: [ScreenImage] = []
        for url in entries.compactMap(Bubbles.imageURL) where !images.contains(where: { $0.url == url }) {
            if let file = try? await self.link.request(.file, FileRequest(url: url), as: FileResult.self) {
                let shown = entries.filter { Bubbles.imageURL(of: $0) == url }.map(\.entry)
                images.append(ScreenImage(url: url, entries: shown, mimeType: file.mimeType, data: file.data))
            }
        }
        return images
    }

    /// The conversations `device`'s owner is a member of.
    public static func conversations(of device: String, world: WorldResult) -> [String] {
        guard let owner = world.devices.first(where: { $0.id == device })?.owner else { return [] }
        return world.conversations.filter { $0.members.contains(owner) }.map(\.id)
    }
}
